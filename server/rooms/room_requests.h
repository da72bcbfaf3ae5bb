// What an in-room request needs before its handler runs, as data: each line of the request
// table (room_requests.cpp) names its needs and the reader of its fields (request.h), and
// Room checks them once, in the fixed order of docs/architecture.md (well-formed, seat, game
// running and not over, turn, version, review). A request's fields are read once by its
// line's reader: first when the line says kFieldsFirst (a move), else after the line's
// needs, so a sender who may not ask costs no reading; a malformed one is refused there.
#pragma once

#include <cstdint>

namespace banmen::server {

// What a request needs, checked in this order (each with its own error code).
enum Needs : std::uint16_t {
  kNothing = 0,
  kFieldsFirst = 1 << 0,    // fields before anything else (a move's text, version and id)
  kHost = 1 << 1,           // the room's host: not_host (spectators included)
  kSeat = 1 << 2,           // a player, not a spectator: not_a_player
  kFirstTime = 1 << 3,      // a resent move_id is acknowledged again, not applied twice
  kStarted = 1 << 4,        // both players arrived: game_not_started
  kNotOver = 1 << 5,        // the game is not over: game_over
  kAfterGame = 1 << 6,      // the game is over: game_in_progress
  kNoGameRunning = 1 << 7,  // waiting or over: game_in_progress
  kTurn = 1 << 8,           // the sender's seat is to move: not_your_turn
  kFreshVersion = 1 << 9,   // the client saw the current position: stale_version
  kReviewOpen = 1 << 10,    // the game's review is open: no_review
  kReviewDriver = 1 << 11,  // a player, or a spectator the players let drive: not_a_player
                            // (with no review, a spectator may not drive: not_a_player)
  kNotAdjourned = 1 << 12,  // the game is not adjourned (waiting for both players): game_adjourned
  kPlaceFree = 1 << 13,     // no game yet and the second place free: room_full
};

}  // namespace banmen::server

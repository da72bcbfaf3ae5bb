// Every error code the server sends in an `error` message (docs/protocol.md, "error"), by
// name. The rules core's own codes (bad_move, illegal_move, game_over, unknown_game,
// not_implemented, unsupported, unknown_handicap, bad_position) live in core/result.h,
// bad_variant in games/variant_error.h, review_limit and
// unknown_node in core/variation_tree.h; this header adds the protocol's and lists them all,
// so a test can hold the list and the protocol's table to each other.
#pragma once

#include <array>
#include <string_view>

#include "core/result.h"
#include "core/variation_tree.h"
#include "games/variant_error.h"

namespace banmen::errc {
inline constexpr const char* bad_request = "bad_request";
inline constexpr const char* unknown_type = "unknown_type";
inline constexpr const char* no_such_room = "no_such_room";
inline constexpr const char* room_full = "room_full";
inline constexpr const char* spectators_full = "spectators_full";
inline constexpr const char* bad_token = "bad_token";
inline constexpr const char* bad_device_link = "bad_device_link";
inline constexpr const char* bad_name = "bad_name";
inline constexpr const char* not_in_room = "not_in_room";
inline constexpr const char* not_a_player = "not_a_player";
inline constexpr const char* not_host = "not_host";
inline constexpr const char* game_not_started = "game_not_started";
inline constexpr const char* game_in_progress = "game_in_progress";
inline constexpr const char* not_your_turn = "not_your_turn";
inline constexpr const char* stale_version = "stale_version";
inline constexpr const char* no_offer = "no_offer";
inline constexpr const char* takebacks_disabled = "takebacks_disabled";
inline constexpr const char* nothing_to_take_back = "nothing_to_take_back";
inline constexpr const char* too_late_to_abort = "too_late_to_abort";
inline constexpr const char* opponent_present = "opponent_present";
inline constexpr const char* game_adjourned = "game_adjourned";
inline constexpr const char* rate_limited = "rate_limited";
inline constexpr const char* engine_busy = "engine_busy";
inline constexpr const char* too_many_rooms = "too_many_rooms";
inline constexpr const char* storage_error = "storage_error";
inline constexpr const char* internal_error = "internal_error";
inline constexpr const char* no_review = "no_review";
inline constexpr const char* wrong_room = "wrong_room";
inline constexpr const char* room_busy = "room_busy";
inline constexpr const char* unknown_game_no = "unknown_game_no";
inline constexpr const char* your_turn = "your_turn";

// Every code a client may receive, in the order of docs/protocol.md's table.
inline constexpr std::array<std::string_view, 43> kProtocolCodes{
    bad_request,       unknown_type,       unknown_game,
    not_implemented,   unsupported,        unknown_handicap,
    bad_position,      bad_variant,        no_such_room,
    room_full,         spectators_full,    bad_token,
    bad_device_link,   bad_name,           not_in_room,
    not_a_player,      not_host,           game_not_started,
    game_over,         game_in_progress,   not_your_turn,
    stale_version,     bad_move,           illegal_move,
    no_offer,          takebacks_disabled, nothing_to_take_back,
    too_late_to_abort, opponent_present,   game_adjourned,
    rate_limited,      engine_busy,        too_many_rooms,
    storage_error,     internal_error,     no_review,
    review_limit,      unknown_node,       bad_record,
    wrong_room,        room_busy,          unknown_game_no,
    your_turn};
}  // namespace banmen::errc

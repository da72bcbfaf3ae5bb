// One in-room request as the room's handlers see it: who sent it (the member and its
// connection), its type, its fields and its request id. The request table
// (room_requests.cpp) reads each message once into the typed fields below, or refuses a
// malformed one; no handler reads a message's JSON.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "config/config.h"
#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/client.h"
#include "rooms/record_uploads.h"
#include "rooms/review_board.h"
#include "rooms/room_options.h"
#include "rooms/seating.h"

namespace banmen::server {

// move: the move's text, the version the sender saw and the sender's id for it (a resend
// carries the same).
struct MoveFields {
  std::string text;
  std::int64_t version = 0;
  std::string id;
};
inline constexpr std::size_t kMaxMoveText = 32;
inline constexpr std::size_t kMaxMoveId = 64;
// A `move` request's fields, or nothing when one is missing, empty, of the wrong type or
// too long.
std::optional<MoveFields> parse_move_fields(const json& msg);

// claim: a win (the opponent abandoned the game) or a draw.
struct ClaimFields {
  bool win = false;
};
// switch_game: the game chosen (RoomOptions' game, variant with its compiled rules,
// handicap and position; checked that a game starts from them), and the clock if one was
// given (checked against the game); without one the room's clock stays.
struct SwitchGameFields {
  RoomOptions chosen;
  std::optional<ClockSpec> clock;
};
// computer_invite, computer_offer: the computer's level.
struct ComputerLevelFields {
  int level = 0;
};
// review_start: the ply to look at; none: the game's last. A ply that is not a number reads
// as -1, which the room refuses as it refuses any ply outside the game (whose length is
// the room's to know).
struct ReviewStartFields {
  std::optional<std::int64_t> ply;
};
// review_move: the move, and the version of the review its sender saw (none: not stale).
struct ReviewMoveFields {
  std::string move;
  std::optional<std::int64_t> version;
};
inline constexpr std::size_t kMaxReviewMoveText = 32;
// review_goto: the node to look at (the room checks it is in the tree).
struct ReviewGotoFields {
  std::int64_t node = 0;
};
// review_draw: the shapes (the review board checks their squares).
struct ReviewDrawFields {
  std::vector<ReviewShape> shapes;
};
// review_allow: whether spectators may drive the review.
struct ReviewAllowFields {
  bool spectators = false;
};
// analysis_request: the game of the series (>= 1) or 0, the record brought in.
// conditional_set: the lines as sent (the room checks them against the game: it needs the
// position); an empty array clears them.
struct ConditionalSetFields {
  json lines;
};
struct AnalysisRequestFields {
  int game_no = 0;
};
// review_import: one part of a record brought in (record_uploads.h).
// chat: the line as it will be shown (line breaks as spaces, direction and zero-width
// characters gone, trimmed), 1..--chat-max-chars characters.
struct ChatFields {
  std::string text;
};

// A request's fields; monostate for the requests that have none.
using RequestFields =
    std::variant<std::monostate, MoveFields, ClaimFields, SwitchGameFields, ComputerLevelFields,
                 ReviewStartFields, ReviewMoveFields, ReviewGotoFields, ReviewDrawFields,
                 ReviewAllowFields, ReviewImportFields, ChatFields, AnalysisRequestFields,
                 ConditionalSetFields>;

// Readers of each request's fields (room_request_fields.cpp), each with the refusal a
// malformed message gets (bad_request, and switch_game's option errors). Pure: they know
// the message and the configured limits, never a room.
Result<RequestFields> read_conditional_set(const json& msg, const Config& config);
Result<RequestFields> read_move(const json& msg, const Config& config);
Result<RequestFields> read_claim(const json& msg, const Config& config);
Result<RequestFields> read_switch_game(const json& msg, const Config& config);
Result<RequestFields> read_computer_level(const json& msg, const Config& config);
Result<RequestFields> read_review_start(const json& msg, const Config& config);
Result<RequestFields> read_review_move(const json& msg, const Config& config);
Result<RequestFields> read_review_goto(const json& msg, const Config& config);
Result<RequestFields> read_review_draw(const json& msg, const Config& config);
Result<RequestFields> read_review_allow(const json& msg, const Config& config);
Result<RequestFields> read_analysis_request(const json& msg, const Config& config);
Result<RequestFields> read_review_import(const json& msg, const Config& config);
Result<RequestFields> read_chat(const json& msg, const Config& config);

// An in-room request on its way to the room: its line of the table, found once where the
// message's type was read, and the message. The table reads the fields at their place in
// the fixed order (room_requests.h: first for a move, else after the line's needs), so a
// request its sender may not make costs no reading (a custom variant's, say).
struct RoomRequest {
  std::uint8_t route = 0;  // Room::routes()'s index
  json msg;
};

// A value: a handler may keep a copy for after the store's answer.
struct Request {
  Member& member;  // stays valid: the room holds joins and leaves while a write is under way
  std::shared_ptr<Client> client;
  std::string_view type;  // the table's own spelling, which lives as long as the program
  RequestFields fields;
  json re;  // the request id, null when the message had none
  // The fields of the request's kind, as its line of the table reads them.
  template <class Fields>
  const Fields& as() const {
    return std::get<Fields>(fields);
  }
};

// join_room's fields, read once (the room's id and token checked): who asks to join and how.
struct JoinRequest {
  std::string room;
  std::string name;  // as shown: trimmed, at most 32 characters, "Player" when none
  std::optional<std::string> token;
  std::optional<std::string> device_code;  // a device link's code (not text: none)
  std::optional<std::int64_t> since;       // the last event the client saw (not a number: none)
};
// Errors: bad_request (no room id, a token not text), bad_token (a malformed token).
Result<JoinRequest> read_join_request(const json& msg);
// A player's or spectator's name as shown: trimmed, cut to 32 characters, "Player" when
// empty or not UTF-8.
std::string shown_name(std::string_view raw);

}  // namespace banmen::server

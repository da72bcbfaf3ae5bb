// Each in-room request's fields, read once from its message (request.h). The request table
// (room_requests.cpp) names the reader of each type; the texts of the refusals are the
// protocol's (docs/protocol.md) and stay as they are.
#include <algorithm>

#include "core/unicode_text.h"
#include "games/record_import.h"
#include "protocol/error_codes.h"
#include "rooms/conditional_moves.h"
#include "rooms/request.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {
constexpr std::size_t kMaxShownName = 32;

Error malformed(std::string message) {
  return make_error(errc::bad_request, std::move(message));
}
}  // namespace

std::optional<MoveFields> parse_move_fields(const json& msg) {
  auto move = get_string(msg, "move");
  auto version = get_int(msg, "version");
  auto move_id = get_string(msg, "move_id");
  if (!move || move->empty() || move->size() > kMaxMoveText || !version || !move_id ||
      move_id->empty() || move_id->size() > kMaxMoveId)
    return std::nullopt;
  return MoveFields{std::move(*move), *version, std::move(*move_id)};
}

Result<RequestFields> read_move(const json& msg, const Config&) {
  auto move = parse_move_fields(msg);
  if (!move) return malformed("move needs move, version and move_id");
  return RequestFields{std::move(*move)};
}

Result<RequestFields> read_claim(const json& msg, const Config&) {
  auto result = get_string(msg, "result");
  if (!result || (*result != "win" && *result != "draw"))
    return malformed("claim needs result: win or draw");
  return RequestFields{ClaimFields{*result == "win"}};
}

Result<RequestFields> read_switch_game(const json& msg, const Config&) {
  SwitchGameFields f;
  if (auto chosen = parse_game_choice(msg, f.chosen); !chosen) return chosen.error();
  if (msg.contains("clock")) {
    auto parsed = parse_clock(msg["clock"]);
    if (!parsed) return parsed.error();
    if (auto checked = check_game_and_clock(f.chosen.game, *parsed); !checked)
      return checked.error();
    f.clock = *parsed;
  }
  // The handicap or position belongs to the game it was chosen for: given again or gone.
  if (auto start = parse_game_start(msg, f.chosen); !start) return start.error();
  return RequestFields{std::move(f)};
}

Result<RequestFields> read_computer_level(const json& msg, const Config&) {
  auto level = parse_computer_level(msg);
  if (!level) return level.error();
  return RequestFields{ComputerLevelFields{*level}};
}

Result<RequestFields> read_review_start(const json& msg, const Config&) {
  if (!msg.contains("ply")) return RequestFields{ReviewStartFields{}};
  return RequestFields{ReviewStartFields{get_int(msg, "ply").value_or(-1)}};
}

Result<RequestFields> read_review_move(const json& msg, const Config&) {
  auto move = get_string(msg, "move");
  if (!move || move->empty() || move->size() > kMaxReviewMoveText)
    return malformed("review_move needs a move");
  return RequestFields{ReviewMoveFields{std::move(*move), get_int(msg, "version")}};
}

Result<RequestFields> read_review_goto(const json& msg, const Config&) {
  auto node = get_int(msg, "node");
  if (!node) return malformed("review_goto needs a node");
  return RequestFields{ReviewGotoFields{*node}};
}

Result<RequestFields> read_review_draw(const json& msg, const Config&) {
  if (!msg.contains("shapes")) return malformed("review_draw needs shapes");
  auto shapes = read_review_shapes(msg["shapes"]);
  if (!shapes) return shapes.error();
  return RequestFields{ReviewDrawFields{std::move(*shapes)}};
}

Result<RequestFields> read_review_allow(const json& msg, const Config&) {
  auto allowed = get_bool(msg, "spectators");
  if (!allowed) return malformed("review_allow needs spectators: true/false");
  return RequestFields{ReviewAllowFields{*allowed}};
}

Result<RequestFields> read_analysis_request(const json& msg, const Config&) {
  auto n = get_int(msg, "game_no");
  if (!n || *n < 0 || *n > 1000000) return malformed("analysis_request needs a game_no >= 0");
  return RequestFields{AnalysisRequestFields{static_cast<int>(*n)}};
}

Result<RequestFields> read_conditional_set(const json& msg, const Config&) {
  // The shape only; ConditionalMoves::read() checks every line against the game.
  const auto it = msg.find("lines");
  if (it == msg.end() || !it->is_array())
    return malformed("conditional_set needs lines: an array of lines of moves");
  if (it->size() > ConditionalMoves::kMaxLines)
    return malformed("at most " + std::to_string(ConditionalMoves::kMaxLines) +
                     " conditional lines");
  return RequestFields{ConditionalSetFields{*it}};
}

Result<RequestFields> read_review_import(const json& msg, const Config&) {
  ReviewImportFields f;
  f.format = get_string(msg, "format").value_or("auto");
  const auto& formats = import_formats();
  if (f.format.size() > kMaxImportFormat ||
      std::find(formats.begin(), formats.end(), f.format) == formats.end()) {
    std::string names;
    for (auto name : formats) names += (names.empty() ? "" : ", ") + std::string(name);
    return malformed("format is one of " + names);
  }
  auto part = get_int(msg, "part");
  auto parts = get_int(msg, "parts");
  auto text = get_string(msg, "text");
  if (!part || !parts || !text || *part < 0 || *parts < 1 || *part >= *parts)
    return malformed("review_import needs part (0..parts-1), parts and text");
  f.part = *part;
  f.parts = *parts;
  f.text = std::move(*text);
  // The name is only shown: plain text, cut to kMaxImportName characters.
  auto raw = get_string(msg, "name").value_or("");
  if (valid_utf8(raw)) {
    std::string name = trim(plain_text(raw, raw.size()));
    std::size_t count = 0, i = 0;
    for (; i < name.size(); ++i)
      if ((static_cast<unsigned char>(name[i]) & 0xC0) != 0x80 && count++ == kMaxImportName) break;
    name.resize(i);
    f.name = std::move(name);
  }
  return RequestFields{std::move(f)};
}

Result<RequestFields> read_chat(const json& msg, const Config& config) {
  // Line breaks become spaces; direction and zero-width characters go (core/unicode_text.h).
  auto raw = get_string(msg, "text").value_or("");
  auto text = valid_utf8(raw) ? trim(plain_text(raw, raw.size())) : std::string();
  if (text.empty() || !valid_utf8(text) || utf8_length(text) > config.chat_max_chars)
    return malformed("chat text must be 1.." + std::to_string(config.chat_max_chars) +
                     " characters");
  return RequestFields{ChatFields{std::move(text)}};
}

std::string shown_name(std::string_view raw) {
  auto n = trim(raw);
  if (n.empty() || !valid_utf8(n)) return "Player";
  if (utf8_length(n) > kMaxShownName) {
    std::size_t count = 0, i = 0;
    for (; i < n.size(); ++i)
      if ((static_cast<unsigned char>(n[i]) & 0xC0) != 0x80 && count++ == kMaxShownName) break;
    n.resize(i);
  }
  return n;
}

Result<JoinRequest> read_join_request(const json& msg) {
  auto id = get_string(msg, "room");
  if (!id || !is_urlsafe_id(*id, 1, 64)) return malformed("room id expected");
  auto token = get_string(msg, "token");
  if (token && !is_urlsafe_id(*token, 1, 64)) return make_error(errc::bad_token, "malformed token");
  if (msg.contains("token") && !token) return malformed("token must be a string");
  return JoinRequest{std::move(*id), shown_name(get_string(msg, "name").value_or("")),
                     std::move(token), get_string(msg, "device_code"), get_int(msg, "since")};
}

}  // namespace banmen::server

#include "rooms/room_options.h"

#include "core/registry.h"
#include "engine/engine.h"
#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
constexpr std::int64_t kMaxBaseMs = 3LL * 3600 * 1000;
constexpr std::int64_t kMaxStepMs = 10LL * 60 * 1000;

// The game's own word on byoyomi (GameInfo); an unknown game offers none.
bool has_byoyomi(const std::string& game) {
  const auto* f = find_game(game);
  return f && f->info().byoyomi_clock;
}

Error bad(std::string message) {
  return make_error(errc::bad_request, std::move(message));
}
}  // namespace

json clock_kinds(const std::string& game) {
  json kinds = json::array({"none", "fischer"});
  if (has_byoyomi(game)) kinds.push_back("byoyomi");
  return kinds;
}

json clock_spec_json(const ClockSpec& c) {
  json j{{"kind", c.kind_name()}};
  if (c.kind == ClockSpec::Kind::fischer) {
    j["base_ms"] = c.base_ms;
    j["increment_ms"] = c.increment_ms;
  } else if (c.kind == ClockSpec::Kind::byoyomi) {
    j["base_ms"] = c.base_ms;
    j["period_ms"] = c.period_ms;
    j["periods"] = c.periods;
  }
  return j;
}

json RoomOptions::to_json() const {
  json j{{"game", game},           {"clock", clock_spec_json(clock)}, {"side", side},
         {"takebacks", takebacks}, {"spectators", spectators},        {"public", listed}};
  if (computer_level > 0) j["computer"] = json{{"level", computer_level}};
  return j;
}

Result<void> check_computer_game(const std::string& game) {
  if (!engine::engine_supports(game))
    return make_error(errc::unsupported, "the computer does not play '" + game + "'");
  return ok();
}

Result<int> parse_computer_level(const json& computer) {
  const auto level = computer.is_object() ? get_int(computer, "level") : std::nullopt;
  if (!level || *level < engine::kMinLevel || *level > engine::kMaxLevel)
    return bad("computer.level must be 1..8");
  return static_cast<int>(*level);
}

Result<ClockSpec> parse_clock(const json& c) {
  ClockSpec spec;
  if (!c.is_object()) return bad("clock must be an object");
  auto kind = get_string(c, "kind");
  if (!kind || *kind == "none") return spec;
  auto base = get_int(c, "base_ms").value_or(-1);
  if (base < 0 || base > kMaxBaseMs) return bad("clock.base_ms must be 0..10800000");
  spec.base_ms = base;
  if (*kind == "fischer") {
    spec.kind = ClockSpec::Kind::fischer;
    spec.increment_ms = get_int(c, "increment_ms").value_or(0);
    if (spec.increment_ms < 0 || spec.increment_ms > kMaxStepMs)
      return bad("clock.increment_ms must be 0..600000");
    if (spec.base_ms == 0) return bad("a Fischer clock needs base_ms > 0");
    return spec;
  }
  if (*kind == "byoyomi") {
    spec.kind = ClockSpec::Kind::byoyomi;
    spec.period_ms = get_int(c, "period_ms").value_or(0);
    spec.periods = static_cast<int>(get_int(c, "periods").value_or(1));
    if (spec.period_ms < 0 || spec.period_ms > kMaxStepMs)
      return bad("clock.period_ms must be 0..600000");
    if (spec.periods < 1 || spec.periods > 10) return bad("clock.periods must be 1..10");
    if (spec.base_ms == 0 && spec.period_ms == 0) return bad("a byoyomi clock needs some time");
    return spec;
  }
  return bad("clock.kind must be none, fischer or byoyomi");
}

Result<void> check_game_and_clock(const std::string& game, const ClockSpec& clock) {
  if (!find_game(game)) return make_error(errc::unknown_game, "unknown game '" + game + "'");
  if (clock.kind == ClockSpec::Kind::byoyomi && !has_byoyomi(game))
    return make_error(errc::unsupported, "byoyomi is offered for the shogi family and hasami only");
  return ok();
}

Result<RoomOptions> parse_room_options(const json& msg) {
  RoomOptions o;
  if (auto g = get_string(msg, "game"))
    o.game = *g;
  else
    return bad("game is required");
  if (msg.contains("clock")) {
    auto c = parse_clock(msg["clock"]);
    if (!c) return c.error();
    o.clock = *c;
  }
  if (msg.contains("side")) {
    auto s = get_string(msg, "side");
    if (!s || (*s != "first" && *s != "second" && *s != "random"))
      return bad("side must be first, second or random");
    o.side = *s;
  }
  o.takebacks = get_bool(msg, "takebacks").value_or(true);
  o.spectators = get_bool(msg, "spectators").value_or(true);
  o.listed = get_bool(msg, "public").value_or(false);
  if (auto r = check_game_and_clock(o.game, o.clock); !r) return r.error();
  if (msg.contains("computer") && !msg["computer"].is_null()) {
    auto level = parse_computer_level(msg["computer"]);
    if (!level) return level.error();
    if (auto r = check_computer_game(o.game); !r) return r.error();
    o.computer_level = *level;
    o.listed = false;  // nobody else can take the seat
  }
  return o;
}

}  // namespace banmen::server

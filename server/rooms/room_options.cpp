#include "rooms/room_options.h"

#include <atomic>

#include "engine/engine.h"
#include "games/registry.h"
#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
constexpr std::int64_t kMaxBaseMs = 3LL * 3600 * 1000;
constexpr std::int64_t kMaxStepMs = 10LL * 60 * 1000;
constexpr std::size_t kMaxHandicap = 32;
constexpr std::size_t kMaxPosition = 512;
constexpr std::size_t kMaxVariantName = 32;  // variants.ini's own limit on a section name

// The game's own word on byoyomi (GameInfo); an unknown game offers none.
bool has_byoyomi(const std::string& game) {
  const auto* f = find_game(game);
  return f && f->info().byoyomi_clock;
}

std::atomic<std::int64_t> day_ms{86'400'000};

Error bad(std::string message) {
  return make_error(errc::bad_request, std::move(message));
}
}  // namespace

std::int64_t correspondence_day_ms() {
  return day_ms.load(std::memory_order_relaxed);
}
void set_correspondence_day_ms(std::int64_t ms) {
  day_ms.store(ms, std::memory_order_relaxed);
}

json clock_kinds(const std::string& game) {
  json kinds = json::array({"none", "fischer"});
  if (has_byoyomi(game)) kinds.push_back("byoyomi");
  kinds.push_back("correspondence");
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
  } else if (c.kind == ClockSpec::Kind::correspondence) {
    j["days"] = c.days;
  }
  return j;
}

json RoomOptions::to_json() const {
  json j{{"game", game},
         {"clock", clock_spec_json(clock)},
         {"side", side},
         {"takebacks", takebacks},
         {"spectators", spectators},
         {"public", listed},
         {"rematch_sides", keep_sides ? "keep" : "swap"}};
  if (!handicap.empty() && handicap != "even") j["handicap"] = handicap;
  if (!position.empty()) j["position"] = position;
  if (game == custom_game_id) {
    j["variant"] = variant;
    j["variant_name"] = variant_name;
  }
  if (computer_level > 0) j["computer"] = json{{"level", computer_level}};
  return j;
}

void RoomOptions::choose_game(const RoomOptions& chosen) {
  game = chosen.game;
  variant = chosen.variant;
  variant_name = chosen.variant_name;
  custom = chosen.custom;
  handicap = chosen.handicap;
  position = chosen.position;
}

Result<GamePtr> RoomOptions::new_game(std::string_view from) const {
  // A stored start (a restore) or a custom variant: the chosen game as it is.
  if (!from.empty() || custom)
    return create_chosen_game(GameChoice{game, variant, variant_name}, custom, from);
  return setup_game(setup());  // the room's handicap or pasted position, if any
}

Result<void> parse_game_choice(const json& msg, RoomOptions& options) {
  auto game = get_string(msg, "game");
  if (!game) return bad("game is required");
  if (*game != custom_game_id) {
    if (!find_game(*game)) return make_error(errc::unknown_game, "unknown game '" + *game + "'");
    options.game = *game;
    options.variant.clear();
    options.variant_name.clear();
    options.custom = nullptr;
    return ok();
  }
  // The definition's own limits (size, sections, letters) are the parser's; the message
  // limit bounds it before that.
  auto text = get_string(msg, "variant");
  if (!text) return bad("a custom game needs variant: the variants.ini text");
  std::string name;
  if (msg.contains("variant_name")) {
    auto n = get_string(msg, "variant_name");
    if (!n || n->size() > kMaxVariantName)
      return bad("variant_name is a section name of at most 32 characters");
    name = *n;
  }
  auto custom = load_custom_variant(*text, name);
  if (!custom) return custom.error();
  options.game = *game;
  options.variant = *text;
  options.variant_name = (*custom)->id;
  options.custom = std::move(*custom);
  return ok();
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
  if (*kind == "correspondence") {
    // Days per move, the time given back whole after every move (game_clock.h).
    const auto days = get_int(c, "days").value_or(0);
    if (days < 1 || days > kMaxCorrespondenceDays)
      return bad("clock.days must be 1.." + std::to_string(kMaxCorrespondenceDays));
    spec.kind = ClockSpec::Kind::correspondence;
    spec.days = static_cast<int>(days);
    spec.base_ms = days * correspondence_day_ms();
    return spec;
  }
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
  return bad("clock.kind must be none, fischer, byoyomi or correspondence");
}

Result<void> check_game_and_clock(const std::string& game, const ClockSpec& clock) {
  if (game != custom_game_id && !find_game(game))
    return make_error(errc::unknown_game, "unknown game '" + game + "'");
  if (clock.kind == ClockSpec::Kind::byoyomi && !has_byoyomi(game))
    return make_error(errc::unsupported, "byoyomi is offered for the shogi family and hasami only");
  return ok();
}

Result<void> parse_game_start(const json& msg, RoomOptions& o) {
  o.handicap.clear();
  o.position.clear();
  if (msg.contains("handicap")) {
    auto h = get_string(msg, "handicap");
    if (!h || h->size() > kMaxHandicap) return bad("handicap must be a handicap's name");
    o.handicap = *h;
  }
  if (msg.contains("position")) {
    auto p = get_string(msg, "position");
    if (!p || p->size() > kMaxPosition)
      return bad("position must be a text of at most 512 characters");
    o.position = *p;
    // A custom variant starts from its own definition's start.
    if (!o.position.empty() && o.game == custom_game_id)
      return make_error(errc::unsupported, "a custom variant starts from its definition's start");
    // The host would know where the opponent's hidden king stands.
    const GameFactory* game = find_game(o.game);
    if (!o.position.empty() && game && game->info().hidden_information)
      return make_error(errc::unsupported,
                        std::string(game->info().name) + " starts from its own position only");
  }
  if (o.game == custom_game_id) {
    if (!o.handicap.empty() && o.handicap != "even")
      return make_error(errc::unknown_handicap, "handicaps are for shogi");
    return ok();
  }
  auto game = setup_game(o.setup());
  if (!game) return game.error();
  return ok();
}

Result<RoomOptions> parse_room_options(const json& msg) {
  RoomOptions o;
  if (auto chosen = parse_game_choice(msg, o); !chosen) return chosen.error();
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
  if (msg.contains("rematch_sides")) {
    auto s = get_string(msg, "rematch_sides");
    if (!s || (*s != "swap" && *s != "keep")) return bad("rematch_sides must be swap or keep");
    o.keep_sides = *s == "keep";
  }
  if (auto r = check_game_and_clock(o.game, o.clock); !r) return r.error();
  if (auto r = parse_game_start(msg, o); !r) return r.error();
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

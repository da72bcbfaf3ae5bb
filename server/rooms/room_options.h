// A room's options as the host chose them (docs/protocol.md, create_room), validated.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "games/custom_game.h"
#include "games/game_setup.h"
#include "protocol/messages.h"
#include "rooms/game_clock.h"

namespace banmen::server {

struct RoomOptions {
  std::string game = "chess";
  // "custom" games: the host's definition, the section played and its compiled rules.
  std::string variant;
  std::string variant_name;
  std::shared_ptr<const fairy::VariantRules> custom;
  ClockSpec clock;
  std::string side = "random";  // host's seat in the first game: "first", "second", "random"
  bool takebacks = true;
  bool spectators = true;
  bool listed = false;     // "public" in the protocol
  int computer_level = 0;  // "computer": {"level": N}: player 1 is the computer; 0: a person
  // How each game of the room starts: a shogi handicap ("" or "even": none) or a position
  // pasted by the host ("": the usual start). Both checked by setup_game() when parsed.
  std::string handicap;
  std::string position;
  // A rematch swaps the seats (default) or keeps them (a handicap series: the stronger
  // player keeps giving the handicap).
  bool keep_sides = false;

  // Takes the game `chosen` names (its id, custom variant, handicap and position), keeping
  // the rest (clock, sides, takebacks...): switch_game.
  void choose_game(const RoomOptions& chosen);
  // What setup_game() needs to start a game of this room (views into this object).
  GameSetup setup() const { return {game, position, handicap}; }
  json to_json() const;
  // A new game of the room: from `from` when given (a stored start, for a restore), else
  // from the room's handicap or pasted position, else the chosen game's usual start.
  Result<GamePtr> new_game(std::string_view from = {}) const;
};

// Reads `game` (and for "custom" `variant` and `variant_name`) into `options`, checking
// it; errors: bad_request, unknown_game, bad_variant. Nothing changes on an error.
Result<void> parse_game_choice(const json& msg, RoomOptions& options);

// Parses and checks create_room's fields; errors: bad_request, unknown_game, unsupported,
// bad_variant, unknown_handicap, bad_position.
Result<RoomOptions> parse_room_options(const json& msg);
// Reads `handicap` and `position` of create_room or switch_game into `o` (whose game is
// set) and checks that a game starts from them; errors as parse_room_options.
Result<void> parse_game_start(const json& msg, RoomOptions& o);
// Parses a "clock" object; errors: bad_request.
Result<ClockSpec> parse_clock(const json& clock);
// How long a correspondence clock's day is: 86,400,000 ms, unless the server was started
// with --correspondence-day-ms (tests shorten it to see a flag fall). Set once at start.
std::int64_t correspondence_day_ms();
void set_correspondence_day_ms(std::int64_t ms);
inline constexpr int kMaxCorrespondenceDays = 30;
json clock_spec_json(const ClockSpec& spec);
// Checks that `game` exists and allows `clock`.
Result<void> check_game_and_clock(const std::string& game, const ClockSpec& clock);
// Checks that the computer plays `game`; error: unsupported.
Result<void> check_computer_game(const std::string& game);
// Parses a "computer" object ({"level": 1..8}); errors: bad_request.
Result<int> parse_computer_level(const json& computer);
// Which clock kinds a game offers (byoyomi for the shogi family and hasami).
json clock_kinds(const std::string& game);

}  // namespace banmen::server

// A room's options as the host chose them (docs/protocol.md, create_room), validated.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "games/custom_game.h"
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
  bool listed = false;  // "public" in the protocol

  json to_json() const;
  // A new game of the chosen kind from `position` (empty: its start).
  Result<GamePtr> new_game(std::string_view position = {}) const;
};

// Reads `game` (and for "custom" `variant` and `variant_name`) into `options`, checking
// it; errors: bad_request, unknown_game, bad_variant. Nothing changes on an error.
Result<void> parse_game_choice(const json& msg, RoomOptions& options);

// Parses and checks create_room's fields; errors: bad_request, unknown_game, unsupported.
Result<RoomOptions> parse_room_options(const json& msg);
// Parses a "clock" object; errors: bad_request.
Result<ClockSpec> parse_clock(const json& clock);
json clock_spec_json(const ClockSpec& spec);
// Checks that `game` exists and allows `clock`.
Result<void> check_game_and_clock(const std::string& game, const ClockSpec& clock);
// Which clock kinds a game offers (byoyomi for the shogi family and hasami).
json clock_kinds(const std::string& game);

}  // namespace banmen::server

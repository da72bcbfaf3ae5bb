// A room's options as the host chose them (docs/protocol.md, create_room), validated.
#pragma once

#include <string>

#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/game_clock.h"

namespace banmen::server {

struct RoomOptions {
  std::string game = "chess";
  ClockSpec clock;
  std::string side = "random";  // host's seat in the first game: "first", "second", "random"
  bool takebacks = true;
  bool spectators = true;
  bool listed = false;     // "public" in the protocol
  int computer_level = 0;  // "computer": {"level": N}: player 1 is the computer; 0: a person

  json to_json() const;
};

// Parses and checks create_room's fields; errors: bad_request, unknown_game, unsupported.
Result<RoomOptions> parse_room_options(const json& msg);
// Parses a "clock" object; errors: bad_request.
Result<ClockSpec> parse_clock(const json& clock);
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

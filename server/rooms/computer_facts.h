// The facts about a computer-held seat that do not need a room: its name, how its seat
// record marks it in the store (so a restart knows the computer holds it), and how long it
// may think on a given clock.
#pragma once

#include <cstdint>
#include <string>

#include "rooms/game_clock.h"

namespace banmen::server {

// The client id of the computer's requests; connections count up from 1 and never reach it.
inline constexpr std::uint64_t kComputerClientId = ~std::uint64_t{0};

// "Computer (level 3)": the name in snapshots, presence and the stored records.
std::string computer_name(int level);
// What the seat record stores in place of a token hash: "computer:3". It is no SHA-256 hex
// digest, so no token can ever match it.
std::string computer_token_marker(int level);
// The level a stored seat's token field marks, or 0 for a person.
int computer_level_of_marker(const std::string& token_hash);

// The most the computer may think for its next move at `now` (ms): a share of what is left
// on its clock plus most of the increment or byoyomi period (two thirds of what is left of
// a period already running), less a margin for the commit.
// Without a clock, 3 s (a person waits for every move; weaker levels stop sooner on their
// own); never negative.
std::int64_t computer_budget_ms(const GameClock& clock, int seat, std::int64_t now);

}  // namespace banmen::server

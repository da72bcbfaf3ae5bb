// The computer seat's facts that need no room: its name, the marker its seat record stores
// (which no token hash can equal), and the time it may think on each kind of clock.
#include "rooms/computer_facts.h"

#include <gtest/gtest.h>

#include "util/tokens.h"

namespace banmen::server {
namespace {

TEST(ComputerFacts, NameAndMarkerRoundTrip) {
  EXPECT_EQ(computer_name(3), "Computer (level 3)");
  for (int level = 1; level <= 8; ++level)
    EXPECT_EQ(computer_level_of_marker(computer_token_marker(level)), level);
  EXPECT_EQ(computer_level_of_marker(""), 0);
  EXPECT_EQ(computer_level_of_marker("computer:9"), 0);
  EXPECT_EQ(computer_level_of_marker("computer:12"), 0);
  EXPECT_EQ(computer_level_of_marker("computer:"), 0);
  // A person's seat stores a SHA-256 hex digest: never read as the computer's.
  EXPECT_EQ(computer_level_of_marker(sha256_hex(new_token())), 0);
  EXPECT_NE(sha256_hex("computer:3"), "computer:3");
}

TEST(ComputerFacts, BudgetFollowsTheClock) {
  // No clock: the level's own time alone bounds it.
  EXPECT_EQ(computer_budget_ms(GameClock{}, 0, 0), 3000);  // no clock: a person still waits
  // Fischer 5 min + 3 s: a thirtieth of what is left plus most of the increment.
  GameClock fischer(ClockSpec{ClockSpec::Kind::fischer, 300000, 3000, 0, 0});
  EXPECT_EQ(computer_budget_ms(fischer, 1, 0), 300000 / 30 + 2250 - 150);
  // Nearly flagged: never more than a third of what is left, never below 1 ms.
  ClockState low;
  low.remaining_ms[0] = 600;
  low.remaining_ms[1] = 300000;
  fischer.restore(low);
  EXPECT_LE(computer_budget_ms(fischer, 0, 0), 200);
  EXPECT_GE(computer_budget_ms(fischer, 0, 0), 1);
  // Byoyomi in its period: two thirds of what is left of the period.
  GameClock byoyomi(ClockSpec{ClockSpec::Kind::byoyomi, 0, 0, 30000, 1});
  EXPECT_EQ(computer_budget_ms(byoyomi, 0, 0), 20000 - 150);
  // Main time left: a thirtieth of it plus two thirds of a period.
  GameClock main_time(ClockSpec{ClockSpec::Kind::byoyomi, 600000, 0, 30000, 1});
  EXPECT_EQ(computer_budget_ms(main_time, 0, 0), 20000 + 20000 - 150);
}

}  // namespace
}  // namespace banmen::server

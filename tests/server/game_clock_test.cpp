// The server's clock logic, with time passed in by hand.
#include "rooms/game_clock.h"

#include <gtest/gtest.h>

namespace banmen::server {
namespace {

TEST(GameClock, FischerChargesAndAddsIncrement) {
  GameClock c({ClockSpec::Kind::fischer, 60000, 2000, 0, 0});
  c.start(0, 1000);
  EXPECT_EQ(c.at(4000).remaining_ms[0], 57000);
  ASSERT_TRUE(c.stop_after_move(11000));
  EXPECT_EQ(c.settled().remaining_ms[0], 52000);
  c.start(1, 11000);
  EXPECT_EQ(c.ms_until_flag(11000), 60000);
  EXPECT_FALSE(c.flagged(70999));
  EXPECT_TRUE(c.flagged(71000));
  EXPECT_FALSE(c.stop_after_move(80000));
}

TEST(GameClock, ByoyomiUsesPeriods) {
  GameClock c({ClockSpec::Kind::byoyomi, 10000, 0, 5000, 2});
  c.start(0, 0);
  // Main time runs out at 10 s; then the first period of 5 s.
  EXPECT_EQ(c.ms_until_flag(0), 20000);
  auto s = c.at(12000);
  EXPECT_EQ(s.remaining_ms[0], 3000);
  EXPECT_EQ(s.periods_left[0], 2);
  ASSERT_TRUE(c.stop_after_move(12000));
  EXPECT_EQ(c.settled().remaining_ms[0], 5000);  // a move in byoyomi resets the period
  c.start(0, 20000);
  s = c.at(26000);  // the first period used up, 4 s left in the last
  EXPECT_EQ(s.periods_left[0], 1);
  EXPECT_EQ(s.remaining_ms[0], 4000);
  EXPECT_TRUE(c.flagged(30000));
  EXPECT_FALSE(c.flagged(29999));
}

TEST(GameClock, NoneNeverRuns) {
  GameClock c;
  c.start(0, 0);
  EXPECT_EQ(c.running(), -1);
  EXPECT_EQ(c.ms_until_flag(0), -1);
  EXPECT_TRUE(c.stop_after_move(1000000));
}

}  // namespace
}  // namespace banmen::server

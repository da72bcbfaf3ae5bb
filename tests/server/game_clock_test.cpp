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

// The computer's clock while its search waits for an engine thread: the time stands, no
// flag falls however long the wait, and the clock runs on from where it stood.
TEST(GameClock, APauseIsChargedToNobody) {
  GameClock c({ClockSpec::Kind::fischer, 3000, 1000, 0, 0});
  c.start(1, 0);
  c.pause(1000);  // 2 s left
  EXPECT_TRUE(c.paused());
  EXPECT_EQ(c.at(60000).remaining_ms[1], 2000);
  EXPECT_FALSE(c.flagged(60000));
  EXPECT_EQ(c.ms_until_flag(60000), -1);  // no flag timer while paused
  c.pause(50000);                         // a second pause changes nothing
  c.resume(60000);
  EXPECT_FALSE(c.paused());
  EXPECT_EQ(c.at(60500).remaining_ms[1], 1500);
  EXPECT_EQ(c.ms_until_flag(60500), 1500);
  EXPECT_TRUE(c.flagged(62000));
  ASSERT_TRUE(c.stop_after_move(61000));
  EXPECT_EQ(c.settled().remaining_ms[1], 2000);  // 1 s used, 1 s increment

  // A move or a halt while paused counts the time up to the pause.
  c.start(0, 61000);
  c.pause(62000);
  ASSERT_TRUE(c.stop_after_move(90000));
  EXPECT_EQ(c.settled().remaining_ms[0], 3000 - 1000 + 1000);
  c.start(1, 90000);
  c.pause(90500);
  c.halt(99000);
  EXPECT_EQ(c.settled().remaining_ms[1], 1500);
  EXPECT_FALSE(c.paused());
  c.pause(99000);  // stopped: nothing to pause
  EXPECT_FALSE(c.paused());
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

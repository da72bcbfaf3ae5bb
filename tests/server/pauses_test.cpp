// The room's pauses alone (rooms/pauses.h): the first-move countdown (who has one, held
// after a restart, its deadline as clients see it) and the adjournment with the restart's
// held clock; without a room, a strand, timers or sockets.
#include "rooms/pauses.h"

#include <gtest/gtest.h>

namespace banmen::server {
namespace {

FirstMoveFacts timed_start() {
  return {true, true, 30000, false, 0, false};
}

TEST(Pauses, OnlyAPersonToMoveBeforeTheSecondPlyOfATimedGameHasACountdown) {
  EXPECT_TRUE(Pauses::first_move_counts(timed_start()));
  auto f = timed_start();
  f.plies = 1;
  EXPECT_TRUE(Pauses::first_move_counts(f));  // the second side's first move
  f.plies = 2;
  EXPECT_FALSE(Pauses::first_move_counts(f));
  for (auto change :
       {+[](FirstMoveFacts& x) { x.playing = false; },
        +[](FirstMoveFacts& x) { x.clock_enabled = false; },
        +[](FirstMoveFacts& x) { x.length_ms = 0; }, +[](FirstMoveFacts& x) { x.over = true; },
        +[](FirstMoveFacts& x) { x.mover_is_computer = true; }}) {
    auto g = timed_start();
    change(g);
    EXPECT_FALSE(Pauses::first_move_counts(g));
  }
}

TEST(Pauses, TheCountdownRunsOutAtItsDeadlineAndIsSentAsUnixTime) {
  Pauses p;
  EXPECT_FALSE(p.first_move_deadline_unix(0, 0));
  EXPECT_EQ(p.arm_first_move(true, 1000, 500), 1500);
  EXPECT_TRUE(p.first_move_running());
  EXPECT_FALSE(p.first_move_missed(1499));
  EXPECT_TRUE(p.first_move_missed(1500));
  // 200 ms later on the steady clock, when the Unix clock reads 1,700,000,000,200.
  EXPECT_EQ(p.first_move_deadline_unix(1200, 1'700'000'000'200), 1'700'000'000'500);
  // Armed again when it no longer counts (the first ply was played and its side's
  // countdown ended): cleared.
  EXPECT_FALSE(p.arm_first_move(false, 1200, 500));
  EXPECT_FALSE(p.first_move_running());
  EXPECT_FALSE(p.first_move_missed(99999));
}

TEST(Pauses, AfterARestartTheCountdownWaitsForThePersonToMove) {
  Pauses p;
  p.hold_first_move();
  EXPECT_FALSE(p.arm_first_move(true, 0, 500));  // held: nothing runs
  EXPECT_FALSE(p.first_move_running());
  EXPECT_TRUE(p.release_first_move());
  EXPECT_FALSE(p.release_first_move());  // once
  EXPECT_EQ(p.arm_first_move(true, 10, 500), 510);
  p.hold_first_move();
  p.new_game();  // a new game holds nothing of the one before
  EXPECT_TRUE(p.arm_first_move(true, 20, 500));
}

TEST(Pauses, AnAdjournmentEndsOnceAndTakesTheRestartsHoldWithIt) {
  Pauses p;
  EXPECT_FALSE(p.end_adjournment());
  p.hold_clock();
  p.adjourn();
  EXPECT_TRUE(p.adjourned());
  EXPECT_TRUE(p.end_adjournment());
  EXPECT_FALSE(p.adjourned());
  EXPECT_FALSE(p.clock_held());
  EXPECT_FALSE(p.end_adjournment());
}

TEST(Pauses, AHeldClockIsReleasedOnce) {
  Pauses p;
  EXPECT_FALSE(p.release_clock());
  p.hold_clock();
  EXPECT_TRUE(p.clock_held());
  EXPECT_TRUE(p.release_clock());
  EXPECT_FALSE(p.clock_held());
  EXPECT_FALSE(p.release_clock());
}

}  // namespace
}  // namespace banmen::server

// How a player's request ends a game, and what becomes of a game nobody attends
// (rooms/endings.h), alone: outcomes and refusals, without a room, a store or sockets.
#include "rooms/endings.h"

#include <gtest/gtest.h>

#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

TEST(Endings, AResignationIsTheOtherSeatsWin) {
  EXPECT_EQ(resignation(0).winner, 1);
  EXPECT_EQ(resignation(1).winner, 0);
  EXPECT_EQ(resignation(1).reason, "resignation");
}

TEST(Endings, AGameIsAbortedOnlyBeforeBothSidesHaveMoved) {
  for (std::size_t plies : {0u, 1u}) {
    auto aborted = abort_outcome(plies);
    ASSERT_TRUE(aborted);
    EXPECT_EQ(aborted->kind, Outcome::Kind::aborted);
    EXPECT_EQ(aborted->reason, "aborted");
  }
  auto late = abort_outcome(2);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, errc::too_late_to_abort);
}

TEST(Endings, AClaimNeedsTheOpponentGoneLongEnoughAndNeverTheComputer) {
  const ClaimFacts due{1, false, false, 5000, 5000};
  auto win = claim_outcome(due, {true});
  ASSERT_TRUE(win);
  EXPECT_EQ(win->winner, 1);
  EXPECT_EQ(win->reason, "abandonment");
  auto draw = claim_outcome(due, {false});
  ASSERT_TRUE(draw);
  EXPECT_EQ(draw->kind, Outcome::Kind::draw);
  auto early = due;
  early.now_ms = 4999;
  auto connected = due;
  connected.opponent_connected = true;
  auto computer = due;
  computer.opponent_is_computer = true;
  for (const auto& f : {early, connected, computer}) {
    auto refused = claim_outcome(f, {true});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, errc::opponent_present);
  }
  EXPECT_EQ(claim_outcome(computer, {true}).error().message, "the computer never leaves");
}

TEST(Endings, OnlyAbsenceWhileTheOpponentWasHereCounts) {
  Player away, other;
  away.gone_since_ms = 1000;
  other.here_since_ms = 500;
  EXPECT_EQ(claim_at_ms(away, other, 60000), 61000);
  other.here_since_ms = 8000;  // both were gone; the opponent came back later
  EXPECT_EQ(claim_at_ms(away, other, 60000), 68000);
}

TEST(Endings, AGameBothPeopleLeftIsAdjournedOrAbortedAfterTheTimeout) {
  Seating seating;
  seating.player(0).taken = seating.player(1).taken = true;
  seating.player(0).gone_since_ms = 1000;
  seating.player(1).gone_since_ms = 2000;
  constexpr std::int64_t kTimeout = 10000;
  EXPECT_EQ(unattended(seating, 11999, kTimeout, 5, false), Unattended::attended);
  EXPECT_EQ(unattended(seating, 12000, kTimeout, 5, false), Unattended::adjourn);
  EXPECT_EQ(unattended(seating, 12000, kTimeout, 1, false), Unattended::abort);
  EXPECT_EQ(unattended(seating, 12000, kTimeout, 5, true), Unattended::attended);  // already
  seating.player(1).client = 7;  // someone is here
  EXPECT_EQ(unattended(seating, 99999, kTimeout, 5, false), Unattended::attended);
  // The computer is never gone: the person's absence alone decides.
  seating.player(1).client = 0;
  seating.player(1).gone_since_ms = 0;
  seating.set_computer(1, 3);
  EXPECT_EQ(unattended(seating, 12000, kTimeout, 5, false), Unattended::adjourn);
}

}  // namespace
}  // namespace banmen::server

// The computer's part alone (rooms/computer_opponent.h): which answers count, how many
// refusals it takes, seats handed to it and given back, the connection its requests come
// from; without a room, an engine pool, a strand or a store.
#include "rooms/computer_opponent.h"

#include <gtest/gtest.h>

#include "rooms/computer_facts.h"

namespace banmen::server {
namespace {

TEST(ComputerOpponent, OnlyTheSearchUnderWayCounts) {
  ComputerOpponent c;
  EXPECT_FALSE(c.thinking());
  const auto first = c.next_search(1, 7);
  c.searching(std::make_shared<EnginePool::Handle>());
  EXPECT_TRUE(c.thinking());
  EXPECT_TRUE(c.current(first));
  EXPECT_EQ(c.player(), 1);
  EXPECT_EQ(c.version(), 7u);
  c.answered();
  EXPECT_FALSE(c.thinking());
  EXPECT_FALSE(c.current(first));  // an answer counts once
}

TEST(ComputerOpponent, AStoppedSearchsAnswerIsForAPositionThatIsGone) {
  ComputerOpponent c;
  const auto first = c.next_search(0, 1);
  auto handle = std::make_shared<EnginePool::Handle>();
  c.searching(handle);
  c.stop();
  EXPECT_FALSE(c.thinking());
  EXPECT_FALSE(c.current(first));
  // The next search's number differs from the stopped one's, so a late answer of the old
  // one is never taken for it.
  const auto second = c.next_search(0, 2);
  c.searching(std::make_shared<EnginePool::Handle>());
  EXPECT_NE(second, first);
  EXPECT_FALSE(c.current(first));
  EXPECT_TRUE(c.current(second));
}

TEST(ComputerOpponent, NoPlaceInThePoolLeavesNothingUnderWay) {
  ComputerOpponent c;
  const auto search = c.next_search(0, 1);
  c.searching(nullptr);
  EXPECT_FALSE(c.thinking());
  EXPECT_FALSE(c.current(search));
  c.stop();  // nothing to stop: harmless
}

TEST(ComputerOpponent, StopsTryingAfterThreeRefusalsInARow) {
  ComputerOpponent c;
  EXPECT_FALSE(c.refused_again());
  EXPECT_FALSE(c.refused_again());
  c.moved();  // a move in between starts the count again
  EXPECT_FALSE(c.refused_again());
  EXPECT_FALSE(c.refused_again());
  EXPECT_TRUE(c.refused_again());
  EXPECT_EQ(c.refusals(), ComputerOpponent::kMaxRefusals);
}

TEST(ComputerOpponent, AHandedSeatGoesBackOnce) {
  ComputerOpponent c;
  EXPECT_FALSE(c.give_back(0));
  c.hand_over(0);
  EXPECT_FALSE(c.give_back(1));
  EXPECT_TRUE(c.give_back(0));
  EXPECT_FALSE(c.give_back(0));
}

TEST(ComputerOpponent, ItsRequestsComeFromOneSilentConnection) {
  ComputerOpponent c;
  EXPECT_EQ(c.client(), nullptr);
  Member& first = c.sender(1, "Computer (level 3)", "room");
  ASSERT_NE(c.client(), nullptr);
  EXPECT_EQ(c.client()->client_id(), kComputerClientId);
  EXPECT_EQ(first.player, 1);
  EXPECT_EQ(first.client.lock(), c.client());
  const auto* connection = c.client().get();
  Member& again = c.sender(0, "Computer (level 3)", "room");
  EXPECT_EQ(c.client().get(), connection);
  EXPECT_EQ(again.player, 0);
  c.client()->send(std::make_shared<const std::string>("{\"type\":\"ack\"}"));  // goes nowhere
}

}  // namespace
}  // namespace banmen::server

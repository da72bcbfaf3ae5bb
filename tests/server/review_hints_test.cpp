// The review's hint part alone (rooms/review_hints.h): one hint under way per room, one per
// client every few seconds, stale answers ignored, the table of askers bounded by time;
// without a room, an engine pool, a strand or sockets.
#include "rooms/review_hints.h"

#include <gtest/gtest.h>

namespace banmen::server {
namespace {

constexpr std::int64_t kGap = ReviewHints::kIntervalMs;

TEST(ReviewHints, OneHintUnderWayPerRoom) {
  ReviewHints h;
  EXPECT_TRUE(h.refusal(1, 0).empty());
  const auto search = h.next_search();
  h.searching(std::make_shared<EnginePool::Handle>(), 1, 0);
  // Another client, however long after, waits for the hint under way.
  EXPECT_EQ(h.refusal(2, 10 * kGap), "a hint is already being worked out");
  EXPECT_TRUE(h.answered(search));
  EXPECT_FALSE(h.thinking());
  EXPECT_TRUE(h.refusal(2, 10 * kGap).empty());
}

TEST(ReviewHints, OneHintPerClientEveryInterval) {
  ReviewHints h;
  const auto search = h.next_search();
  h.searching(std::make_shared<EnginePool::Handle>(), 1, 1000);
  ASSERT_TRUE(h.answered(search));
  EXPECT_EQ(h.refusal(1, 1000 + kGap - 1), "one hint every few seconds");
  EXPECT_TRUE(h.refusal(2, 1000 + kGap - 1).empty());  // someone else may
  EXPECT_TRUE(h.refusal(1, 1000 + kGap).empty());
}

TEST(ReviewHints, AnAnswerOfAnOlderSearchCountsForNothing) {
  ReviewHints h;
  const auto first = h.next_search();
  h.searching(nullptr, 1, 0);  // the pool had no place
  EXPECT_FALSE(h.thinking());
  const auto second = h.next_search();
  h.searching(std::make_shared<EnginePool::Handle>(), 2, 0);
  EXPECT_FALSE(h.answered(first));
  EXPECT_TRUE(h.thinking());
  EXPECT_TRUE(h.answered(second));
  EXPECT_FALSE(h.answered(second));  // once
}

TEST(ReviewHints, TheAskersAreForgottenOnceTheirIntervalIsOver) {
  ReviewHints h;
  for (std::uint64_t client = 1; client <= 100; ++client) {
    ASSERT_TRUE(h.refusal(client, static_cast<std::int64_t>(client)).empty());
    const auto search = h.next_search();
    h.searching(std::make_shared<EnginePool::Handle>(), client, static_cast<std::int64_t>(client));
    ASSERT_TRUE(h.answered(search));
  }
  EXPECT_EQ(h.askers(), 100u);
  EXPECT_TRUE(h.refusal(999, 100 + kGap).empty());
  EXPECT_EQ(h.askers(), 0u);
}

}  // namespace
}  // namespace banmen::server

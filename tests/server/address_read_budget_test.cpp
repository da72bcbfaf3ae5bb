// The read budget per address (server/net/address_read_budget.h), with a clock of the
// test's own: what each charge makes the connection wait, and that addresses are apart.
#include <gtest/gtest.h>

#include "net/address_read_budget.h"

namespace banmen::server {
namespace {

using std::chrono::milliseconds;
using Clock = AddressReadBudget::Clock;

TEST(AddressReadBudget, ABurstIsReadWithoutWaiting) {
  AddressReadBudget budget(1000, 4000);
  const auto t = Clock::now();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(budget.charge("a", 1000, t), milliseconds(0)) << i;
  // The bucket is empty: the next 500 bytes are paid for in half a second.
  EXPECT_EQ(budget.charge("a", 500, t), milliseconds(500));
}

TEST(AddressReadBudget, TheBucketRefillsAtItsRate) {
  AddressReadBudget budget(1000, 1000);
  const auto t = Clock::now();
  EXPECT_EQ(budget.charge("a", 1000, t), milliseconds(0));
  EXPECT_EQ(budget.charge("a", 250, t + milliseconds(250)), milliseconds(0));
  EXPECT_EQ(budget.charge("a", 1000, t + milliseconds(250)), milliseconds(1000));
  // Never more than its size, however long the address stayed quiet.
  EXPECT_EQ(budget.charge("a", 1000, t + std::chrono::hours(1)), milliseconds(0));
  EXPECT_EQ(budget.charge("a", 1, t + std::chrono::hours(1)), milliseconds(1));
}

TEST(AddressReadBudget, OneAddressSpendsOnlyItsOwn) {
  AddressReadBudget budget(1000, 1000);
  const auto t = Clock::now();
  EXPECT_GT(budget.charge("flood", 50'000, t), milliseconds(0));
  EXPECT_EQ(budget.charge("player", 200, t), milliseconds(0));
}

TEST(AddressReadBudget, NoRateIsNoBudget) {
  AddressReadBudget budget(0, 1024);
  EXPECT_EQ(budget.charge("a", std::size_t{1} << 30), milliseconds(0));
  EXPECT_EQ(budget.tracked(), 0u);
}

// Buckets full again are forgotten, so a crowd of addresses that came and went holds no
// memory.
TEST(AddressReadBudget, FullBucketsAreForgotten) {
  AddressReadBudget budget(1000, 1000);
  const auto t = Clock::now();
  for (int i = 0; i < 100; ++i) budget.charge("a" + std::to_string(i), 10, t);
  EXPECT_EQ(budget.tracked(), 100u);
  budget.charge("late", 10, t + std::chrono::seconds(5));
  EXPECT_EQ(budget.tracked(), 1u);
}

}  // namespace
}  // namespace banmen::server

// The per-seat rate limit of pushes, on a clock the test moves.
#include <gtest/gtest.h>

#include "push/push_throttle.h"

namespace {

using banmen::server::PushThrottle;
using namespace std::chrono_literals;

TEST(PushThrottle, OnePushPerSeatPerInterval) {
  PushThrottle throttle(60s);
  PushThrottle::Clock::time_point t0{};
  EXPECT_TRUE(throttle.allow("room1", 0, t0));
  EXPECT_FALSE(throttle.allow("room1", 0, t0 + 59s));
  EXPECT_TRUE(throttle.allow("room1", 1, t0 + 1s));  // the other seat is its own
  EXPECT_TRUE(throttle.allow("room2", 0, t0 + 1s));  // so is another room
  EXPECT_TRUE(throttle.allow("room1", 0, t0 + 60s));
  EXPECT_FALSE(throttle.allow("room1", 0, t0 + 61s));
}

TEST(PushThrottle, StaysBoundedAndForgetsTheOldestFirst) {
  PushThrottle throttle(60s, 2);
  PushThrottle::Clock::time_point t0{};
  EXPECT_TRUE(throttle.allow("a", 0, t0));
  EXPECT_TRUE(throttle.allow("b", 0, t0 + 1s));
  EXPECT_TRUE(throttle.allow("c", 0, t0 + 2s));   // "a" forgotten to make room
  EXPECT_TRUE(throttle.allow("a", 0, t0 + 3s));   // so it is allowed again ("b" goes)
  EXPECT_FALSE(throttle.allow("c", 0, t0 + 4s));  // "c" is still remembered
}

}  // namespace

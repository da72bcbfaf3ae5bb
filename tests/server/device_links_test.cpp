// The device links part alone (rooms/device_links.h): codes issued, spent once, expiring.
#include "rooms/device_links.h"

#include <gtest/gtest.h>

#include <string>

namespace banmen::server {
namespace {

TEST(DeviceLinks, ACodeOpensItsPlayersSeatOnce) {
  DeviceLinks links;
  links.issue(1, "code-one", 1000);
  links.issue(0, "code-zero", 1000);
  EXPECT_EQ(links.redeem("code-one", 2000), 1);
  EXPECT_EQ(links.redeem("code-one", 2000), -1);  // spent
  EXPECT_EQ(links.redeem("code-zero", 2000), 0);
}

TEST(DeviceLinks, ANewCodeReplacesTheOld) {
  DeviceLinks links;
  links.issue(0, "first", 0);
  links.issue(0, "second", 0);
  EXPECT_EQ(links.redeem("first", 1), -1);
  EXPECT_EQ(links.redeem("second", 1), 0);
}

TEST(DeviceLinks, AnExpiredCodeIsRefusedAndSpent) {
  DeviceLinks links;
  links.issue(0, "late", 0);
  EXPECT_EQ(links.redeem("late", DeviceLinks::kLifetimeMs), -1);
  links.issue(1, "in-time", 0);
  EXPECT_EQ(links.redeem("in-time", DeviceLinks::kLifetimeMs - 1), 1);
}

TEST(DeviceLinks, EmptyUnknownAndOverlongCodesOpenNothing) {
  DeviceLinks links;
  EXPECT_EQ(links.redeem("", 0), -1);
  const std::string long_code(DeviceLinks::kMaxCode + 1, 'x');
  links.issue(0, long_code, 0);
  EXPECT_EQ(links.redeem(long_code, 1), -1);  // longer than any code handed out
  EXPECT_EQ(links.redeem("never-issued", 1), -1);
}

}  // namespace
}  // namespace banmen::server

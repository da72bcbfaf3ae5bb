// The per-address request budgets (util/address_budgets.h): one bucket an address, costs
// charged beyond a request, and a bounded table of addresses.
#include "util/address_budgets.h"

#include <gtest/gtest.h>

namespace banmen::server {
namespace {

TEST(AddressBudgets, EachAddressHasItsOwnBurst) {
  AddressBudgets budgets(0.001, 2, 100);
  EXPECT_TRUE(budgets.admit("198.51.100.7"));
  EXPECT_TRUE(budgets.admit("198.51.100.7"));
  EXPECT_FALSE(budgets.admit("198.51.100.7"));
  EXPECT_TRUE(budgets.admit("203.0.113.9"));  // another address is untouched
}

TEST(AddressBudgets, ACostlyRequestTakesMoreThanOne) {
  AddressBudgets budgets(0.001, 5, 100);
  ASSERT_TRUE(budgets.admit("a"));
  budgets.charge("a", 4);  // what the request turned out to cost
  EXPECT_FALSE(budgets.admit("a"));
  budgets.charge("unknown", 10);  // an address never seen: nothing to charge
  EXPECT_EQ(budgets.tracked(), 1u);
}

TEST(AddressBudgets, TheTableOfAddressesStaysBoundedWithoutLockingAnyoneOut) {
  AddressBudgets budgets(0.001, 1, 10);
  for (int i = 0; i < 9; ++i) ASSERT_TRUE(budgets.admit("addr" + std::to_string(i)));
  EXPECT_FALSE(budgets.admit("addr0"));  // spent
  EXPECT_TRUE(budgets.admit("addr9"));   // the tenth address
  EXPECT_EQ(budgets.tracked(), 10u);
  // The table is full and no budget is whole again: every address is forgotten, so the
  // newcomer and the spent addr0 alike start with a fresh budget.
  EXPECT_TRUE(budgets.admit("addr10"));
  EXPECT_EQ(budgets.tracked(), 1u);
  EXPECT_TRUE(budgets.admit("addr0"));
  for (int i = 0; i < 1000; ++i) budgets.admit("more" + std::to_string(i));
  EXPECT_LE(budgets.tracked(), 10u);
}

}  // namespace
}  // namespace banmen::server

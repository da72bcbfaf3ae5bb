// perft depth 4 from the start (4.1 million leaves): release builds only.
#include <gtest/gtest.h>

#include "test_util.h"

namespace dogcat_test {
namespace {

TEST(DogcatDeepPerft, DepthFour) {
  EXPECT_EQ(new_game()->perft(4), 4124682u);
}

}  // namespace
}  // namespace dogcat_test

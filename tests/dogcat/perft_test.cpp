// perft from the start: a hidden drop counts once per type as its owner sees it, and a
// finished game has no moves. Depths 1-3 here; depth 4 in deep_perft_test.cpp.
#include <gtest/gtest.h>

#include "test_util.h"

namespace dogcat_test {
namespace {

TEST(DogcatPerft, FromTheStart) {
  auto g = new_game();
  EXPECT_EQ(g->perft(0), 1u);
  EXPECT_EQ(g->perft(1), 50u);  // 5 hidden types x 10 camp squares
  EXPECT_EQ(g->perft(2), 2500u);
  EXPECT_EQ(g->perft(3), 103740u);
}

TEST(DogcatPerft, DivideAddsUp) {
  auto g = new_game();
  play(*g, {"?R*2e", "?B*3b"});
  std::uint64_t sum = 0;
  for (const auto& [move, n] : g->perft_divide(2)) sum += n;
  EXPECT_EQ(sum, g->perft(2));
}

TEST(DogcatPerft, AFinishedGameHasNoMoves) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*2b", "2e2c"});
  EXPECT_EQ(g->perft(0), 1u);
  EXPECT_EQ(g->perft(1), 0u);
  EXPECT_EQ(g->perft(3), 0u);
}

// Counted by hand: after ?R*2e ?G*3b Dog has 4 types x 9 camp squares of hidden drops and
// the rook's moves (2d 2c 2b 2a and 1e 3e 4e 5e, with 2a also promoted): 36 + 9 = 45.
TEST(DogcatPerft, HandCountedPosition) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b"});
  EXPECT_EQ(g->perft(1), 45u);
}

}  // namespace
}  // namespace dogcat_test

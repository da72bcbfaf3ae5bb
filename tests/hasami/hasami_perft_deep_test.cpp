// The naive model's own count at depth three, and deeper counts on positions where games
// end inside the tree: quick in release, slow under sanitizers.
#include <gtest/gtest.h>

#include "hasami_test_util.h"
#include "naive_hasami.h"

namespace {

using namespace hasami_test;

TEST(HasamiPerftDeep, TheNaiveModelCountsDepthThree) {
  EXPECT_EQ(naive_hasami::perft(naive_hasami::Game::from_text(kStart), 3), 254219u);
}

TEST(HasamiPerftDeep, PositionsWhereGamesEndInsideTheTree) {
  const std::string positions[] = {
      // captures end games quickly: few pieces, many contacts
      "p1p1p4/1P1P5/p1p1p4/1P1P5/9/9/9/9/4PPP2 b - 1",
      // close to the ply limit
      "ppppp4/9/9/9/4p4/4P4/9/9/PPPPP4 w - 298",
      // close to a fourfold repetition
      "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1",
  };
  for (const auto& pos : positions) {
    auto g = make(pos);
    ASSERT_TRUE(g) << pos;
    auto n = naive_hasami::Game::from_text(pos);
    for (int d = 0; d <= 3; ++d) EXPECT_EQ(g->perft(d), naive_hasami::perft(n, d)) << pos << d;
  }
  // Three cycles played: the fourth return to the start ends the game inside the tree.
  auto g = make();
  auto n = naive_hasami::Game::from_text(kStart);
  const char* cycle[] = {"9i9h", "9a9b", "9h9i", "9b9a"};
  for (int ply = 0; ply < 10; ++ply) {
    ASSERT_TRUE(g->apply(cycle[ply % 4]).ok());
    n.play(cycle[ply % 4]);
  }
  for (int d = 0; d <= 3; ++d) EXPECT_EQ(g->perft(d), naive_hasami::perft(n, d)) << d;
}

}  // namespace

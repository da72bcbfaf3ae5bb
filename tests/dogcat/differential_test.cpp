// The rules core against naive_dogcat, a second implementation written from the spec alone:
// perft to depth 3 from the start and from positions of random games, and random games
// compared move by move (position, legal moves, result). Everything seen from the
// referee's side, where hidden types, candidate flags and hands are all in the text.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "naive_dogcat.h"
#include "test_util.h"

namespace dogcat_test {
namespace {

constexpr int kGames = 150;
constexpr auto kTimeLimit = std::chrono::seconds(60);

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

void expect_same(const banmen::Game& g, const naive_dogcat::Game& n, const std::string& where) {
  ASSERT_EQ(g.position(), n.text()) << where;
  ASSERT_EQ(status(g), n.result) << where << " " << n.text();
  ASSERT_EQ(sorted(g.legal_moves()), n.moves()) << where << " " << n.text();
}

TEST(DogcatDifferential, PerftFromTheStartAgrees) {
  auto g = new_game();
  naive_dogcat::Game n;
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(g->perft(depth), naive_dogcat::perft(n, depth)) << "depth " << depth;
}

TEST(DogcatDifferential, RandomGamesAgreeMoveByMove) {
  std::mt19937 rng(20261122);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  std::map<std::string, int> endings;
  int perft_checks = 0;
  int game = 0;  // after the loop: the games compared
  for (; game < kGames && std::chrono::steady_clock::now() < deadline; ++game) {
    auto g = new_game();
    naive_dogcat::Game n;
    for (int ply = 0; ply < 300; ++ply) {  // the move limit ends every game by ply 256
      const std::string where = "game " + std::to_string(game) + " ply " + std::to_string(ply);
      expect_same(*g, n, where);
      if (HasFatalFailure()) return;
      if (g->over()) break;
      // Now and then the whole tree two plies deep, from the middle of a game.
      if (ply % 16 == 8 && perft_checks < 200) {
        ++perft_checks;
        ASSERT_EQ(g->perft(2), naive_dogcat::perft(n, 2)) << where << " " << n.text();
      }
      const std::string m = random_move(*g, rng);
      ASSERT_TRUE(g->apply(m).ok()) << where << " " << m;
      n.play(m);
    }
    ASSERT_TRUE(g->over()) << "game " << game;
    ++endings[status(*g)];
  }
  for (auto& [how, count] : endings) RecordProperty(how, count);
  EXPECT_GE(game, kGames / 2) << "only " << game << " games compared in the time limit";
  EXPECT_GE(perft_checks, 20);
  // The random games must reach more than one way of ending to prove anything.
  EXPECT_GE(endings.size(), 3u);
}

}  // namespace
}  // namespace dogcat_test

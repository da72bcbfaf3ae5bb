// The rules core against the naive model: random games from the start (leaning towards
// captures so that games end by the capture rules), and random boards with pieces on
// edges, corners and in groups that no opening would reach.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>

#include "hasami_test_util.h"
#include "naive_hasami.h"

namespace {

using namespace hasami_test;

constexpr int kGames = 100;
constexpr int kRandomBoards = 800;
constexpr auto kTimeLimit = std::chrono::seconds(60);

void expect_same(const banmen::Game& g, const naive_hasami::Game& n, const std::string& where) {
  ASSERT_EQ(g.position(), n.text()) << where;
  ASSERT_EQ(sorted(g.legal_moves()), n.moves()) << where << " " << n.text();
  ASSERT_EQ(status(g), n.result()) << where << " " << n.text();
}

// A capturing move if there is one and the coin says so, else any move.
std::string pick(const naive_hasami::Game& n, const std::vector<std::string>& moves,
                 std::mt19937& rng) {
  if (rng() % 2) {
    const int before = n.captured_by(n.to_move);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const auto& m = moves[(k + rng()) % moves.size()];
      auto child = n;
      child.play(m);
      if (child.captured_by(n.to_move) > before) return m;
    }
  }
  return moves[rng() % moves.size()];
}

TEST(HasamiDifferential, RandomGamesAgreeMoveByMove) {
  std::mt19937 rng(20261121);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  std::map<std::string, int> endings;
  int game = 0;  // after the loop: the games compared
  for (; game < kGames && std::chrono::steady_clock::now() < deadline; ++game) {
    auto g = make();
    auto n = naive_hasami::Game::from_text(kStart);
    for (int ply = 0; ply < 310; ++ply) {  // the ply limit ends every game by ply 300
      expect_same(*g, n, "game " + std::to_string(game) + " ply " + std::to_string(ply));
      if (HasFatalFailure()) return;
      auto moves = n.moves();
      if (moves.empty()) break;
      const std::string m = pick(n, moves, rng);
      ASSERT_TRUE(g->apply(m).ok()) << m;
      n.play(m);
    }
    ASSERT_TRUE(g->over());
    ++endings[status(*g)];
  }
  for (auto& [how, count] : endings) RecordProperty(how, count);
  EXPECT_GE(endings.size(), 2u) << "the random games should end in more than one way";
  EXPECT_GE(game, kGames / 2) << "only " << game << " games compared in the time limit";
}

TEST(HasamiDifferential, RandomBoardsAgreeOnEveryMoveAndItsCaptures) {
  std::mt19937 rng(11);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  int i = 0;  // after the loop: the boards compared
  for (; i < kRandomBoards && std::chrono::steady_clock::now() < deadline; ++i) {
    // Seven to nine pieces a side keeps most boards in play; the rest may be over already.
    const bool crowded = rng() % 5 != 0;
    int left[2] = {crowded ? 7 + static_cast<int>(rng() % 3) : static_cast<int>(rng() % 10),
                   crowded ? 7 + static_cast<int>(rng() % 3) : static_cast<int>(rng() % 10)};
    std::vector<std::string> ranks(9, std::string(9, '.'));
    for (int side = 0; side < 2; ++side)
      while (left[side] > 0) {
        // Lean towards the edges, where the shut-in rule acts.
        int r = static_cast<int>(rng() % 9), c = static_cast<int>(rng() % 9);
        if (rng() % 3 == 0) r = rng() % 2 ? 0 : 8;
        auto& sq = ranks[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        if (sq != '.') continue;
        sq = side == 0 ? 'P' : 'p';
        --left[side];
      }
    const std::string text =
        picture(ranks, rng() % 2 ? 'b' : 'w', 1 + static_cast<int>(rng() % 300));
    auto g = make(text);
    ASSERT_TRUE(g) << text;
    auto n = naive_hasami::Game::from_text(text);
    expect_same(*g, n, "board " + std::to_string(i));
    if (HasFatalFailure()) return;
    for (const auto& m : n.moves()) {
      auto child = g->clone();
      ASSERT_TRUE(child->apply(m).ok());
      auto nc = n;
      nc.play(m);
      expect_same(*child, nc, "board " + std::to_string(i) + " after " + m);
      if (HasFatalFailure()) return;
    }
  }
  // The time limit must never leave the comparison nearly empty (under sanitizers too).
  EXPECT_GE(i, kRandomBoards / 2) << "only " << i << " boards compared in the time limit";
}

}  // namespace

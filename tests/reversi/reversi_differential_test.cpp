// The rules core against the naive model: whole random games from the start, and random
// boards that no game would reach (discs on every edge and corner, odd side to move).
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "naive_reversi.h"
#include "reversi_test_util.h"

namespace {

using namespace reversi_test;

constexpr int kGames = 400;
constexpr int kRandomBoards = 3000;
constexpr auto kTimeLimit = std::chrono::seconds(60);

// Compares everything the seam shows about one position with the naive model.
void expect_same(const banmen::Game& g, const naive_reversi::Board& b, const std::string& where) {
  ASSERT_EQ(g.position(), b.text()) << where;
  ASSERT_EQ(sorted(g.legal_moves()), b.moves()) << where << " " << b.text();
  ASSERT_EQ(status(g), b.result()) << where << " " << b.text();
}

TEST(ReversiDifferential, RandomGamesAgreeMoveByMove) {
  std::mt19937 rng(20261121);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  int passes = 0, draws = 0;
  int game = 0;  // after the loop: the games compared
  for (; game < kGames && std::chrono::steady_clock::now() < deadline; ++game) {
    auto g = make();
    auto b = naive_reversi::Board::from_text(kStart);
    for (int ply = 0; ply < 128; ++ply) {  // a game has at most 60 placements and few passes
      expect_same(*g, b, "game " + std::to_string(game) + " ply " + std::to_string(ply));
      if (HasFatalFailure()) return;
      auto moves = b.moves();
      if (moves.empty()) break;
      const std::string m = moves[rng() % moves.size()];
      passes += m == "pass";
      ASSERT_TRUE(g->apply(m).ok()) << m;
      b.play(m);
    }
    EXPECT_TRUE(g->over());
    draws += status(*g) == "draw disc_count";
  }
  EXPECT_GT(passes, 0) << "the random games should include forced passes";
  RecordProperty("passes", passes);
  RecordProperty("draws", draws);
  EXPECT_GE(game, kGames / 2) << "only " << game << " games compared in the time limit";
}

TEST(ReversiDifferential, RandomBoardsAgreeOnEveryMoveAndItsFlips) {
  std::mt19937 rng(7);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  int i = 0;  // after the loop: the boards compared
  for (; i < kRandomBoards && std::chrono::steady_clock::now() < deadline; ++i) {
    const int empty_share = 1 + static_cast<int>(rng() % 8);  // from crowded to sparse boards
    std::string text;
    for (int sq = 0; sq < 64; ++sq) {
      const int roll = static_cast<int>(rng() % 9);
      text += roll < empty_share ? '-' : (roll % 2 ? 'X' : 'O');
    }
    text += rng() % 2 ? " X" : " O";
    auto g = make(text);
    ASSERT_TRUE(g) << text;
    auto b = naive_reversi::Board::from_text(text);
    expect_same(*g, b, "board " + std::to_string(i));
    if (HasFatalFailure()) return;
    for (const auto& m : b.moves()) {
      auto child = g->clone();
      ASSERT_TRUE(child->apply(m).ok());
      auto nb = b;
      nb.play(m);
      expect_same(*child, nb, "board " + std::to_string(i) + " after " + m);
      if (HasFatalFailure()) return;
    }
    EXPECT_EQ(g->perft(2), naive_reversi::perft(b, 2)) << text;
  }
  // The time limit must never leave the comparison nearly empty (under sanitizers too).
  EXPECT_GE(i, kRandomBoards / 2) << "only " << i << " boards compared in the time limit";
}

}  // namespace

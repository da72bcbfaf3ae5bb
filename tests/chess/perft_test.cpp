// perft on the standard positions: every published count up to a million nodes here (fast
// enough for the sanitizer run); perft_deep_test.cpp goes to the full depths.
#include <gtest/gtest.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "games/registry.h"
#include "perft_positions.h"

namespace banmen::chess {
namespace {

TEST(ChessPerft, PublishedCountsUpToAMillion) {
  for (const auto& c : test::perft_cases()) {
    auto pos = parse_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.name;
    for (std::size_t d = 1; d <= c.counts.size() && c.counts[d - 1] <= 1'000'000; ++d)
      EXPECT_EQ(perft(*pos, static_cast<int>(d)), c.counts[d - 1]) << c.name << " depth " << d;
  }
}

TEST(ChessPerft, SeamPerftAndDivideAgree) {
  for (const auto& c : test::perft_cases()) {
    auto g = create_game("chess", c.fen);
    ASSERT_TRUE(g.ok()) << c.name;
    EXPECT_EQ((*g)->perft(0), 1u);
    EXPECT_EQ((*g)->perft(2), c.counts[1]) << c.name;
    std::uint64_t sum = 0;
    auto divide = (*g)->perft_divide(3);
    for (const auto& [move, n] : divide) sum += n;
    EXPECT_EQ(divide.size(), c.counts[0]) << c.name;
    EXPECT_EQ(sum, c.counts[2]) << c.name;
  }
}

// Positions whose counts are known by hand: en passant that would expose the king along
// the rank, castling through check, promotions and double check.
TEST(ChessPerft, SmallTrickyPositions) {
  struct Case {
    const char* fen;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", 1, 4},      // bxc6 e.p. illegal: 3 king + b6
      {"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 1, 6},    // exd3 e.p. illegal (queen on the rank)
      {"8/P7/8/8/8/8/8/k6K w - - 0 1", 1, 7},         // 4 promotions + 3 king moves
      {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", 1, 15},      // O-O + 9 rook + 5 king
      {"4k3/8/8/8/8/8/8/r3K2R w K - 0 1", 1, 3},      // rook on a1 gives check: no castling
      {"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", 1, 4},   // in check: king moves only
      {"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", 1, 22},  // f1 attacked: O-O-O only
  };
  for (const auto& c : cases) {
    auto pos = parse_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error().message;
    EXPECT_EQ(perft(*pos, c.depth), c.count) << c.fen;
  }
}

}  // namespace
}  // namespace banmen::chess

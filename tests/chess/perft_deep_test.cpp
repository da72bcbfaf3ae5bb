// perft to the depths the issue asks for (at least a million nodes per position), plus
// Kiwipete to depth 5 (193,690,690). Release builds only: too slow under sanitizers.
#include <gtest/gtest.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "perft_positions.h"

namespace banmen::chess {
namespace {

TEST(ChessPerftDeep, PublishedCountsFullDepth) {
  for (const auto& c : test::perft_cases()) {
    auto pos = parse_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.name;
    const int depth = static_cast<int>(c.counts.size());
    EXPECT_EQ(perft(*pos, depth), c.counts.back()) << c.name << " depth " << depth;
  }
}

TEST(ChessPerftDeep, KiwipeteDepth5) {
  auto pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(perft(*pos, 5), 193690690u);
}

}  // namespace
}  // namespace banmen::chess

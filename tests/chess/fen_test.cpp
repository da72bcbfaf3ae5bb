// FEN: exact round trips, and a clear bad_position error for every kind of malformed FEN.
#include <gtest/gtest.h>

#include "chess/fen.h"
#include "perft_positions.h"

namespace banmen::chess {
namespace {

TEST(ChessFen, RoundTripsExactly) {
  for (const auto& c : test::perft_cases()) {
    auto pos = parse_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    EXPECT_EQ(format_fen(*pos), c.fen);
  }
  const char* more[] = {
      "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
      "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 40",
      "8/8/8/8/8/8/8/k6K w - - 99 120",
  };
  for (const char* fen : more) {
    auto pos = parse_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error().message;
    EXPECT_EQ(format_fen(*pos), fen);
  }
}

TEST(ChessFen, FourFieldsGetDefaultCounters) {
  auto pos = parse_fen("8/8/8/8/8/8/8/k6K b - -");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(format_fen(*pos), "8/8/8/8/8/8/8/k6K b - - 0 1");
}

TEST(ChessFen, KeyMatchesIncrementalKey) {
  auto a = parse_fen(kStartFen);
  ASSERT_TRUE(a.ok());
  a->make(Move::make(parse_square("g1"), parse_square("f3")));
  auto b = parse_fen(format_fen(*a));
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(a->key, b->key);
  EXPECT_EQ(a->key, a->compute_key());
}

TEST(ChessFen, EveryErrorIsReported) {
  struct Case {
    const char* fen;
    const char* says;  // a part of the message
  } cases[] = {
      {"", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"},
      {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fewer than 8 squares"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
      {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has no king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "more than one king"},
      {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or last rank"},
      {"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"},
      {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "too many pawns"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1", "castling field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "castling field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  - 0 1", "empty castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w kq - 0 1", ""},  // valid: see below
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "not a square"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "wrong rank"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "double step"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1", "halfmove clock of 0"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", "fullmove number"},
      {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side not to move is in check"},
      {"8/8/8/8/8/8/8/kK6 w - - 0 1", "side not to move is in check"},
      {"4k3/8/8/4r3/1b6/3n4/8/4K3 w - - 0 1", "more than two"},
  };
  for (const auto& c : cases) {
    auto pos = parse_fen(c.fen);
    if (std::string(c.says).empty()) {
      EXPECT_TRUE(pos.ok()) << c.fen;
      continue;
    }
    ASSERT_FALSE(pos.ok()) << c.fen;
    EXPECT_EQ(pos.error().code, errc::bad_position) << c.fen;
    EXPECT_NE(pos.error().message.find(c.says), std::string::npos)
        << c.fen << " -> " << pos.error().message;
  }
}

TEST(ChessFen, SquareNames) {
  EXPECT_EQ(parse_square("a1"), 0);
  EXPECT_EQ(parse_square("h8"), 63);
  EXPECT_EQ(parse_square("i1"), kNoSquare);
  EXPECT_EQ(parse_square("a9"), kNoSquare);
  EXPECT_EQ(parse_square("a"), kNoSquare);
  EXPECT_EQ(square_name(parse_square("e4")), "e4");
}

}  // namespace
}  // namespace banmen::chess

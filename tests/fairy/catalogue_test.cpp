// Fairy-Stockfish's catalogue by name (common/fairy/catalogue.ini): the keys its sections
// brought (en passant regions for each side, a region of no square, where the search for a
// castling rook starts, a stalemate valued by the pieces), perft of starts at a
// small depth against Fairy-Stockfish's counts (`go perft N` after `setoption name
// UCI_Variant value X`; the deeper ones are in perft_deep_test.cpp), and `fairy` as
// Fairy-Stockfish's parent with its five extra pieces.
#include <gtest/gtest.h>

#include <algorithm>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::lists;
using test::sorted_moves;

std::string fen_after(const std::string& variant, const std::string& fen, const std::string& uci) {
  auto g = create_fairy_game(named_variant(variant), fen);
  EXPECT_TRUE(g.ok()) << variant << " " << fen;
  if (!g.ok()) return {};
  EXPECT_TRUE((*g)->apply(uci).ok()) << uci;
  return (*g)->position();
}

TEST(FairyCatalogue, EnPassantRegionForEachSide) {
  // Horde: White's pawns may step twice from the first rank too, but Black takes en passant
  // only on the third rank (enPassantRegionBlack = *3), so not after a1a3.
  EXPECT_EQ(fen_after("horde", "k7/8/8/8/1p6/8/P7/7K w - - 0 1", "a2a4"),
            "k7/8/8/8/Pp6/8/8/7K b - a3 0 1");
  EXPECT_EQ(fen_after("horde", "k7/8/8/8/8/1p6/8/P6K w - - 0 1", "a1a3"),
            "k7/8/8/8/8/Pp6/8/7K b - - 0 1");
  // Georgian chess: enPassantRegion = - (no square), where the amazon variant takes.
  const std::string start = "rnbakbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBAKBNR b - - 0 1";
  EXPECT_EQ(fen_after("georgian", start, "d7d5"),
            "rnbakbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBAKBNR w - - 0 2");
  EXPECT_EQ(fen_after("amazon", start, "d7d5"),
            "rnbakbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBAKBNR w - d6 0 2");
  const auto georgian = sorted_moves("georgian", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(std::count(georgian.begin(), georgian.end(), "e5d6"), 0);
}

TEST(FairyCatalogue, RegionKeysReadBothSidesAndNoSquare) {
  VariantError error;
  const auto file = parse_variant_file(
      "[a:chess]\n"
      "enPassantRegionWhite = *6\n"
      "enPassantRegion = *4\n"
      "[b:a]\n"
      "enPassantRegion = -\n"
      "[c:b]\n"
      "enPassantRegionBlack = *3 *4\n",
      error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  // A side's own key wins over the key for both, whatever the order of their lines ...
  const VariantSettings& a = file->find("a")->settings;
  EXPECT_EQ(a.en_passant_region_white, "*6");
  EXPECT_EQ(a.en_passant_region, "*4");
  // ... and a child's key for both replaces what both sides inherited.
  const VariantSettings& b = file->find("b")->settings;
  EXPECT_EQ(b.en_passant_region_white, "");
  EXPECT_EQ(b.en_passant_region, "-");
  const VariantSettings& c = file->find("c")->settings;
  EXPECT_EQ(c.en_passant_region_black, "*3 *4");
  EXPECT_EQ(c.en_passant_region, "-");
  EXPECT_FALSE(parse_variant_file("[d:chess]\nenPassantRegionWhite = - *3\n", error));
  EXPECT_EQ(error.to_string(),
            "line 2: enPassantRegionWhite expects squares such as a8 or *8, not '-'");
}

TEST(FairyCatalogue, CastlingRookFilesWhereTheSearchStarts) {
  // Shako: K and Q find the rooks on i2 and b2 (castlingRookKingsideFile = i,
  // castlingRookQueensideFile = b), not the elephants in the corners; the king castles to
  // h2 and d2, written as the king taking its rook where it could step there plainly.
  const std::string fen = "c8c/4k5/10/10/10/10/10/10/ER2K3RE/C8C w KQ - 0 1";
  const auto moves = sorted_moves("shako", fen);
  EXPECT_EQ(moves.size(), 57u);  // Fairy-Stockfish's count
  EXPECT_EQ(fen_after("shako", fen, "e2h2"), "c8c/4k5/10/10/10/10/10/10/ER4RK1E/C8C b - - 1 1");
  EXPECT_EQ(fen_after("shako", fen, "e2b2"), "c8c/4k5/10/10/10/10/10/10/E2KR3RE/C8C b - - 1 1");
}

Outcome outcome_of(const std::string& variant, const std::string& fen) {
  auto g = create_fairy_game(named_variant(variant), fen);
  EXPECT_TRUE(g.ok()) << variant << " " << fen;
  return g.ok() ? (*g)->outcome() : Outcome{};
}

TEST(FairyCatalogue, StalemateByPieceCount) {
  // Suicide chess: a stalemated side with fewer pieces wins, with more loses, with as many
  // draws; in antichess a stalemate is always won.
  EXPECT_EQ(outcome_of("suicide", "8/8/8/8/p7/P7/8/8 w - - 0 1"), Outcome::draw("stalemate"));
  EXPECT_EQ(outcome_of("suicide", "p7/8/8/8/p7/P7/8/8 w - - 0 1"), Outcome::win(0, "stalemate"));
  EXPECT_EQ(outcome_of("suicide", "8/8/8/8/p7/P7/8/7P b - - 0 1"), Outcome::win(1, "stalemate"));
  EXPECT_EQ(outcome_of("antichess", "8/8/8/8/p7/P7/8/8 w - - 0 1"), Outcome::win(0, "stalemate"));
}

TEST(FairyCatalogue, FairyIsChessWithFivePiecesOffTheBoard) {
  VariantError error;
  const auto file = parse_variant_file(
      "[mine:fairy]\n"
      "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNM w KQkq - 0 1\n",
      error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const VariantDefinition& mine = file->variants.front();
  for (const char* name : {"silver", "fers", "archbishop", "chancellor", "commoner"}) {
    const bool found = std::any_of(mine.pieces.begin(), mine.pieces.end(),
                                   [&](const PieceType& p) { return p.name == name; });
    EXPECT_TRUE(found) << name;
  }
  EXPECT_EQ(mine.piece('m')->name, "commoner");
}

// Depth 3 here, so that the sanitizer builds run them too.
TEST(FairyCatalogue, StartPerftEqualsFairyStockfish) {
  const test::PerftCase cases[] = {
      {"fairy", "", 3, 8902},         {"torpedo", "", 3, 9194},      {"georgian", "", 4, 318185},
      {"horde", "", 3, 1274},         {"losers", "", 3, 8067},       {"coregal", "", 3, 8882},
      {"breakthrough", "", 3, 11132}, {"fox-and-hounds", "", 3, 56}, {"torishogi", "", 3, 5430},
      {"yarishogi", "", 3, 7960},     {"shoshogi", "", 3, 17368},    {"jesonmor", "", 3, 27960},
  };
  for (const auto& c : cases) {
    auto variant = named_variant(c.variant);
    ASSERT_TRUE(variant) << c.variant;
    Position pos = test::position_of(variant->rules, c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " depth " << c.depth;
  }
}

}  // namespace
}  // namespace banmen::fairy

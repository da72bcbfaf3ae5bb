// Ataxx and reversi (Fairy-Stockfish's ataxx, flipersi, flipello, flipello10): drops that
// must enclose or touch, the pieces they turn over, passing, and the end by material.
#include <gtest/gtest.h>

#include "fairy/fairy_game.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::lists;
using test::position_of;
using test::sorted_moves;

const std::string reversi_pocket =
    "[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP"
    "pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp]";

// Counts of Fairy-Stockfish c19b5f6c (go perft), the start positions and chosen ones.
TEST(FairyEnclosing, PerftMatchesFairyStockfish) {
  const test::PerftCase enclosing_cases[] = {
      {"ataxx", "", 3, 6460},
      {"flipersi", "", 7, 1536},
      {"flipello", "", 7, 55092},
      {"flipello10", "", 7, 55180},
      {"ataxx", "PPp1p2/1pP1P2/2pp3/3P3/1p5/5pp/p3PPP w - - 0 10", 3, 284342},
      {"ataxx", "ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppPPP/pppp1PP b - - 0 30", 3, 68},
  };
  for (const auto& c : enclosing_cases) {
    Position pos = position_of(catalogue_rules(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
  for (const auto& [fen, count] :
       {std::pair{"8/8/2pPp3/3PP3/2pPpP2/4P3/8/8" + reversi_pocket + " w - - 0 1", 280},
        std::pair{"8/8/2pPp3/3PP3/2pPpP2/4P3/8/8" + reversi_pocket + " b - - 0 1", 98}}) {
    Position pos = position_of(catalogue_rules("flipello"), fen);
    EXPECT_EQ(perft(pos, 3), static_cast<std::uint64_t>(count)) << fen;
  }
  Position pos = position_of(catalogue_rules("flipersi"),
                             "8/8/8/3Pp3/3pP3/2P5/8/8" + reversi_pocket + " b - - 0 1");
  EXPECT_EQ(perft(pos, 3), 92u);
}

TEST(FairyEnclosing, AtaxxClonesJumpsAndFlips) {
  // A clone is a drop next to an own piece, a jump a leap two squares away.
  auto moves = sorted_moves("ataxx", "");
  EXPECT_EQ(moves.size(), 16u);
  EXPECT_TRUE(lists(moves, "P@f1"));
  EXPECT_TRUE(lists(moves, "g1e3"));
  EXPECT_FALSE(lists(moves, "P@e1"));
  // Both turn over every piece of the other side next to the square, and are undone
  // exactly (the key too).
  const std::string fen = "7/7/7/2ppp2/2p1p2/2ppp2/P3P2 w - - 0 1";
  Position pos = position_of(catalogue_rules("ataxx"), fen);
  const std::uint64_t key = pos.key();
  MoveList list;
  pos.legal_moves(list);
  for (const Move& m : list) {
    if (m.to != square_of(3, 2)) continue;  // d3: only the jump from e1 reaches it
    pos.make(m);
    EXPECT_EQ(pos.total(white), 10);
    EXPECT_EQ(pos.total(black), 0);
    pos.unmake();
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(write_fen(pos), fen);
  }
  auto g = catalogue_game("ataxx", fen);
  ASSERT_TRUE(g->apply("e1d3").ok());
  EXPECT_TRUE(g->position().starts_with("7/7/7/2PPP2/2PPP2/2PPP2/P6 b")) << g->position();
}

TEST(FairyEnclosing, AtaxxPassesAndEndsByMaterial) {
  // White's only piece has every square within two taken: it passes (its square twice).
  auto moves = sorted_moves("ataxx", "ppppp2/ppppp2/ppPpp2/ppppp2/ppppp2/7/7 w - - 0 1");
  EXPECT_EQ(moves, std::vector<std::string>{"c5c5"});
  // A full board ends the game: the side with more pieces wins.
  auto full =
      catalogue_game("ataxx", "ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppPPP/pppp1PP b - - 0 30");
  ASSERT_TRUE(full->apply("P@e1").ok());
  EXPECT_EQ(full->outcome(), Outcome::win(1, "full_board"));
  // A side without pieces cannot move nor pass: a stalemate, lost by the fewer pieces.
  auto bare = catalogue_game("ataxx", "7/7/7/3p3/7/7/7 w - - 0 1");
  EXPECT_EQ(bare->outcome(), Outcome::win(1, "stalemate"));
}

TEST(FairyEnclosing, ReversiDropsEncloseAndFlip) {
  // flipersi: the four centre squares first, whatever encloses.
  auto start = sorted_moves("flipersi", "");
  EXPECT_EQ(start, (std::vector<std::string>{"P@d4", "P@d5", "P@e4", "P@e5"}));
  auto g = catalogue_game("flipello");
  EXPECT_EQ(sorted_moves("flipello", ""),
            (std::vector<std::string>{"P@c5", "P@d6", "P@e3", "P@f4"}));
  ASSERT_TRUE(g->apply("P@e3").ok());
  EXPECT_TRUE(g->position().starts_with("8/8/8/3pP3/3PP3/4P3/8/8["));
  // A long line of the other side's stones, closed at its far end, turns over at once (a
  // drop goes elsewhere only once the four centre squares are taken).
  const std::string fen = "Ppppppp1/8/8/3pP3/3Pp3/8/8/8" + reversi_pocket + " w - - 0 1";
  Position pos = position_of(catalogue_rules("flipello"), fen);
  const std::uint64_t key = pos.key();
  Move m{};
  ASSERT_TRUE(find_uci_move(pos, "P@h8", m));
  pos.make(m);
  EXPECT_EQ(pos.total(white), 10);
  EXPECT_EQ(pos.total(black), 2);
  pos.unmake();
  EXPECT_EQ(pos.key(), key);
  EXPECT_EQ(write_fen(pos), fen);
  auto line = catalogue_game("flipello", fen);
  ASSERT_TRUE(line->apply("P@h8").ok());
  EXPECT_TRUE(line->position().starts_with("PPPPPPPP/8/8/3pP3/3Pp3/8/8/8[")) << line->position();
}

TEST(FairyEnclosing, ReversiPassingAndItsEnd) {
  // flipello passes when it cannot drop; two passes end the game by the stones' count.
  const std::string fen = "p7/8/8/3PP3/3PP3/8/8/8" + reversi_pocket + " b - - 0 1";
  auto g = catalogue_game("flipello", fen);
  EXPECT_EQ(sorted_moves("flipello", fen), std::vector<std::string>{"a8a8"});
  ASSERT_TRUE(g->apply("a8a8").ok());
  EXPECT_FALSE(g->over());
  ASSERT_TRUE(g->apply("d4d4").ok());
  EXPECT_EQ(g->outcome(), Outcome::win(0, "double_pass"));
  // flipersi does not pass: the side without a move and fewer stones loses.
  auto s = catalogue_game("flipersi", fen);
  EXPECT_EQ(s->outcome(), Outcome::win(0, "stalemate"));
}

TEST(FairyEnclosing, KeysAreReadAndChecked) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file("[x:ataxx]\nenclosingDrop = quadwrangle\n", error));
  EXPECT_EQ(error.to_string(),
            "line 2: enclosingDrop expects reversi, ataxx, snort, anyside, top or none");
  EXPECT_FALSE(parse_variant_file("[x:flipello]\nflipEnclosedPieces = top\n", error));
  EXPECT_FALSE(parse_variant_file("[x:chess]\nflipEnclosedPieces = ataxx\n", error));
  EXPECT_EQ(error.to_string(),
            "line 2: flipEnclosedPieces cannot be used with a royal king (king = -), as in "
            "Fairy-Stockfish");
  EXPECT_TRUE(parse_variant_file("[x:ataxx]\nflipEnclosedPieces = quadwrangle\n", error))
      << error.to_string();
}

// Sections of Fairy-Stockfish's own variants.ini (as in tests/fairy/test_variants_*.ini),
// with its counts.
TEST(FairyEnclosing, FairyStockfishSectionsMatchItsPerft) {
  const std::string text =
      "[quadwrangle:ataxx]\nmaxRank = 8\nmaxFile = 8\n"
      "startFen = 1PPPPPP1/p6P/p6P/p6P/p6P/p6P/p6P/1pppppp1\ncustomPiece1 = p:mQ\n"
      "flipEnclosedPieces = quadwrangle\nenclosingDrop = none\n"
      "[quadwrangle7x7:quadwrangle]\nmaxRank = 7\nmaxFile = 7\n"
      "startFen = 1PPPPP1/p5P/p5P/p5P/p5P/p5P/1ppppp1\n"
      "[snort:ataxx]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8\nenclosingDrop = snort\n"
      "flipEnclosedPieces = none\nmaxRank = 8\nmaxFile = 8\npassOnStalemate = false\n"
      "stalematePieceCount = false\n"
      "[flipello6:flipello]\nmaxRank = 6\nmaxFile = 6\n"
      "startFen = 6/6/2pP2/2Pp2/6/6[PPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] w 0 1\n"
      "enclosingDropStart = c3 d3 c4 d4\n"
      "[cfour]\nmaxRank = 6\nmaxFile = 7\nimmobile = p\n"
      "startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1\n"
      "pieceDrops = true\nenclosingDrop = top\ndoubleStep = false\ncastling = false\n"
      "stalemateValue = draw\nimmobilityIllegal = false\nconnectN = 4\nnMoveRule = 0\n"
      "[cfour-anyside:cfour]\nmaxRank = 7\n"
      "startFen = 7/7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1\n"
      "enclosingDrop = anyside\n";
  VariantError error;
  auto file = parse_variant_file(text, error);
  ASSERT_TRUE(file) << error.to_string();
  const std::pair<const char*, std::pair<int, std::uint64_t>> counts[] = {
      {"quadwrangle", {2, 28680}}, {"quadwrangle7x7", {2, 13730}}, {"snort", {2, 3808}},
      {"flipello6", {6, 7604}},    {"cfour", {4, 2401}},           {"cfour-anyside", {3, 12102}},
  };
  for (const auto& [name, expected] : counts) {
    const VariantDefinition* d = file->find(name);
    ASSERT_NE(d, nullptr) << name;
    std::string problem;
    auto rules = compile_rules(*d, problem);
    ASSERT_TRUE(rules) << name << ": " << problem;
    Position pos = position_of(*rules, "");
    EXPECT_EQ(perft(pos, expected.first), expected.second) << name;
  }
}

}  // namespace
}  // namespace banmen::fairy

// The arena's move conversion for an outside UCI engine (server/tools/arena/uci_notation.h),
// checked against outside truth: the move lists below are Fairy-Stockfish's own (`go perft
// 1` in UCI mode) for the same positions, and every legal move of our rules core must map
// onto exactly that list and back.
#include "uci_notation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/registry.h"

namespace {

using banmen::arena::from_uci_move;
using banmen::arena::to_uci_move;

std::set<std::string> split_words(const std::string& text) {
  std::set<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.insert(w);
  return words;
}

// Plays `moves` (our notation) from the start, then compares the converted legal moves with
// the engine's list, and converts each back.
void expect_same_moves(const char* game, const std::vector<std::string>& moves,
                       const std::string& engine_list) {
  auto created = banmen::create_game(game);
  ASSERT_TRUE(created.ok());
  auto& g = *created;
  for (const auto& m : moves) ASSERT_TRUE(g->apply(m).ok()) << m;
  std::set<std::string> converted;
  for (const auto& m : g->legal_moves()) {
    const auto u = to_uci_move(game, m);
    ASSERT_TRUE(u.has_value()) << m;
    converted.insert(*u);
    const auto back = from_uci_move(game, *u);
    ASSERT_TRUE(back.has_value()) << *u;
    EXPECT_EQ(*back, m);
  }
  EXPECT_EQ(converted, split_words(engine_list));
}

TEST(ArenaUciNotation, ShogiSquaresDropsAndPromotions) {
  EXPECT_EQ(to_uci_move("shogi", "7g7f"), "c3c4");
  EXPECT_EQ(to_uci_move("shogi", "8h2b+"), "b2h8+");
  EXPECT_EQ(to_uci_move("shogi", "P*5e"), "P@e5");
  EXPECT_EQ(to_uci_move("shogi", "1a9i"), "i9a1");
  EXPECT_EQ(from_uci_move("shogi", "b2h8+"), "8h2b+");
  EXPECT_EQ(from_uci_move("shogi", "G@a9"), "G*9a");
  EXPECT_EQ(to_uci_move("minishogi", "5d5c"), "a2a3");
  EXPECT_EQ(from_uci_move("minishogi", "e5e4"), "1a1b");
}

TEST(ArenaUciNotation, RefusesTextOffTheBoard) {
  for (const char* bad : {"", "(none)", "0a1b", "7j7f", "P*5", "p*5e", "7g7f=", "7g7f++"})
    EXPECT_FALSE(to_uci_move("shogi", bad).has_value()) << bad;
  for (const char* bad : {"(none)", "j1a1", "a0a1", "P*e5", "f1a1"})
    EXPECT_FALSE(from_uci_move("minishogi", bad).has_value()) << bad;
}

TEST(ArenaUciNotation, ChessPassesUnchanged) {
  EXPECT_EQ(to_uci_move("chess", "e1g1"), "e1g1");
  EXPECT_EQ(from_uci_move("chess", "e7e8q"), "e7e8q");
}

TEST(ArenaUciNotation, UciVariantOnlyForGamesWithTheSameRules) {
  EXPECT_EQ(banmen::arena::uci_variant("shogi"), "shogi");
  EXPECT_EQ(banmen::arena::uci_variant("chess"), "chess");
  EXPECT_EQ(banmen::arena::uci_variant("dogcat"), "");
  EXPECT_EQ(banmen::arena::uci_variant("reversi"), "");
  EXPECT_EQ(banmen::arena::uci_variant("capablanca"), "capablanca");
  EXPECT_EQ(banmen::arena::uci_variant("makruk"), "makruk");
  EXPECT_EQ(banmen::arena::uci_variant("chess960"), "");  // no common start position
  EXPECT_EQ(banmen::arena::uci_variant("custom"), "");
}

// Fairy-Stockfish 241126 (UCI mode, UCI_Variant shogi / minishogi), `go perft 1`.
TEST(ArenaUciNotation, ShogiMovesMatchTheEnginesList) {
  expect_same_moves("shogi", {}, R"(h2c2 h2d2 h2e2 h2f2 h2g2 h2i2 c1c2 c1d2 g1f2 g1g2 a3a4 b3b4
      c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 i3i4 a1a2 i1i2 d1c2 d1d2 d1e2 f1e2 f1f2 f1g2 e1d2 e1e2 e1f2)");
  // Promotion optional on entering the zone: both moves listed.
  expect_same_moves("shogi", {"7g7f", "3c3d"}, R"(b2c3 b2d4 b2e5 b2f6 b2g7 b2h8 b2g7+ b2h8+
      h2c2 h2d2 h2e2 h2f2 h2g2 h2i2 c1c2 c1d2 g1f2 g1g2 a3a4 b3b4 d3d4 e3e4 f3f4 g3g4 h3h4
      i3i4 c4c5 a1a2 i1i2 b1c3 d1c2 d1d2 d1e2 f1e2 f1f2 f1g2 e1d2 e1e2 e1f2)");
  // A bishop in hand: drops.
  expect_same_moves("shogi", {"7g7f", "3c3d", "8h2b+", "3a2b"},
                    R"(h2a2 h2b2 h2c2 h2d2 h2e2 h2f2 h2g2 h2i2 c1b2 c1c2 c1d2 g1f2 g1g2 a3a4
      b3b4 d3d4 e3e4 f3f4 g3g4 h3h4 i3i4 c4c5 a1a2 i1i2 b1c3 d1c2 d1d2 d1e2 f1e2 f1f2 f1g2
      B@a2 B@b2 B@c2 B@d2 B@e2 B@f2 B@g2 B@i2 B@c3 B@a4 B@b4 B@d4 B@e4 B@f4 B@g4 B@h4 B@i4
      B@a5 B@b5 B@c5 B@d5 B@e5 B@f5 B@g5 B@h5 B@i5 B@a6 B@b6 B@c6 B@d6 B@e6 B@f6 B@h6 B@i6
      B@g7 B@a8 B@c8 B@d8 B@e8 B@f8 B@g8 B@i8 B@g9 e1d2 e1e2 e1f2)");
}

TEST(ArenaUciNotation, MinishogiMovesMatchTheEnginesList) {
  expect_same_moves("minishogi", {},
                    "d1c2 d1e2 d1b3 d1a4 e1e2 e1e3 e1e4 c1b2 c1c2 c1d2 a2a3 b1b2 b1c2 a1b2");
  // A pawn in hand, a file already holding one: no drop there (nifu), none on the last rank.
  expect_same_moves("minishogi", {"1e1b", "2a1b"}, R"(d1c2 d1e2 d1b3 d1a4 c1b2 c1c2 c1d2 a2a3
      b1b2 b1c2 P@e1 P@b2 P@c2 P@d2 P@e2 P@b3 P@c3 P@d3 P@e3 P@b4 P@c4 P@d4 a1b2)");
}

}  // namespace

// Japanese move text by the Japan Shogi Association's rules, on the textbook cases (the
// differential script japanese.mjs checks thousands more against tsshogi), and the
// impasse count a client shows.
#include <gtest/gtest.h>

#include "shogi/impasse_view.h"
#include "shogi/movegen.h"
#include "shogi/records/japanese_move.h"
#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;
using testing::play;

// The text of the legal move `usi` in `sfen`.
std::string text(std::string_view sfen, std::string_view usi) {
  Position pos = testing::position(sfen);
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if (usi_move(pos.variant(), m) == usi) return japanese_move_text(pos, m, kNoMove);
  ADD_FAILURE() << usi << " is not legal in " << sfen;
  return {};
}

TEST(ShogiJapaneseMove, OriginWordsOnlyWhereTwoPiecesCouldReach) {
  // Two golds moving up to 5h: told apart by side (the piece on Black's right is 右).
  const char* pair = "4k4/9/9/9/9/9/9/9/3GKG3 b - 1";
  EXPECT_EQ(text(pair, "6i5h"), "５八金左");
  EXPECT_EQ(text(pair, "4i5h"), "５八金右");
  EXPECT_EQ(text(pair, "5i5h"), "５八玉");  // the only king
  EXPECT_EQ(text(pair, "6i7h"), "７八金");  // no other gold reaches 7h
  // Straight up is 直.
  const char* straight = "4k4/9/9/9/9/9/9/9/K3GG3 b - 1";
  EXPECT_EQ(text(straight, "5i5h"), "５八金直");
  EXPECT_EQ(text(straight, "4i5h"), "５八金右");
  // Moving sideways (寄) against moving up (上) needs no side.
  const char* sideways = "4k4/9/9/9/9/9/9/3G5/K3G4 b - 1";
  EXPECT_EQ(text(sideways, "6h5h"), "５八金寄");
  EXPECT_EQ(text(sideways, "5i5h"), "５八金上");
  // Dragons are never 直; a dragon from the left is 左.
  const char* dragons = "+R7+R/9/9/9/4k4/9/9/9/K8 b - 1";
  EXPECT_EQ(text(dragons, "9a5a"), "５一龍左");
  EXPECT_EQ(text(dragons, "1a5a"), "５一龍右");
  // White's right is towards file 9.
  const char* white = "3g1g3/9/9/9/4K4/9/9/9/8k w - 1";
  EXPECT_EQ(text(white, "6a5b"), "５二金右");
  EXPECT_EQ(text(white, "4a5b"), "５二金左");
}

TEST(ShogiJapaneseMove, DropsSayOnlyWhenABoardPieceCouldAlsoGo) {
  const char* sfen = "4k4/9/9/9/9/9/9/9/K4G3 b G 1";
  EXPECT_EQ(text(sfen, "G*5h"), "５八金打");
  EXPECT_EQ(text(sfen, "G*1e"), "１五金");
}

TEST(ShogiJapaneseMove, PromotionDeclinedPromotionAndRecapture) {
  const char* sfen = "4k4/9/9/5S3/9/9/9/9/K8 b - 1";
  EXPECT_EQ(text(sfen, "4d3c+"), "３三銀成");
  EXPECT_EQ(text(sfen, "4d3c"), "３三銀不成");
  EXPECT_EQ(text(sfen, "4d4c"), "４三銀不成");
  EXPECT_EQ(text(sfen, "4d5e"), "５五銀");  // outside the zone: nothing to decline
  auto g = game("shogi");
  play(*g, {"7g7f", "3c3d", "8h2b+", "3a2b"});
  EXPECT_EQ(g->display_notation(0, Viewer::spectator), "▲７六歩");
  EXPECT_EQ(g->display_notation(2, Viewer::spectator), "▲２二角成");
  EXPECT_EQ(g->display_notation(3, Viewer::spectator), "△同　銀");
}

TEST(ShogiJapaneseMove, ImpasseCountsForBothSides) {
  // Black: king and ten pieces in the camp, 18 points there and 9 pawns in hand.
  auto g = game("shogi", "SSGG1GGSS/1R2K2B1/9/9/9/9/4k4/9/9 b 9P 1");
  auto counts = impasse_counts(*g);
  ASSERT_TRUE(counts.has_value());
  EXPECT_TRUE((*counts)[0].king_in_enemy_camp);
  EXPECT_EQ((*counts)[0].pieces_in_enemy_camp, 10);
  EXPECT_EQ((*counts)[0].points, 27);
  EXPECT_EQ((*counts)[0].points_needed, 28);
  EXPECT_TRUE((*counts)[1].king_in_enemy_camp);
  EXPECT_EQ((*counts)[1].points, 0);
  EXPECT_EQ(impasse_json(*g),
            "{\"black\":{\"king_in_camp\":true,\"pieces\":10,\"points\":27,\"needed\":28},"
            "\"white\":{\"king_in_camp\":true,\"pieces\":0,\"points\":0,\"needed\":27}}");
  // Games without the declaration carry none.
  EXPECT_FALSE(impasse_counts(*game("minishogi")).has_value());
  EXPECT_EQ(impasse_json(*game("chess")), "null");
}

}  // namespace
}  // namespace banmen::shogi

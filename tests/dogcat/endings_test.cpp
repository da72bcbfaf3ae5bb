// Scripted games for every end condition and each case of the order of the checks.
#include <gtest/gtest.h>

#include "shogi/dogcat/dogcat_notation.h"
#include "shogi/dogcat/dogcat_rules.h"
#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Viewer;

TEST(DogcatEndings, KingCapturedByAStep) {
  auto g = new_game();
  play(*g, {"?R*2e", "?K*2b", "2e2d", "?G*4b", "2d2c", "4b4c", "2c2b"});
  EXPECT_EQ(status(*g), "b king_captured");
  EXPECT_TRUE(g->legal_moves().empty());
  EXPECT_EQ(g->perft(1), 0u);
}

TEST(DogcatEndings, KingCaptureByALastCandidateMovingLikeARookWins) {
  // Rule 1 comes before rule 2: the rook is no longer a candidate, but it took the king.
  auto g = new_game();
  play(*g, {"?R*2e", "?K*2b", "2e2b"});
  EXPECT_EQ(status(*g), "b king_captured");
}

TEST(DogcatEndings, CapturingTheLastCandidateWins) {
  auto g = new_game();
  play(*g, {"?K*2e", "?G*2b", "2e2d", "2b2c", "2d2c"});
  EXPECT_EQ(status(*g), "b no_king_proven");
  EXPECT_EQ(g->view(Viewer::spectator), "5/5/3?K1/5/5 w ?R?B?G?SG?k?r?b?s 6");
}

TEST(DogcatEndings, ANonKingMoveOfOnesOwnLastCandidateLoses) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*2b", "2e2c"});
  EXPECT_EQ(status(*g), "w no_king_proven");
}

TEST(DogcatEndings, MoverLosesFirstWhenBothSidesLoseTheirLastCandidate) {
  // Dog's last candidate slides to take Cat's last candidate: rule 2 (Dog) before rule 3.
  auto g = new_game();
  play(*g, {"?R*2e", "?G*2b", "2e2b"});
  EXPECT_EQ(status(*g), "w no_king_proven");
}

TEST(DogcatEndings, FirstTurnExemption) {
  // After Dog's first drop Cat has nothing on the board, but Cat has not moved yet.
  auto g = new_game();
  play(*g, {"?R*2e"});
  EXPECT_EQ(status(*g), "ongoing");
  // The same board with Cat past its first turn (move number 3): Cat is proven kingless.
  EXPECT_EQ(status(*new_game("5/5/5/5/3?R1 w ?K?B?G?S?k?r?b?g?s 3")), "b no_king_proven");
  EXPECT_EQ(status(*new_game("5/5/5/5/3?R1 w ?K?B?G?S?k?r?b?g?s 2")), "ongoing");
  // Dog is exempt at move number 1 only.
  EXPECT_EQ(status(*new_game("5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1")), "ongoing");
  EXPECT_EQ(status(*new_game("5/2?k2/5/5/5 b ?K?R?B?G?S?r?b?g?s 2")), "w no_king_proven");
}

TEST(DogcatEndings, PromotionRevealsAHiddenPiece) {
  auto g = new_game();
  play(*g, {"?R*2e", "?K*4b", "?K*1e", "4b4c", "2e2a+"});
  EXPECT_EQ(status(*g), "ongoing");
  EXPECT_EQ(g->view(Viewer::seat1), "3+R1/5/1?k3/5/4?X w ?X?X?X?r?b?g?s 6");
  EXPECT_EQ(g->view(Viewer::spectator), "3+R1/5/1?x3/5/4?X w ?X?X?X?x?x?x?x 6");
  EXPECT_EQ(g->notation(4, Viewer::spectator), "2e2a+");
}

TEST(DogcatEndings, PromotingTheLastCandidateLoses) {
  // A silver steps like a king, but promotion turns it face up: no candidate is left.
  auto g = new_game();
  play(*g, {"?S*2d", "?K*4b", "2d2c", "4b4c", "2c2b", "4c4b", "2b2a+"});
  EXPECT_EQ(status(*g), "w no_king_proven");
}

TEST(DogcatEndings, Repetition) {
  auto g = new_game();
  play(*g, {"?K*2e", "?K*2a"});
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(status(*g), "ongoing");
    play(*g, {"2e2d", "2a2b", "2d2e", "2b2a"});
  }
  EXPECT_EQ(status(*g), "draw repetition");
  EXPECT_EQ(g->history_size(), 14u);
}

TEST(DogcatEndings, RepetitionComparesTrueTypes) {
  // Dog's king and silver trade squares (2e and 1d) over and over while Cat's king walks a
  // triangle: the public board is the same after every trade, the true one only after
  // every second trade, so the draw comes at the fourth true occurrence.
  auto g = new_game();
  play(*g, {"?K*2e", "?K*2a", "?S*1d"});
  const std::string public_start = g->view(Viewer::spectator);
  for (int trade = 1; trade <= 6; ++trade) {
    if (trade % 2)
      play(*g, {"2a2b", "2e2d", "2b1a", "1d2e", "1a2a", "2d1d"});
    else
      play(*g, {"2a2b", "1d2d", "2b1a", "2e1d", "1a2a", "2d2e"});
    // Only the move number tells the public texts apart (until the end reveals all).
    if (trade < 6) {
      EXPECT_EQ(g->view(Viewer::spectator).substr(0, 30), public_start.substr(0, 30));
    }
    EXPECT_EQ(status(*g), trade < 6 ? "ongoing" : "draw repetition") << "trade " << trade;
  }
}

TEST(DogcatEndings, MoveLimit) {
  auto g = new_game("5/2?k2/5/2?K2/5 b ?R?B?G?S?r?b?g?s 256");
  EXPECT_EQ(status(*g), "ongoing");
  play(*g, {"3d3e"});
  EXPECT_EQ(status(*g), "draw move_limit");
  EXPECT_EQ(status(*new_game("5/2?k2/5/2?K2/5 b ?R?B?G?S?r?b?g?s 257")), "draw move_limit");
}

TEST(DogcatEndings, NoLegalMovesIsCheckedLast) {
  // Unreachable in play (a side needs about ten blocked pieces); the judge is checked on
  // a made-up position: Dog to move at move number 1 with nothing at all.
  using namespace banmen::shogi;
  DogcatPosition pos;
  EXPECT_EQ(judge_dogcat(pos, {}), banmen::Outcome::win(kWhite, "no_legal_moves"));
  // Past both first turns the missing candidates decide first, the mover (Cat) losing.
  pos.set_move_number(300);
  EXPECT_EQ(judge_dogcat(pos, {}), banmen::Outcome::win(kBlack, "no_king_proven"));
}

TEST(DogcatEndings, ExternalEndingRevealsEverything) {
  auto g = new_game();
  play(*g, {"?R*2e", "?K*2a"});
  EXPECT_EQ(g->notation(0, Viewer::seat1), "?*2e");
  g->finish(banmen::Outcome::win(0, "resignation"));
  EXPECT_EQ(g->view(Viewer::seat1), g->position());
  EXPECT_EQ(g->view(Viewer::spectator), "3?k1/5/5/5/3?R1 b ?K?B?G?S?r?b?g?s 3");
  EXPECT_EQ(g->notation(0, Viewer::spectator), "?R*2e");
  EXPECT_EQ(g->notation(1, Viewer::seat0), "?K*2a");
}

TEST(DogcatEndings, RulesEndingRevealsEverything) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*2b", "2e2c"});
  EXPECT_EQ(g->view(Viewer::spectator), "5/3?g1/3!R1/5/5 w ?K?B?G?S?k?r?b?s 4");
  EXPECT_EQ(g->notation(0, Viewer::seat1), "?R*2e");
}

}  // namespace
}  // namespace dogcat_test

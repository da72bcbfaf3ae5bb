// The after-the-game reveal against the tests' own knowledge model: at every ply of random
// finished games, each side's king candidates as the reveal reports them are what the
// brute-force model says that side could not rule out, the revealed types are an
// assignment that fits everything the opponent saw, and the positions are the true ones
// the game went through. An unfinished game is refused.
#include "shogi/dogcat/dogcat_reveal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "knowledge_model.h"
#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Viewer;
using banmen::shogi::reveal_dogcat_game;

// The model's square index (row * 5 + col, rank a and file 5 first) of "3c".
int model_square(const std::string& name) {
  return (name[1] - 'a') * 5 + (5 - (name[0] - '0'));
}

TEST(DogcatReveal, RefusesAGameStillBeingPlayed) {
  auto g = new_game();
  play(*g, {"?K*3d", "?K*3b"});
  auto r = reveal_dogcat_game(*g);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, banmen::shogi::errc_dogcat::game_not_over);
  EXPECT_EQ(r.error().message.find('K'), std::string::npos);
  auto chess = banmen::create_game("chess");
  ASSERT_TRUE(chess.ok());
  (*chess)->finish(banmen::Outcome::win(0, "resignation"));
  EXPECT_EQ(reveal_dogcat_game(**chess).error().code, banmen::errc::unsupported);
}

TEST(DogcatReveal, AgreesWithTheKnowledgeModelAtEveryPly) {
  std::mt19937 rng(20261123);
  int plies = 0, candidates_seen = 0;
  for (int game_no = 0; game_no < 150; ++game_no) {
    auto g = new_game();
    KnowledgeModel model[2] = {KnowledgeModel(0), KnowledgeModel(1)};
    std::vector<std::string> truth{g->position()};
    std::vector<bool> ongoing{true};
    std::vector<std::array<std::map<int, int>, 2>> on_board(1);
    std::vector<std::array<std::vector<Assignment>, 2>> fitting(1);
    std::vector<std::array<bool, 2>> king_may_be(1, {false, false});
    for (int ply = 0; ply < 80 && !g->over(); ++ply) {
      const std::string before = g->view(Viewer::spectator);
      ASSERT_TRUE(g->apply(random_move(*g, rng)).ok());
      truth.push_back(g->position());
      ongoing.push_back(!g->over());
      fitting.emplace_back();
      king_may_be.push_back({false, false});
      on_board.emplace_back();
      if (g->over()) break;
      const std::string move = g->notation(std::size_t(ply), Viewer::spectator);
      const std::string after = g->view(Viewer::spectator);
      for (int side : {0, 1}) {
        model[side].observe(ply, before, move, after);
        ASSERT_FALSE(::testing::Test::HasFatalFailure());
        fitting.back()[side] = model[side].fitting();
        king_may_be.back()[side] = model[side].king_may_be_on_board();
        on_board.back()[side] = model[side].hidden_on_board();
      }
    }
    if (!g->over()) {
      ASSERT_FALSE(reveal_dogcat_game(*g).ok());
      g->finish(banmen::Outcome::win(g->to_move() ^ 1, "resignation"));
    }
    auto reveal = reveal_dogcat_game(*g);
    ASSERT_TRUE(reveal.ok()) << reveal.error().message;
    ASSERT_EQ(reveal->size(), truth.size());
    for (std::size_t i = 0; i < truth.size(); ++i) {
      const auto& r = (*reveal)[i];
      EXPECT_EQ(r.ply, i);
      ASSERT_EQ(r.position, truth[i]) << "game " << game_no << " ply " << i;
      if (i) {
        EXPECT_EQ(r.move, g->notation(i - 1, Viewer::referee));
      }
      if (i == 0 || !ongoing[i]) continue;  // the model follows the game while it is played
      ++plies;
      for (int subject : {0, 1}) {
        const auto& seen = r.king_candidates_seen_by[1 - subject];
        candidates_seen += int(seen.size());
        EXPECT_EQ(!seen.empty(), king_may_be[i][subject]) << "game " << game_no << " ply " << i;
        // The revealed types of the subject's hidden board pieces: one fitting assignment.
        std::map<int, char> type_at;
        for (const auto& h : r.hidden)
          if (h.owner == subject && h.where != "hand") type_at[model_square(h.where)] = h.type;
        Assignment truth_assignment;
        for (const auto& [drop_ply, square] : on_board[i][subject])
          truth_assignment[drop_ply] = type_at.count(square) ? type_at[square] : '-';
        EXPECT_EQ(truth_assignment.size(), type_at.size());
        const auto& fits = fitting[i][subject];
        const bool found = std::find(fits.begin(), fits.end(), truth_assignment) != fits.end();
        EXPECT_TRUE(found) << "the true types fit what the opponent saw; game " << game_no;
        // Per piece: a piece the model allows to be the king is listed as a candidate.
        for (const auto& a : fits) {
          for (const auto& [drop_ply, type] : a) {
            if (type != 'K') continue;
            const int square = on_board[i][subject].at(drop_ply);
            const bool listed = std::any_of(seen.begin(), seen.end(), [&](const std::string& n) {
              return model_square(n) == square;
            });
            EXPECT_TRUE(listed) << "game " << game_no << " ply " << i;
          }
        }
      }
    }
  }
  std::printf("reveal: %d plies checked, %d candidates listed\n", plies, candidates_seen);
  EXPECT_GT(plies, 2000);
  EXPECT_GT(candidates_seen, 1000);
}

}  // namespace
}  // namespace dogcat_test

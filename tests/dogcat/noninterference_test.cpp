// Non-interference, the heart of the security contract. Over many random games and at
// every ply, the true types of one side's hidden pieces are swapped in every way that
// fits what the opponent saw (the brute-force model's assignments), the game is replayed
// with them, and everything the opponent and a spectator receive must stay byte for byte
// the same: views, the notation of every ply, the outcome, records, and the opponent's
// own legal moves and the errors for its own bad moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "knowledge_model.h"
#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Game;
using banmen::Viewer;

// The game replayed from the start with `assignment` for `subject`'s hidden drops.
banmen::GamePtr replay(const Game& real, int subject, const Assignment& assignment) {
  auto g = new_game();
  for (std::size_t ply = 0; ply < real.history_size(); ++ply) {
    std::string m = real.notation(ply, Viewer::referee);
    auto it = assignment.find(int(ply));
    if (int(ply % 2) == subject && it != assignment.end() && m.starts_with('?')) m[1] = it->second;
    auto r = g->apply(m);
    EXPECT_TRUE(r.ok()) << "ply " << ply << " " << m << ": " << (r.ok() ? "" : r.error().message);
    if (!r.ok()) return nullptr;
  }
  return g;
}

// Bad (and some good) moves the opponent might send, the same list for both games.
std::vector<std::string> probe_moves(std::mt19937& rng) {
  std::vector<std::string> out = {"", "zz", "3e3e", "?*2e", "?K*2e", "?R*3b", "K*3c", "S*1a"};
  const std::string files = "123456", ranks = "abcdef";
  for (int i = 0; i < 24; ++i) {
    std::string m = {files[rng() % 6], ranks[rng() % 6], files[rng() % 6], ranks[rng() % 6]};
    if (rng() % 4 == 0) m += '+';
    out.push_back(m);
  }
  return out;
}

// Whether the game takes the move, or its error. (What a legal move then reveals, say a
// captured king, is the rules' business, not a leak.)
std::string answer(const Game& g, const std::string& move) {
  auto child = g.clone();
  auto r = child->apply(move);
  return r.ok() ? "ok" : r.error().code + ": " + r.error().message;
}

// Everything `viewer` receives from `g`, as one text.
std::string received(const Game& g, Viewer viewer, std::uint32_t seed) {
  std::string out = g.view(viewer) + "\n" + std::to_string(g.to_move()) + " " + status(g) + " " +
                    std::to_string(g.history_size()) + "\n";
  for (std::size_t i = 0; i < g.history_size(); ++i)
    out += g.notation(i, viewer) + "|" + g.display_notation(i, viewer) + " ";
  banmen::RecordInfo info;
  info.players[0] = "dog";
  info.players[1] = "cat";
  auto rec = g.export_record("record", viewer, info);
  out += "\n" + (rec.ok() ? *rec : rec.error().message);
  if (banmen::is_seat(viewer) && g.to_move() == banmen::seat_of(viewer)) {
    for (const auto& m : g.legal_moves()) out += m + " ";
    std::mt19937 rng(seed);
    for (const auto& m : probe_moves(rng)) out += "\n" + m + " -> " + answer(g, m);
  }
  return out;
}

TEST(DogcatNonInterference, OpponentAndSpectatorReceiveTheSameWhateverTheHiddenTypes) {
  std::mt19937 rng(6);
  long compared = 0, differing_truth = 0;
  for (int game_no = 0; game_no < 60; ++game_no) {
    auto g = new_game();
    KnowledgeModel model[2] = {KnowledgeModel(0), KnowledgeModel(1)};
    for (int ply = 0; ply < 60 && !g->over(); ++ply) {
      const std::string before = g->view(Viewer::spectator);
      ASSERT_TRUE(g->apply(random_move(*g, rng)).ok());
      if (g->over()) break;  // everything is revealed at the end
      const std::string move = g->notation(std::size_t(ply), Viewer::spectator);
      const std::string after = g->view(Viewer::spectator);
      for (int subject : {0, 1}) {
        model[subject].observe(ply, before, move, after);
        auto fitting = model[subject].fitting();
        std::shuffle(fitting.begin(), fitting.end(), rng);
        if (fitting.size() > 3) fitting.resize(3);
        const Viewer opponent = banmen::seat_viewer(1 - subject);
        const auto seed = std::uint32_t(rng());
        const std::string want_opp = received(*g, opponent, seed);
        const std::string want_spec = received(*g, Viewer::spectator, seed);
        for (const auto& a : fitting) {
          auto alt = replay(*g, subject, a);
          ASSERT_TRUE(alt) << "game " << game_no << " ply " << ply;
          ASSERT_EQ(received(*alt, opponent, seed), want_opp)
              << "game " << game_no << " ply " << ply << "\n"
              << g->position() << "\n"
              << alt->position();
          ASSERT_EQ(received(*alt, Viewer::spectator, seed), want_spec);
          ++compared;
          if (alt->position() != g->position()) ++differing_truth;
        }
      }
    }
  }
  std::printf("non-interference: %ld swapped games compared, %ld with other true types\n", compared,
              differing_truth);
  // The swaps must really change hidden types, or the check proves nothing.
  EXPECT_GT(differing_truth, 1000);
}

// The check can fail: a view that leaked a type would differ between two worlds.
TEST(DogcatNonInterference, SwappedWorldsDifferForTheOwner) {
  auto a = new_game(), b = new_game();
  play(*a, {"?R*2e", "?K*2a"});
  play(*b, {"?G*2e", "?K*2a"});
  EXPECT_NE(a->view(Viewer::seat0), b->view(Viewer::seat0));
  EXPECT_NE(a->notation(0, Viewer::seat0), b->notation(0, Viewer::seat0));
  EXPECT_EQ(a->view(Viewer::seat1), b->view(Viewer::seat1));
  EXPECT_EQ(a->view(Viewer::spectator), b->view(Viewer::spectator));
  EXPECT_EQ(a->notation(0, Viewer::seat1), b->notation(0, Viewer::seat1));
}

}  // namespace
}  // namespace dogcat_test

// The review transcript: random trees in every game written and read back to the same
// tree, a fixed text for reversi, and the refusals.
#include "core/variation_text.h"

#include <gtest/gtest.h>

#include <random>

#include "games/registry.h"
#include "start_game.h"

namespace banmen {
namespace {

using test::start;

// A random tree: lines of random moves from random nodes.
VariationTree random_tree(const Game& root, std::mt19937& rng) {
  VariationTree t(root);
  for (int line = 0; line < 6; ++line) {
    NodeId at = NodeId(rng() % t.size());
    auto g = t.game_at(at);
    for (int ply = 0; ply < 15 && !(*g)->over(); ++ply) {
      const auto moves = (*g)->legal_moves();
      const auto& m = moves[rng() % moves.size()];
      EXPECT_TRUE((*g)->apply(m).ok());
      at = *t.add(at, m);
    }
  }
  return t;
}

TEST(VariationText, RoundTripsRandomTreesOfEveryGame) {
  std::mt19937 rng(7);
  int nodes = 0;
  for (auto id : game_ids()) {
    auto root = start(id);
    // The fairy variants share one move writer and reader: fewer trees each.
    const int trees = game_family(id).empty() ? 20 : 5;
    for (int n = 0; n < trees; ++n) {
      VariationTree t = random_tree(*root, rng);
      const std::string text = write_variation_text(t);
      auto back = read_variation_text(*root, text);
      ASSERT_TRUE(back.ok()) << id << ": " << back.error().message << "\n" << text;
      EXPECT_EQ(write_variation_text(*back), text);
      // The same tree (its ids may differ: the reader numbers nodes in pre-order).
      ASSERT_EQ(back->size(), t.size());
      nodes += int(t.size());
    }
  }
  EXPECT_GT(nodes, 1000);
}

TEST(VariationText, ReversiExample) {
  auto root = start("reversi");
  VariationTree t(*root);
  ASSERT_TRUE(t.play("d3").ok());
  ASSERT_TRUE(t.play("c3").ok());
  ASSERT_TRUE(t.branch(2, "e3").ok());
  ASSERT_TRUE(t.branch(1, "c4").ok());
  const std::string text = write_variation_text(t);
  EXPECT_EQ(text, "review reversi\nstart " + root->position() + "\nmoves d3 ( c4 ) c3 ( e3 )\n");
  auto back = read_variation_text(*root, text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->size(), t.size());
  EXPECT_EQ(back->moves_to(back->node(1).children.back()), (std::vector<std::string>{"d3", "e3"}));
}

TEST(VariationText, Refusals) {
  auto root = start("hasami");
  const std::string head = "review hasami\nstart " + root->position() + "\nmoves";
  auto code = [&](const std::string& text) {
    auto r = read_variation_text(*root, text);
    return r.ok() ? std::string("ok") : r.error().code;
  };
  const std::string first = root->legal_moves().front();
  EXPECT_EQ(code(head + " " + first + "\n"), "ok");
  EXPECT_EQ(code(head + " ( " + first + " )\n"), errc::bad_record);
  EXPECT_EQ(code(head + " " + first + " )\n"), errc::bad_record);
  EXPECT_EQ(code(head + " " + first + " ( " + first + "\n"), errc::bad_record);
  EXPECT_EQ(code(head + " zz\n"), start("hasami")->apply("zz").error().code);
  EXPECT_EQ(code("review reversi\n"), errc::bad_record);
  EXPECT_EQ(code("review hasami\nstart x\nmoves\n"), errc::bad_record);
  EXPECT_EQ(code(std::string(kMaxVariationTextLength + 1, ' ')), errc::bad_record);
}

}  // namespace
}  // namespace banmen

#include "core/variation_tree.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "start_game.h"

namespace banmen {
namespace {

using test::start;

TEST(VariationTree, MainLineFirstThenVariations) {
  VariationTree tree(*start("shogi"));
  auto a = tree.play("7g7f");
  ASSERT_TRUE(a.ok());
  auto b = tree.play("3c3d");
  ASSERT_TRUE(b.ok());
  auto c = tree.branch(*b, "8c8d");  // instead of 3c3d
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(tree.size(), 4u);
  EXPECT_EQ(tree.node(*a).children, (std::vector<NodeId>{*b, *c}));
  EXPECT_EQ(tree.node(*c).depth, 2u);
  EXPECT_EQ(tree.current(), *b);  // branching does not move the cursor
  EXPECT_EQ(tree.path_from_root(*c), (std::vector<NodeId>{0, *a, *c}));
  EXPECT_EQ(tree.moves_to(*c), (std::vector<std::string>{"7g7f", "8c8d"}));
  // The same move again is the same node, not a new one.
  EXPECT_EQ(*tree.add(*a, "8c8d"), *c);
  EXPECT_EQ(tree.size(), 4u);
}

TEST(VariationTree, GameAtReplaysThePath) {
  VariationTree tree(*start("chess"));
  auto e4 = tree.play("e2e4");
  auto d4 = tree.branch(*e4, "d2d4");
  ASSERT_TRUE(d4.ok());
  auto g = tree.game_at(*d4);
  ASSERT_TRUE(g.ok());
  auto expected = start("chess");
  ASSERT_TRUE(expected->apply("d2d4").ok());
  EXPECT_EQ((*g)->position(), expected->position());
  EXPECT_EQ((*tree.game_at(VariationTree::root()))->position(), start("chess")->position());
}

TEST(VariationTree, RefusesWithTheSeamsError) {
  VariationTree tree(*start("reversi"));
  auto bad = tree.play("z9");
  ASSERT_FALSE(bad.ok());
  auto direct = start("reversi")->apply("z9");
  ASSERT_FALSE(direct.ok());
  EXPECT_EQ(bad.error().code, direct.error().code);
  EXPECT_EQ(bad.error().message, direct.error().message);
  auto illegal = tree.play("a1");
  ASSERT_FALSE(illegal.ok());
  EXPECT_EQ(illegal.error().code, errc::illegal_move);
  EXPECT_EQ(tree.size(), 1u);
  EXPECT_EQ(tree.current(), VariationTree::root());
}

TEST(VariationTree, EveryGameTakesItsFirstLegalMoveAndRefusesAfterTheEnd) {
  for (auto id : game_ids()) {
    auto game = start(id);
    VariationTree tree(*game);
    const auto moves = game->legal_moves();
    ASSERT_FALSE(moves.empty()) << id;
    auto n = tree.play(moves.front());
    ASSERT_TRUE(n.ok()) << id << " " << n.error().message;
    if (moves.size() > 1) {
      EXPECT_TRUE(tree.branch(*n, moves.back()).ok()) << id;
    }
  }
  auto over = start("shogi");
  over->finish(Outcome::win(0, "resignation"));
  VariationTree tree(*over);
  auto r = tree.play("7g7f");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, errc::game_over);
}

TEST(VariationTree, UnknownNodesAreErrors) {
  VariationTree tree(*start("hasami"));
  EXPECT_EQ(tree.go_to(5).error().code, errc::unknown_node);
  EXPECT_EQ(tree.add(5, "x").error().code, errc::unknown_node);
  EXPECT_EQ(tree.branch(VariationTree::root(), "x").error().code, errc::unknown_node);
  EXPECT_EQ(tree.game_at(9).error().code, errc::unknown_node);
  EXPECT_TRUE(tree.path_from_root(9).empty());
  EXPECT_TRUE(tree.go_to(0).ok());
}

// A line that shuttles two pieces back and forth, never ending the game.
std::vector<std::string> shuttle(std::size_t plies) {
  const char* cycle[] = {"5i5h", "5a5b", "5h5i", "5b5a"};
  std::vector<std::string> out;
  for (std::size_t i = 0; i < plies; ++i) out.emplace_back(cycle[i % 4]);
  return out;
}

TEST(VariationTree, DepthAndNodeLimits) {
  // Small limits, so each one is reached in a few moves.
  VariationLimits limits;
  limits.max_depth = 3;
  limits.max_nodes = 5;
  limits.max_children = 2;
  VariationTree tree(*start("shogi"), limits);
  auto end = tree.add_line(VariationTree::root(), shuttle(3));
  ASSERT_TRUE(end.ok()) << end.error().message;
  auto deeper = tree.add(*end, "5a5b");
  ASSERT_FALSE(deeper.ok());
  EXPECT_EQ(deeper.error().code, errc::review_limit);
  // Children limit: two at the root, the third refused.
  ASSERT_TRUE(tree.add(VariationTree::root(), "7g7f").ok());
  auto third = tree.add(VariationTree::root(), "2g2f");
  ASSERT_FALSE(third.ok());
  EXPECT_EQ(third.error().code, errc::review_limit);
  // Node limit: five nodes now (root, three shuttle moves, 7g7f).
  EXPECT_EQ(tree.size(), 5u);
  auto full = tree.add(1, "8c8d");
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error().code, errc::review_limit);
  // An existing move is still found when the tree is full.
  EXPECT_TRUE(tree.add(VariationTree::root(), "7g7f").ok());
  // An overlong move text is refused before the rules are asked.
  EXPECT_EQ(tree.add(0, std::string(100, 'a')).error().code, errc::bad_move);
}

TEST(VariationTree, DefaultLimitsRefuseALineBeyondAThousandPlies) {
  VariationTree tree(*start("shogi"));
  // A line longer than the default depth is refused before any move is replayed.
  EXPECT_EQ(tree.limits().max_depth, 1000u);
  EXPECT_EQ(tree.limits().max_nodes, 2000u);
  auto long_line = tree.add_line(VariationTree::root(), std::vector<std::string>(1001, "7g7f"));
  ASSERT_FALSE(long_line.ok());
  EXPECT_EQ(long_line.error().code, errc::review_limit);
}

TEST(VariationTree, CopiesAreIndependent) {
  VariationTree tree(*start("minishogi"));
  const auto first = start("minishogi")->legal_moves().front();
  VariationTree copy = tree;
  ASSERT_TRUE(copy.play(first).ok());
  EXPECT_EQ(tree.size(), 1u);
  EXPECT_EQ(copy.size(), 2u);
}

}  // namespace
}  // namespace banmen

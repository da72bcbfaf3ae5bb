#include "core/variation_tree.h"

#include <gtest/gtest.h>

#include "games/registry.h"
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

// A line of `plies` moves of `id` (fewer if the game ends), each picked by a fixed sequence
// among the legal ones, and the position after each (index 0: the start).
struct Line {
  std::vector<std::string> moves;
  std::vector<std::string> positions;
};
Line some_line(std::string_view id, std::size_t plies) {
  Line line;
  auto game = start(id);
  line.positions.push_back(game->position());
  std::uint64_t pick = 7;
  for (std::size_t i = 0; i < plies && !game->over(); ++i) {
    const auto legal = game->legal_moves();
    pick = pick * 6364136223846793005u + 1442695040888963407u;
    line.moves.push_back(legal[(pick >> 33) % legal.size()]);
    EXPECT_TRUE(game->apply(line.moves.back()).ok());
    line.positions.push_back(game->position());
  }
  return line;
}

// What `game_at(id)` costs in moves played, checking the position it answers.
std::uint64_t cost_of_game_at(const VariationTree& tree, NodeId id, const std::string& position) {
  const auto before = Game::applied_on_this_thread();
  auto game = tree.game_at(id);
  const auto cost = Game::applied_on_this_thread() - before;
  EXPECT_TRUE(game.ok());
  if (game) {
    EXPECT_EQ((*game)->position(), position) << "node " << id;
  }
  return cost;
}

TEST(VariationTree, APositionIsSteppedFromAKeptOneNotReplayedFromTheRoot) {
  const Line line = some_line("chess", 400);
  ASSERT_GE(line.moves.size(), 200u);
  VariationTree tree(*start("chess"));
  auto end = tree.add_line(VariationTree::root(), line.moves);
  ASSERT_TRUE(end.ok()) << end.error().message;
  // Node i of the main line is ply i. Each look, in an order that jumps about, steps from a
  // kept position: at most 2 * kKeepEvery - 1 moves, whatever the depth.
  const std::uint64_t most = 2 * VariationTree::kKeepEvery - 1;
  const auto n = static_cast<NodeId>(line.moves.size() + 1);
  for (NodeId k = 0; k < n; ++k) {
    const NodeId id = (k * 7919u) % n;
    EXPECT_LE(cost_of_game_at(tree, id, line.positions[id]), most) << "node " << id;
  }
  // Looking twice at one node, or one move past it, costs at most one move.
  ASSERT_TRUE(tree.go_to(n - 2).ok());
  (void)tree.game_at(n - 2);
  EXPECT_EQ(cost_of_game_at(tree, n - 2, line.positions[n - 2]), 0u);
  const auto before = Game::applied_on_this_thread();
  auto again = tree.add(n - 2, line.moves[n - 2]);  // the main line's own move: no move
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, n - 1);
  EXPECT_EQ(Game::applied_on_this_thread() - before, 0u);
  // The kept games are bounded by the tree's size.
  EXPECT_LE(tree.kept_games(), tree.size() / VariationTree::kKeepEvery + 1);
}

TEST(VariationTree, SideLinesAddedOneMoveAtATimeStayCheap) {
  const Line line = some_line("chess", 300);
  ASSERT_GE(line.moves.size(), 200u);
  VariationTree tree(*start("chess"));
  ASSERT_TRUE(tree.add_line(VariationTree::root(), line.moves).ok());
  // A side line of 40 moves from ply 150, played one move at a time as a review plays it:
  // each move costs a step from the last position plus, now and then, one kept position.
  ASSERT_TRUE(tree.go_to(150).ok());
  auto game = start("chess");
  for (NodeId i = 0; i < 150; ++i) ASSERT_TRUE(game->apply(line.moves[i]).ok());
  std::vector<std::pair<NodeId, std::string>> side;
  std::uint64_t total = 0;
  for (int i = 0; i < 40 && !game->over(); ++i) {
    const auto legal = game->legal_moves();
    const std::string move = legal[legal.size() / 2];
    const auto before = Game::applied_on_this_thread();
    auto id = tree.play(move);
    const auto cost = Game::applied_on_this_thread() - before;
    ASSERT_TRUE(id.ok()) << id.error().message;
    EXPECT_LE(cost, 1u + VariationTree::kKeepEvery);
    total += cost;
    ASSERT_TRUE(game->apply(move).ok());
    side.emplace_back(*id, game->position());
  }
  EXPECT_LE(total, side.size() + 2 * VariationTree::kKeepEvery);
  // Every node of the tree, main line and side line, in a jumping order.
  const std::uint64_t most = 2 * VariationTree::kKeepEvery - 1;
  for (std::size_t k = 0; k < side.size(); ++k) {
    const auto& [id, position] = side[(k * 17) % side.size()];
    EXPECT_LE(cost_of_game_at(tree, id, position), most);
    const NodeId main = static_cast<NodeId>((k * 31) % line.positions.size());
    EXPECT_LE(cost_of_game_at(tree, main, line.positions[main]), most);
  }
  // A copy keeps its own positions and answers the same.
  VariationTree copy = tree;
  EXPECT_EQ(copy.kept_games(), tree.kept_games());
  EXPECT_LE(cost_of_game_at(copy, side.back().first, side.back().second), most);
  EXPECT_LE(tree.kept_games(), tree.size() / VariationTree::kKeepEvery + 1);
}

TEST(VariationTree, ManySiblingsKeepFewPositions) {
  // Side lines of one move from every ply can not make the tree keep a game per node.
  const Line line = some_line("chess", 200);
  ASSERT_GE(line.moves.size(), 100u);
  VariationTree tree(*start("chess"));
  ASSERT_TRUE(tree.add_line(VariationTree::root(), line.moves).ok());
  auto game = start("chess");
  for (std::size_t i = 0; i + 1 < line.moves.size(); ++i) {
    for (const auto& move : game->legal_moves()) {
      if (tree.size() >= 1500) break;
      ASSERT_TRUE(tree.add(static_cast<NodeId>(i), move).ok());
    }
    ASSERT_TRUE(game->apply(line.moves[i]).ok());
  }
  EXPECT_GE(tree.size(), 1000u);
  EXPECT_LE(tree.kept_games(), tree.size() / VariationTree::kKeepEvery + 1);
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

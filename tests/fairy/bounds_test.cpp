// Bounded and exact move lists: every move a position has is listed (a definition whose
// positions could have more than a list holds is refused with its reason), each move once
// (pieces whose moves overlap), and castling written as Fairy-Stockfish writes it where
// the king's destination is also a plain king move (small boards, leaping kings).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "fairy/cost_probe.h"
#include "fairy/factory.h"
#include "fairy/move_bound.h"
#include "fairy_test_util.h"
#include "games/custom_game.h"
#include "games/registry.h"

namespace banmen::fairy {
namespace {

std::shared_ptr<const VariantRules> variant(const std::string& ini, const std::string& name) {
  auto v = load_variant(ini, name);
  EXPECT_TRUE(v.ok()) << (v.ok() ? "" : v.error().message);
  return v.ok() ? *v : nullptr;
}

GamePtr game_of(const std::shared_ptr<const VariantRules>& v, const std::string& fen) {
  auto g = create_fairy_game(v, fen);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(*g) : nullptr;
}

// 12x10 with a piece of nine leaps that only move (never capture): 52 of them give more
// than 1,024 moves, and the king, on the last file, is generated after all of them.
const std::string crowd_ini =
    "[crowd:chess]\nmaxFile = 12\nmaxRank = 10\ncustomPiece1 = z:mWmFmDmNmAmHmCmZmG\n"
    "castling = false\nstartFen = 11k/12/12/12/12/12/12/12/12/11K w - - 0 1\n";
const std::string crowd_board =
    "2ZZ3ZZZ1k/1ZZZ3ZZZ2/1ZZZZ2ZZZ2/2ZZ3ZZZ2/3Z3ZZ3/2ZZ3ZZZ2/ZZZZZZ1ZZZZ1/ZZZZZZZZZZZ1/";

TEST(FairyMoveBound, MoreThanAThousandMovesAreAllListed) {
  auto v = variant(crowd_ini, "crowd");
  ASSERT_TRUE(v);
  auto quiet = game_of(v, crowd_board + "12/11K w - - 0 1");
  ASSERT_TRUE(quiet);
  EXPECT_EQ(quiet->legal_moves().size(), 1123u);  // as ffish-es6 lists them
  EXPECT_LE(1123, v->rules.move_bound);
}

// A knight checks the king, which has three escapes; none of the other 1,120 moves
// answers the check. With the moves past the 1,024th dropped this was a checkmate.
TEST(FairyMoveBound, AKingWithEscapesAfterAThousandMovesIsNotMated) {
  auto v = variant(crowd_ini, "crowd");
  ASSERT_TRUE(v);
  auto g = game_of(v, crowd_board + "9n2/11K w - - 0 1");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->in_check());
  EXPECT_FALSE(g->over()) << g->outcome().reason;
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"l1k1", "l1k2", "l1l2"}));
}

TEST(FairyMoveBound, AListGrowsPastItsRoomHeldInPlace) {
  MoveList list;
  const int n = max_moves + 1000;
  for (int i = 0; i < n; ++i) list.add(make_move(i % 200, i / 200));
  ASSERT_EQ(list.size, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(list[i], make_move(i % 200, i / 200)) << i;
  const MoveList copy = list;
  ASSERT_EQ(copy.size, n);
  EXPECT_TRUE(std::equal(copy.begin(), copy.end(), list.begin()));
  // Emptied and filled again, it keeps its room on the heap.
  list.size = 0;
  list.add(make_move(1, 2));
  ASSERT_EQ(list.size, 1);
  EXPECT_EQ(list[0], make_move(1, 2));
  // Never past max_walling_moves, whatever a bound gone wrong would ask.
  MoveList full;
  for (int i = 0; i < max_walling_moves + 10; ++i) full.add(make_move(1, 2));
  EXPECT_EQ(full.size, max_walling_moves);
}

TEST(FairyMoveBound, EveryBuiltinFitsAndStartsBelowItsBound) {
  for (std::size_t i = 0; auto v = builtin_variant_at(i); ++i) {
    const int bound = v->rules.move_bound;
    EXPECT_EQ(bound, pseudo_legal_move_bound(v->rules)) << v->id;
    EXPECT_LE(bound, max_moves) << v->id;
    auto g = create_fairy_game(v, "");
    ASSERT_TRUE(g.ok()) << v->id;
    EXPECT_LT(static_cast<int>((*g)->legal_moves().size()), bound) << v->id;
  }
}

TEST(FairyMoveBound, ADefinitionBeyondTheListIsRefusedWithItsReason) {
  const std::string ini =
      "[huge:chess]\nmaxFile = 12\nmaxRank = 10\ncustomPiece1 = z:QNN\ncustomPiece2 = y:CZHGAD\n"
      "promotedPieceType = z:y y:z\npromotionRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10\n"
      "startFen = 11k/12/12/12/12/12/12/12/12/11K w - - 0 1\ncastling = false\n";
  auto v = load_variant(ini, "huge");
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error().message.find("more than the 4096"), std::string::npos) << v.error().message;
}

// The bound holds on crowded positions of the built-ins and the test definitions: random
// games, every position's legal moves below it (the pseudo-legal list is what it bounds,
// and it holds them all, or the counts would differ from ffish-es6's in the differential
// test).
TEST(FairyMoveBound, RandomGamesStayBelowTheBound) {
  for (const char* id : {"grand", "capablanca", "amazon", "makruk"}) {
    auto v = builtin_variant(id);
    auto g = create_fairy_game(v, "");
    ASSERT_TRUE(g.ok());
    for (int ply = 0; ply < 120 && !(*g)->over(); ++ply) {
      auto moves = (*g)->legal_moves();
      ASSERT_LT(static_cast<int>(moves.size()), v->rules.move_bound) << id;
      ASSERT_TRUE((*g)->apply(moves[(ply * 7) % moves.size()]).ok());
    }
  }
}

// A rook that is also a wazir and a dabbaba, a knight that is also a nightrider, a king
// that is also a two-step wazir rider: each target once. (The generator used to list the
// wazir's and dabbaba's squares twice when the rook's ride reached them too.)
TEST(FairyOverlap, OverlappingMovesAreListedOnce) {
  auto v = variant(
      "[overlap:chess]\ncustomPiece1 = z:WRD\ncustomPiece2 = y:NFNN\ncustomPiece3 = x:KW2\n"
      "startFen = rnbqkbnr/pppppppp/8/2zyx3/3XYZ2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
      "promotionPieceTypes = nbrqzyx\n",
      "overlap");
  ASSERT_TRUE(v);
  for (std::string fen : {"", "4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1", "4k3/8/8/8/3Y4/8/8/4K3 w - - 0 1",
                          "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1"}) {
    auto g = game_of(v, fen);
    ASSERT_TRUE(g);
    auto moves = g->legal_moves();
    const std::set<std::string> once(moves.begin(), moves.end());
    EXPECT_EQ(once.size(), moves.size()) << fen;
  }
  // From d4 on an empty board: the rook's 14 squares (W and D among them).
  auto z = game_of(v, "4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1");
  auto moves = z->legal_moves();
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(), [](auto& m) { return m[0] == 'd'; }), 14);
}

// Fairy-Stockfish's haynie: 6x6, the king on d castles to c and e, one file each way, so
// the castlings are written d1a1 and d1f1 and the plain king moves keep d1c1 and d1e1 (the
// list had d1c1 and d1e1 twice, and castling could not be played).
const std::string haynie_ini =
    "[haynie:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - "
    "0 1\ndoubleStep = false\npromotionPieceTypes = rbq\ncastlingQueensideFile = c\n"
    "castlingKingsideFile = e\npromotionRegionWhite = *6\n";

TEST(FairyCastlingText, HaynieCastlesAsTheKingTakingItsRook) {
  auto v = variant(haynie_ini, "haynie");
  ASSERT_TRUE(v);
  auto g = game_of(v, "r2k1r/3p2/6/6/6/R2K1R w KQkq - 0 1");
  ASSERT_TRUE(g);
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  const std::vector<std::string> king(moves.begin() + 7, moves.begin() + 14);
  EXPECT_EQ(king,
            (std::vector<std::string>{"d1a1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f1"}));
  ASSERT_TRUE(g->apply("d1a1").ok());
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "O-O-O");
  EXPECT_EQ(g->position(), "r2k1r/3p2/6/6/6/2KR1R b kq - 1 1");
  ASSERT_TRUE(g->apply("d6f6").ok());
  EXPECT_EQ(g->display_notation(1, Viewer::referee), "O-O");
  // With the square beside the king taken, castling there is impossible anyway.
  auto h = game_of(v, "r2k1r/3p2/6/6/6/RN1KBR w KQkq - 0 1");
  moves = h->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "d1c1"), 1);
}

// The same cause on a full board: a king that also leaps two files (KD) reaches g1 and c1
// by a plain move whenever castling could go there, so castling is written e1h1 and e1a1;
// the plain chess king keeps e1g1.
TEST(FairyCastlingText, ALeapingKingCastlesAsTheKingTakingItsRook) {
  auto v = variant("[dking:chess]\nking = k:KD\n", "dking");
  ASSERT_TRUE(v);
  auto g = game_of(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  auto moves = g->legal_moves();
  for (const char* m : {"e1h1", "e1a1", "e1g1", "e1c1"})
    EXPECT_EQ(std::count(moves.begin(), moves.end(), m), 1) << m;
  ASSERT_TRUE(g->apply("e1h1").ok());
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "O-O");
  auto chess = create_game("kingofthehill", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(chess.ok());
  moves = (*chess)->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1h1"), 0);
}

// Without an n-move rule nothing bounds a game's length (two kings may walk for ever, and
// without a repetition rule nothing ends it): the game is drawn after 1,000 plies.
TEST(FairyPlyLimit, AGameWithoutAMoveRuleIsDrawnAtTheLimit) {
  {
    auto v = variant(
        "[walk:chess]\ncastling = false\nnMoveRule = 0\nnFoldRule = 0\n"
        "startFen = k7/8/8/8/8/8/8/7K w - - 0 1\n",
        "walk");
    ASSERT_TRUE(v);
    EXPECT_EQ(v->rules.ply_limit, ply_limit_without_move_rule);
    auto g = game_of(v, "");
    // The kings walk tours of 10 and 8 squares; nothing else ends the game.
    const char* white[] = {"h1g1", "g1f1", "f1e1", "e1d1", "d1d2",
                           "d2e2", "e2f2", "f2g2", "g2h2", "h2h1"};
    const char* black[] = {"a8b8", "b8c8", "c8d8", "d8d7", "d7c7", "c7b7", "b7a7", "a7a8"};
    for (int ply = 0; ply < ply_limit_without_move_rule; ++ply) {
      ASSERT_FALSE(g->over()) << ply << " " << g->outcome().reason;
      const char* m = ply % 2 == 0 ? white[(ply / 2) % 10] : black[(ply / 2) % 8];
      ASSERT_TRUE(g->apply(m).ok()) << ply << " " << m;
    }
    EXPECT_TRUE(g->over());
    EXPECT_EQ(g->outcome(), Outcome::draw("move_limit"));
  }
}

// A definition with an n-move rule has no ply limit (the rule bounds the game), and no
// built-in but makruk (nMoveRule = 0, its counting rules instead) has one.
TEST(FairyPlyLimit, OnlyDefinitionsWithoutAMoveRuleHaveOne) {
  auto v = variant("[walk:chess]\nnFoldRule = 0\n", "walk");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rules.ply_limit, 0);
  // A repetition rule alone bounds no game whose positions do not repeat.
  auto fold = variant("[walk:chess]\nnMoveRule = 0\n", "walk");
  ASSERT_TRUE(fold);
  EXPECT_EQ(fold->rules.ply_limit, ply_limit_without_move_rule);
  for (std::size_t i = 0; auto b = builtin_variant_at(i); ++i)
    EXPECT_EQ(b->rules.ply_limit, b->id == "makruk" ? ply_limit_without_move_rule : 0) << b->id;
}

// The cost probe: every built-in and every test definition fits the budget with room to
// spare; a definition of 337 moves at the start does not, and a room's loader refuses it
// with the reason (check_variant and create_room answer with it).
TEST(FairyCostProbe, PlayableVariantsFitTheBudget) {
  for (std::size_t i = 0; auto v = builtin_variant_at(i); ++i) {
    const CostProbe probe = probe_cost(test::position_of(v->rules, ""));
    EXPECT_EQ(probe.positions, cost_probe_plies + 1) << v->id;
    EXPECT_LT(probe.work * 3, cost_probe_budget) << v->id;
  }
  for (const char* name : {"wide", "minifairy", "promoted"}) {
    std::string ini;
    for (const char* file : {BANMEN_FAIRY_TEST_VARIANTS}) {
      std::FILE* f = std::fopen(file, "rb");
      ASSERT_NE(f, nullptr);
      char buf[4096];
      for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) ini.append(buf, n);
      std::fclose(f);
    }
    auto custom = load_custom_variant(ini, name);
    EXPECT_TRUE(custom.ok()) << name << ": " << (custom.ok() ? "" : custom.error().message);
  }
}

TEST(FairyCostProbe, ATooCostlyDefinitionIsRefusedWithItsReason) {
  const std::string heavy =
      "[heavy:chess]\nmaxFile = 12\nmaxRank = 10\ncustomPiece1 = z:QNN\ncastling = false\n"
      "startFen = zzzzzzkzzzzz/12/12/12/12/12/12/12/12/ZZZZZZKZZZZZ w - - 0 1\n";
  auto v = variant(heavy, "heavy");  // the rules core itself plays it
  ASSERT_TRUE(v);
  const CostProbe probe = probe_cost(test::position_of(v->rules, ""));
  EXPECT_GT(probe.work, cost_probe_budget);
  EXPECT_LT(probe.positions, cost_probe_plies + 1);  // stopped once the budget was spent
  EXPECT_GE(probe.most_moves, 337);                  // 337 at the start
  VariantError detail;
  auto custom = load_custom_variant(heavy, "heavy", &detail);
  ASSERT_FALSE(custom.ok());
  EXPECT_EQ(custom.error().code, errc::bad_variant);
  EXPECT_NE(custom.error().message.find("heavy is too costly to play here"), std::string::npos)
      << custom.error().message;
  EXPECT_EQ(detail.message, custom.error().message);
  // The verdict is the same every time (a fixed line), so a stored game loads again.
  EXPECT_EQ(probe_cost(test::position_of(v->rules, "")).work, probe.work);
}

// Drops, gates and walls are played in rooms, bounded by their cost as any definition is:
// every catalogue variant rooms offer fits its budget, a 12x10 board with full hands of
// many types does not, and a duck among queens lists too many moves in one position.
TEST(FairyCostProbe, HandsGatesAndWallsArePlayedWithinTheirBudget) {
  for (const char* id : {"crazyhouse", "placement", "seirawan", "shouse", "capahouse", "kyotoshogi",
                         "torishogi", "euroshogi", "judkins", "xiangqi", "minixiangqi", "janggi",
                         "duck", "atomic", "dobutsu", "micro"}) {
    auto v = named_variant(id);
    ASSERT_TRUE(v) << id;
    const CostProbe probe = probe_cost(test::position_of(v->rules, ""));
    // The whole line, or up to its end (dobutsu's and micro's fixed lines end early).
    EXPECT_GT(probe.positions, 1) << id;
    EXPECT_LE(probe.positions, cost_probe_plies + 1) << id;
    // Half of the budget spare.
    EXPECT_LT(probe.work * 2, cost_budget(v->rules)) << id << " " << probe.work;
    EXPECT_FALSE(cost_refusal(test::position_of(v->rules, ""))) << id;
  }
  // Crazyhouse with both hands full from the start (a FEN a host may paste) still fits.
  auto zh = named_variant("crazyhouse");
  const std::string full = "4k3/8/8/8/8/8/8/4K3[QQRRBBNNPPPPqqrrbbnnpppp] w - - 0 1";
  const CostProbe hands = probe_cost(test::position_of(zh->rules, full));
  EXPECT_GT(hands.work, cost_probe_budget);
  EXPECT_LT(hands.work, cost_probe_hands_budget);
  EXPECT_LE(hands.most_moves, 5 * 62 + 8);
}

TEST(FairyCostProbe, ADropExplosionIsRefused) {
  // Twelve types in hand on 12x10: over 1,300 drops a position.
  const std::string drops =
      "[rain:crazyhouse]\nmaxFile = 12\nmaxRank = 10\ncastling = false\n"
      "customPiece1 = a:W\ncustomPiece2 = c:F\ncustomPiece3 = d:D\ncustomPiece4 = e:A\n"
      "customPiece5 = f:H\ncustomPiece6 = g:G\ncustomPiece7 = h:C\n"
      "startFen = 11k/12/12/12/12/12/12/12/12/K11[QRBNPACDEFGHqrbnpacdefgh] w - - 0 1\n";
  auto v = variant(drops, "rain");
  ASSERT_TRUE(v);
  const CostProbe probe = probe_cost(test::position_of(v->rules, ""));
  EXPECT_GE(probe.most_moves, 1300);
  EXPECT_GT(probe.work, cost_probe_hands_budget);
  auto custom = load_custom_variant(drops, "rain");
  ASSERT_FALSE(custom.ok());
  EXPECT_NE(custom.error().message.find("rain is too costly to play here"), std::string::npos)
      << custom.error().message;
}

TEST(FairyCostProbe, WallingHasItsOwnBudgetAndAMoveCap) {
  // Duck chess spends several times chess's work a position: its budget is the walling one.
  auto duck = named_variant("duck");
  const CostProbe probe = probe_cost(test::position_of(duck->rules, ""));
  EXPECT_GT(probe.work, cost_probe_budget);
  EXPECT_LT(probe.work, cost_probe_walling_budget);
  // A duck among queens: over 4,096 moves in a position, refused.
  const std::string wide =
      "[bigduck:duck]\ncastling = false\n"
      "startFen = qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1\n";
  auto v = variant(wide, "bigduck");
  ASSERT_TRUE(v);
  auto custom = load_custom_variant(wide, "bigduck");
  ASSERT_FALSE(custom.ok());
  EXPECT_NE(custom.error().message.find("bigduck is too costly to play here"), std::string::npos)
      << custom.error().message;
  // Arrows (amazons) fit.
  EXPECT_FALSE(cost_refusal(test::position_of(test::catalogue_rules("amazons"), "")));
}

}  // namespace
}  // namespace banmen::fairy

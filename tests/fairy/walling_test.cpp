// Walls placed by the moves (wallingRule): duck chess, isolation, snailtrail, joust and the
// amazons by name, and Fairy-Stockfish's own sections that use them (atomicduck, atlantis,
// la-mancha-squeez, la-mancha-duel, cowboys: test_variants_walling.ini); and capturers
// turned into walls (petrifyOnCaptureTypes): petrified by name, nuclear (that file). Perft of the
// starts and of positions of random games against Fairy-Stockfish's counts (`go perft N`, with
// VariantPath set to that file for its sections), and each rule, its notation (UCI, SAN,
// FEN) and its refusals by hand, as Fairy-Stockfish (ffish-es6) plays and writes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "fairy/cost_probe.h"
#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::lists;

// A variant by name, or a section of test_variants_walling.ini.
std::shared_ptr<const VariantRules> walling_variant(const std::string& name) {
  if (auto v = named_variant(name)) return v;
  static std::map<std::string, std::shared_ptr<const VariantRules>> cache;
  auto& v = cache[name];
  if (!v) {
    std::ifstream in(BANMEN_FAIRY_TEST_WALLING);
    std::stringstream text;
    text << in.rdbuf();
    auto loaded = load_variant(text.str(), name);
    EXPECT_TRUE(loaded.ok()) << name << ": " << (loaded.ok() ? "" : loaded.error().message);
    if (loaded.ok()) v = *loaded;
  }
  return v;
}

GamePtr walling_game(const std::string& name, const std::string& fen = "") {
  auto g = create_fairy_game(walling_variant(name), fen);
  EXPECT_TRUE(g.ok()) << name << " " << fen;
  return g.ok() ? std::move(*g) : nullptr;
}

std::vector<std::string> walling_moves(const std::string& name, const std::string& fen = "") {
  auto g = walling_game(name, fen);
  if (!g) return {};
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  return moves;
}

// Positions of random games (ffish-es6, seeded), counted by Fairy-Stockfish.
constexpr const char* duck_middle =
    "1nbq2n1/rpp2k2/p4p2/N2pp1p1/P2PPNpr/b1P2P2/1P2*2P/R1BQKBR1 w Q - 1 13";
constexpr const char* duck_late =
    "rn1kqb2/4p3/b5p1/pp1p1P1r/PP1p1BPN/2N2P1P/2P*2B1/R3QR1K b - - 0 21";
// Eight queens: 5,293 moves, more than a list holds in place.
constexpr const char* duck_queens = "Q1Q1Q1Q1/1Q1Q1Q1Q/8/8/8/8/8/k6K w - - 0 1";

constexpr test::PerftCase walling_cases[] = {
    {"duck", "", 1, 640},
    {"duck", duck_middle, 1, 1160},
    {"duck", duck_late, 1, 951},
    {"duck", duck_queens, 1, 5293},
    {"isolation", "", 2, 47300},
    {"isolation", "1*2p*/5*/2*2*/6/1*4/4P1/1**3/*3*1 w - - 10 6", 2, 26672},
    {"isolation7x7", "", 2, 49500},
    {"isolation7x7", "2*3*/2*1*2/1*2*2/*2p1*1/4*1*/4P1*/*6 w - - 12 7", 2, 42374},
    {"snailtrail", "", 6, 5624},
    {"snailtrail", "6*/5*1/3**2/3*p2/2**3/1**1P2/*6 w - - 10 6", 6, 5395},
    {"joust", "", 5, 8094},
    {"joust", "*7/2n5/1*2*3/2*1*3/*1**1N2/3*4/1*2*3/2*5 w - - 12 7", 5, 794},
    {"amazons", "", 1, 2176},
    {"amazons", "8*Q/3*1*4/7*2/*5*1**/1Q2**3*/q2q2**2/*1**4Q1/1*q3*1*1/6*3/q7Q1 w - - 20 11", 1,
     459},
    {"petrified", "", 4, 250134},
    {"petrified", "1nb2knr/rppp*p2/1q4p1/p3p2p/2P5/NP1P1P1P/1P2KPP1/R3QBNR w - - 1 16", 3, 46709},
    {"petrified", "3rk1n1/1q4b1/p1pp1p2/Pp2ppPr/1*2PP2/1NR5/2*KP2P/2BQ1BNR w - - 1 26", 3, 42062},
};

TEST(FairyWalling, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(walling_cases);
}

TEST(FairyWalling, SectionsPerftEqualsFairyStockfish) {
  const test::PerftCase cases[] = {
      {"atomicduck", "", 1, 640},
      {"atomicduck", "r2*kbnr/2p1pp1p/b1n3p1/pp1p4/2P3PP/PP3K2/1B1PP3/RN1Q1BNR w kq - 0 11", 1,
       1092},
      {"atlantis", "", 3, 22708},
      {"atlantis", "1n*r*bnr/pb2qkpp/1pP2p1*/1B1pP3/*3P1P*/P1N2N2/*PP4P/R1BQK2R w KQ - 0 16", 2,
       1699},
      {"la-mancha-squeez", "", 4, 29887},
      {"la-mancha-squeez", "p7*/7P1/3p*4/3*5/3***3/3P*4/9/1p6P/*7* w - - 8 5", 4, 59657},
      {"la-mancha-duel", "", 4, 30547},
      {"la-mancha-duel", "*p6P/**7/9/3p1P3/3***3/9/6P2/7**/p7* w - - 8 5", 4, 33139},
      {"cowboys", "", 2, 6016},
      {"cowboys", "5*1/1nnn3/*5n/1***1*1/N4NN/*1**3/2N1*2 w - - 10 6", 2, 1705},
      {"nuclear", "", 4, 197262},
      {"nuclear", "r1bq2nr/p2kbp2/n3p2p/6p1/1Q*3PP/4KP2/P3P3/RNB2BNR w - - 0 16", 3, 25204},
      {"nuclear", "5b2/rb1npkr1/2p4p/1*1q2p1/3pPp2/PPNP1NPP/R1Q1BP2/2BK1R2 w - - 0 23", 3, 32367},
  };
  for (const test::PerftCase& c : cases) {
    Position pos = test::position_of(walling_variant(c.variant)->rules, c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
}

TEST(FairyWalling, TheDuckMovesWithEveryMoveAndIsWrittenAsAWall) {
  const auto start = walling_moves("duck");
  EXPECT_TRUE(lists(start, "e2e4,e4d5"));
  EXPECT_TRUE(lists(start, "e2e4,e4e2"));   // onto the square the pawn left
  EXPECT_FALSE(lists(start, "e2e4,e4e4"));  // not where it went
  EXPECT_FALSE(lists(start, "e2e4,e4e7"));  // nor onto a piece
  EXPECT_FALSE(lists(start, "e2e4"));
  auto g = walling_game("duck");
  ASSERT_TRUE(g->apply("e2e4,e4d5").ok());
  EXPECT_EQ(g->position(), "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // The duck blocks and must move on: no piece enters d5 and no move leaves the duck there.
  for (const std::string& m : g->legal_moves()) {
    EXPECT_NE(m.substr(0, 4), "d7d5");
    EXPECT_NE(m.substr(m.size() - 2), "d5") << m;
  }
  ASSERT_TRUE(g->apply("g8f6,f6d4").ok());
  EXPECT_EQ(g->position(), "rnbqkb1r/pppppppp/5n2/8/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  const auto after = g->legal_moves();
  EXPECT_TRUE(lists(after, "g1f3,f3d5"));  // d5 is free again
  EXPECT_EQ(after.size(), 899u);
}

TEST(FairyWalling, DuckChessEndsByTakingTheKingOrWithoutAMove) {
  auto g = walling_game("duck", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
  ASSERT_TRUE(g->apply("e1e8,e8a1").ok());
  EXPECT_EQ(g->outcome().kind, Outcome::Kind::win);
  EXPECT_EQ(g->outcome().winner, 0);
  EXPECT_EQ(g->outcome().reason, "extinction");
  // Walled in: the side without a move wins.
  auto stuck = walling_game("duck", "k*6/**6/8/8/8/8/8/7K b - - 0 1");
  EXPECT_EQ(stuck->outcome().kind, Outcome::Kind::win);
  EXPECT_EQ(stuck->outcome().winner, 1);
  EXPECT_EQ(stuck->outcome().reason, "stalemate");
}

TEST(FairyWalling, NoEnPassantOntoTheDuck) {
  const std::string fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
  auto walled = walling_game("duck", fen);
  ASSERT_TRUE(walled->apply("e2e4,e4e3").ok());
  EXPECT_EQ(walled->position(), "4k3/8/8/8/3pP3/4*3/8/4K3 b - - 0 1");
  EXPECT_FALSE(lists(walled->legal_moves(), "d4e3,e3a1"));
  auto open = walling_game("duck", fen);
  ASSERT_TRUE(open->apply("e2e4,e4a1").ok());
  EXPECT_EQ(open->position(), "4k3/8/8/8/3pP3/8/8/*3K3 b - e3 0 1");
  EXPECT_TRUE(lists(open->legal_moves(), "d4e3,e3e4"));  // the pawn taken, its square free
  EXPECT_FALSE(lists(open->legal_moves(), "d4e3,e3a1"));
  // The duck left where the pawn started does not stop en passant, in a FEN too.
  const std::string behind =
      "rn3b1r/2pb1kp*/2B2p2/p2Pp1Pp/1P1Nn3/NP1K1PQ1/P2P3P/R1B3R1 w - h6 0 21";
  auto g = walling_game("duck", behind);
  EXPECT_EQ(g->position(), behind);
  EXPECT_TRUE(lists(g->legal_moves(), "g5h6,h6h5"));
}

TEST(FairyWalling, CastlingFreesTheKingsAndRooksSquaresOnly) {
  const auto moves = walling_moves("duck", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_TRUE(lists(moves, "e1g1,g1e1"));
  EXPECT_TRUE(lists(moves, "e1g1,g1h1"));
  EXPECT_FALSE(lists(moves, "e1g1,g1g1"));
  EXPECT_FALSE(lists(moves, "e1g1,g1f1"));
  EXPECT_EQ(moves.size(), 1510u);
}

TEST(FairyWalling, SanAsFairyStockfishWritesIt) {
  struct Case {
    const char* variant;
    const char* fen;
    const char* uci;
    const char* san;
  } cases[] = {
      {"duck", "", "e2e4,e4d5", "e4,d5"},
      {"duck", "", "g1f3,f3g1", "Nf3,g1"},
      {"duck", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1,g1e1", "O-O,e1"},
      {"duck", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8,a8e4", "Rxa8,e4"},
      {"duck", "8/1P6/8/8/8/8/8/k6K w - - 0 1", "b7b8q,b8a8", "b8=Q,a8"},
      // Another knight could go to e2 only where the duck does not land on it.
      {"duck", "7k/8/8/8/8/8/8/2N3NK w - - 0 1", "c1e2,e2c1", "Ne2,c1"},
      {"duck", "7k/8/8/8/8/8/8/2N3NK w - - 0 1", "c1e2,e2d4", "Nce2,d4"},
      {"atlantis", "", "e2e4,e4a1", "e4,a1"},
      {"atlantis", "", "a1a1,a1a3", "Ra1,a3"},
      {"atlantis", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8,h8a1", "Rh8,a1+"},
      {"atlantis", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1,c1a1", "O-O-O,a1"},
      {"amazons", "", "d1d5,d5g8", "Qd5,g8"},
      {"snailtrail", "", "a1b1,b1a1", "Pb1,a1"},
  };
  for (const Case& c : cases) {
    Position pos = test::position_of(walling_variant(c.variant)->rules, c.fen);
    Move m{};
    ASSERT_TRUE(find_uci_move(pos, c.uci, m)) << c.variant << " " << c.uci;
    EXPECT_EQ(uci_move(pos, m), c.uci);
    EXPECT_EQ(san_move(pos, m), c.san) << c.variant << " " << c.uci;
  }
}

TEST(FairyWalling, AtlantisMovesOrWallsAnEdge) {
  const auto start = walling_moves("atlantis");
  EXPECT_EQ(start.size(), 28u);
  EXPECT_TRUE(lists(start, "e2e4,e4a1"));  // a move walls nothing, written with a1
  EXPECT_TRUE(lists(start, "a1a1,a1h6"));  // a wall on an edge, from the first piece
  EXPECT_FALSE(lists(start, "a1a1,a1d5"));
  // A wall pass by a pawn restarts the move count (Fairy-Stockfish counts it as a pawn's
  // move); two wall passes in a row end nothing.
  auto g = walling_game("atlantis", "4k3/8/8/8/8/8/P3K3/8 w - - 5 1");
  ASSERT_TRUE(g->apply("a2a2,a2a1").ok());
  EXPECT_EQ(g->position(), "4k3/8/8/8/8/8/P3K3/*7 b - - 0 1");
  EXPECT_TRUE(lists(g->legal_moves(), "e8e8,e8b1"));  // beside the wall
  ASSERT_TRUE(g->apply("e8e8,e8a8").ok());
  ASSERT_TRUE(g->apply("a2a2,a2b1").ok());
  EXPECT_EQ(g->position(), "*3k3/8/8/8/8/8/P3K3/**6 b - - 0 2");
  EXPECT_EQ(g->outcome().kind, Outcome::Kind::ongoing);
  EXPECT_EQ(g->legal_moves().size(), 29u);
}

TEST(FairyWalling, EachRuleWallsItsOwnSquares) {
  // Isolation never walls the two starting squares; snailtrail walls the square left.
  for (const std::string& m : walling_moves("isolation"))
    EXPECT_NE(m.substr(m.size() - 2), "c1") << m;
  EXPECT_EQ(walling_moves("snailtrail"),
            (std::vector<std::string>{"a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"}));
  // The amazon's arrow flies as a queen from where it landed (not to e7), over the square it
  // left but not through a piece (d10).
  const auto amazons = walling_moves("amazons");
  EXPECT_TRUE(lists(amazons, "d1d5,d5d1"));
  EXPECT_TRUE(lists(amazons, "d1d5,d5d9"));
  EXPECT_FALSE(lists(amazons, "d1d5,d5d10"));
  EXPECT_FALSE(lists(amazons, "d1d5,d5e7"));
  auto g = walling_game("amazons");
  ASSERT_TRUE(g->apply("d1d5,d5g8").ok());
  EXPECT_EQ(g->position(), "3q2q3/10/6*3/q8q/10/3Q6/Q8Q/10/10/6Q3 b - - 1 1");
}

TEST(FairyWalling, TheNewDuckMayShieldAnAtomicKing) {
  // The knight uncovers its king: only a duck on the file shields it.
  const auto atomic = walling_moves("atomicduck", "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
  std::vector<std::string> knight;
  for (const std::string& m : atomic)
    if (m.starts_with("e2c3")) knight.push_back(m);
  EXPECT_EQ(knight, (std::vector<std::string>{"e2c3,c3e2", "e2c3,c3e3", "e2c3,c3e4", "e2c3,c3e5",
                                              "e2c3,c3e6", "e2c3,c3e7"}));
  EXPECT_EQ(atomic.size(), 276u);
  // The queen takes g5 and the rook on g7 sees the king: a duck on g6 shields it; on g4, the
  // square the queen left next to the blast, Fairy-Stockfish's test blasts it away too.
  std::vector<std::string> queen;
  for (const std::string& m : walling_moves(
           "atomicduck", "r1bk1bn1/1p1pp1r1/n1p4p/5Pp1/2P3Q1/p2P1*K1/PP5P/RNB2BNR w - - 1 17"))
    if (m.starts_with("g4g5")) queen.push_back(m);
  EXPECT_EQ(queen, std::vector<std::string>{"g4g5,g5g6"});
}

TEST(FairyWalling, APetrifiedCapturerBecomesAWall) {
  auto g = walling_game("petrified", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1");
  ASSERT_TRUE(g->apply("e3d5").ok());
  EXPECT_EQ(g->position(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
  auto pawn = walling_game("petrified", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pawn->apply("e4d5").ok());  // a pawn takes as ever
  EXPECT_EQ(pawn->position(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
  // The king would turn into a wall: it may not take (in check from the pawn, it steps
  // away); the other king attacks nothing, so the two may stand side by side.
  EXPECT_EQ(walling_moves("petrified", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
            (std::vector<std::string>{"e1d1", "e1e2", "e1f1", "e1f2"}));
  EXPECT_TRUE(lists(walling_moves("petrified", "8/8/8/8/8/3k4/8/3K4 w - - 0 1"), "d1d2"));
}

TEST(FairyWalling, PositionsAreToldApartByTheirWalls) {
  const Rules& r = test::catalogue_rules("duck");
  const Position a = test::position_of(r, "4k3/8/8/3*4/8/8/8/4K3 w - - 0 1");
  const Position b = test::position_of(r, "4k3/8/8/4*3/8/8/8/4K3 w - - 0 1");
  EXPECT_NE(a.key(), b.key());
  // A move and its undoing give back the position and its key exactly.
  Position pos = a;
  Move m{};
  EXPECT_FALSE(find_uci_move(pos, "e1d1,d1d5", m));  // the duck may not stay
  ASSERT_TRUE(find_uci_move(pos, "e1d1,d1e5", m));
  pos.make(m);
  EXPECT_EQ(write_fen(pos), "4k3/8/8/4*3/8/8/8/3K4 b - - 1 1");
  ASSERT_TRUE(find_uci_move(pos, "e8d8,d8d5", m));
  pos.make(m);
  EXPECT_EQ(write_fen(pos), "3k4/8/8/3*4/8/8/8/3K4 w - - 2 2");
  EXPECT_EQ(pos.key(), test::position_of(r, write_fen(pos)).key());
  pos.unmake();
  pos.unmake();
  EXPECT_EQ(write_fen(pos), write_fen(a));
  EXPECT_EQ(pos.key(), a.key());
}

TEST(FairyWalling, ListsPastTheirRoomHeldInPlace) {
  const Rules& r = test::catalogue_rules("duck");
  Position pos = test::position_of(r, duck_queens);
  MoveList moves;
  pos.legal_moves(moves);
  ASSERT_EQ(moves.size, 5293);
  EXPECT_GT(moves.size, max_moves);
  const MoveList copy = moves;
  ASSERT_EQ(copy.size, moves.size);
  EXPECT_TRUE(std::equal(copy.begin(), copy.end(), moves.begin()));
  EXPECT_LE(r.move_bound, max_walling_moves);
}

TEST(FairyWalling, DefinitionsRefusedWithTheirReason) {
  auto refused = [](const std::string& text, const std::string& why) {
    auto v = load_variant(text, "w");
    ASSERT_FALSE(v.ok()) << text;
    EXPECT_NE(v.error().message.find(why), std::string::npos) << v.error().message;
  };
  refused("[w:chess]\nwallingRule = duck\n", "duck needs a king that is not royal");
  refused("[w:crazyhouse]\nwallingRule = static\n", "pieceDrops");
  refused("[w:xiangqi]\nwallingRule = static\n", "hoppers");
  refused("[w:chess]\nwallingRule = edge\npass = true\n", "passing");
  refused("[w:chess]\nsoldier = s\nwallingRule = arrow\n", "arrow cannot be used with soldiers");
  refused("[w:chess]\npetrifyOnCaptureTypes = kq\n", "cannot turn a royal king into a wall");
  refused("[w:xiangqi]\npetrifyOnCaptureTypes = r\n", "hoppers");
  refused("[w:chess]\nwallingRule = moat\n", "expects arrow, duck, edge, past, static or none");
  // Walls on every square of 12x10 with a chess army: too many moves for one position.
  refused(
      "[w:chess]\nmaxFile = 12\nmaxRank = 10\n"
      "startFen = 12/12/12/12/12/12/12/12/12/K10k w - - 0 1\nwallingRule = static\n",
      "more than the 65536");
  // wallingRegion sets both sides' regions and wins over a side's own key in its section.
  auto v = load_variant(
      "[w:chess]\nwallingRule = static\nwallingRegion = *1\nwallingRegionWhite = *2\n", "w");
  ASSERT_TRUE(v.ok()) << v.error().message;
  for (int c : {white, black}) {
    EXPECT_TRUE((*v)->rules.walling_zone[c][square_of(0, 0)]);
    EXPECT_FALSE((*v)->rules.walling_zone[c][square_of(0, 1)]);
  }
}

TEST(FairyWalling, RoomsPlayWallingAndPetrification) {
  EXPECT_FALSE(cost_refusal(test::position_of(test::catalogue_rules("duck"), "")));
  EXPECT_FALSE(cost_refusal(test::position_of(test::catalogue_rules("petrified"), "")));
}

}  // namespace
}  // namespace banmen::fairy

// UCI and SAN, both ways: disambiguation, captures, en passant, promotion, castling, check
// and mate marks, and the errors for moves that do not parse or are not legal.
#include <gtest/gtest.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "test_util.h"

namespace banmen::chess {
namespace {

std::string san_of(const std::string& fen, const std::string& uci) {
  auto pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  auto m = parse_uci(*pos, uci);
  EXPECT_TRUE(m.ok()) << uci;
  return m.ok() ? to_san(*pos, *m) : "";
}

std::string uci_of_san(const std::string& fen, const std::string& san) {
  auto pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  auto m = parse_san(*pos, san);
  return m.ok() ? to_uci(*m) : m.error().code;
}

TEST(ChessNotation, SanOut) {
  const std::string start(kStartFen);
  EXPECT_EQ(san_of(start, "g1f3"), "Nf3");
  EXPECT_EQ(san_of(start, "e2e4"), "e4");
  const std::string rooks = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
  EXPECT_EQ(san_of(rooks, "a1d1"), "Rad1");
  EXPECT_EQ(san_of(rooks, "h1d1"), "Rhd1");
  const std::string file = "4k3/8/8/R7/8/8/4K3/R7 w - - 0 1";
  EXPECT_EQ(san_of(file, "a1a3"), "R1a3");
  EXPECT_EQ(san_of(file, "a5a3"), "R5a3");
  const std::string queens = "4k3/8/8/8/8/Q7/4K3/Q1Q5 w - - 0 1";
  EXPECT_EQ(san_of(queens, "a1b2"), "Qa1b2");
  EXPECT_EQ(san_of(queens, "c1b2"), "Qcb2");
  EXPECT_EQ(san_of(queens, "a3b2"), "Q3b2");
  // A pinned rival does not force disambiguation.
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/1N1K1N1r w - - 0 1", "b1d2"), "Nd2");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/rN1K1N2 w - - 0 1", "f1d2"), "Nd2");
  EXPECT_EQ(san_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5"),
            "exd5");
  EXPECT_EQ(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
  EXPECT_EQ(san_of("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"), "exd8=Q+");
  EXPECT_EQ(san_of("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
  EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
            "Qh4#");
}

TEST(ChessNotation, SanIn) {
  const std::string start(kStartFen);
  EXPECT_EQ(uci_of_san(start, "Nf3"), "g1f3");
  EXPECT_EQ(uci_of_san(start, "Ngf3"), "g1f3");  // over-disambiguated
  EXPECT_EQ(uci_of_san(start, "e4"), "e2e4");
  EXPECT_EQ(uci_of_san(start, "e4!?"), "e2e4");
  EXPECT_EQ(uci_of_san(start, "Nxf3"), "g1f3");  // stray capture mark
  EXPECT_EQ(uci_of_san(start, "e5"), errc::illegal_move);
  EXPECT_EQ(uci_of_san(start, "Ke2"), errc::illegal_move);
  for (const char* junk : {"", "Z", "Zf3", "e", "e9", "Nf3f3", "e4=Q=", "Pe4x", "O-O-O-O", "e8=K"})
    EXPECT_NE(uci_of_san(start, junk).find('_'), std::string::npos) << junk;
  const std::string rooks = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
  EXPECT_EQ(uci_of_san(rooks, "Rd1"), errc::illegal_move);  // ambiguous
  EXPECT_EQ(uci_of_san(rooks, "Rad1"), "a1d1");
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(uci_of_san(castle, "O-O"), "e1g1");
  EXPECT_EQ(uci_of_san(castle, "0-0-0"), "e1c1");
  const std::string promo = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(uci_of_san(promo, "exd8=N"), "e7d8n");
  EXPECT_EQ(uci_of_san(promo, "exd8Q+"), "e7d8q");
  EXPECT_EQ(uci_of_san(promo, "exd8=q"), "e7d8q");
  EXPECT_EQ(uci_of_san(promo, "exd8"), errc::illegal_move);  // the piece is missing
  EXPECT_EQ(uci_of_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6"), "e5d6");
}

TEST(ChessNotation, Uci) {
  auto pos = parse_fen(kStartFen);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_uci(*parse_uci(*pos, "e2e4")), "e2e4");
  EXPECT_EQ(parse_uci(*pos, "e2e5").error().code, errc::illegal_move);
  for (const char* junk : {"", "e2", "e2e4qq", "i2e4", "e0e4", "e2e4 "})
    EXPECT_EQ(parse_uci(*pos, junk).error().code, errc::bad_move) << junk;
  auto promo = parse_fen("8/P7/8/8/8/8/8/k6K w - - 0 1");
  EXPECT_EQ(to_uci(*parse_uci(*promo, "a7a8q")), "a7a8q");
  EXPECT_EQ(parse_uci(*promo, "a7a8").error().code, errc::illegal_move);
}

TEST(ChessNotation, GameKeepsUciAndSan) {
  auto g = test::game_from();
  test::play(*g, {"e2e4", "e7e5", "g1f3"});
  EXPECT_EQ(g->notation(2, Viewer::spectator), "g1f3");
  EXPECT_EQ(g->display_notation(2, Viewer::seat1), "Nf3");
  EXPECT_EQ(g->display_notation(0, Viewer::seat0), "e4");
}

}  // namespace
}  // namespace banmen::chess

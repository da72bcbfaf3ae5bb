// PGN: the export format (tags, movetext, wrapping, result, termination) and import of the
// main line, including records with comments, variations, NAGs and a set-up position.
#include <gtest/gtest.h>

#include <random>

#include "test_util.h"

namespace banmen::chess {
namespace {

using test::game_from;
using test::play;

TEST(ChessPgn, ExportsTheSevenTagRosterAndMoves) {
  auto g = game_from();
  play(*g, {"f2f3", "e7e5", "g2g4", "d8h4"});
  RecordInfo info{};
  info.players[0] = "Ann \"the rook\"";
  info.players[1] = std::string("Bo");
  info.site = "https://example.org/r/abc";
  info.start_time = "2026-11-21T09:30:00Z";
  info.time_control = "10+5";
  auto pgn = g->export_record("pgn", Viewer::spectator, info);
  ASSERT_TRUE(pgn.ok());
  EXPECT_EQ(*pgn,
            "[Event \"?\"]\n"
            "[Site \"https://example.org/r/abc\"]\n"
            "[Date \"2026.11.21\"]\n"
            "[Round \"-\"]\n"
            "[White \"Ann \\\"the rook\\\"\"]\n"
            "[Black \"Bo\"]\n"
            "[Result \"0-1\"]\n"
            "[UTCDate \"2026.11.21\"]\n"
            "[UTCTime \"09:30:00\"]\n"
            "[TimeControl \"600+5\"]\n"
            "[Termination \"Normal\"]\n"
            "\n"
            "1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n");
  EXPECT_EQ(g->export_record("kif", Viewer::spectator, info).error().code, errc::unsupported);
}

TEST(ChessPgn, ExportsASetUpStartAndOutsideEndings) {
  auto g = game_from("4k3/8/8/8/8/8/8/R3K3 b Q - 3 30");
  play(*g, {"e8d7"});
  g->finish(g->timeout_outcome(1));
  auto pgn = g->export_record("pgn", Viewer::referee, {});
  ASSERT_TRUE(pgn.ok());
  EXPECT_NE(pgn->find("[Result \"1-0\"]"), std::string::npos);
  EXPECT_NE(pgn->find("[Termination \"Time forfeit\"]"), std::string::npos);
  EXPECT_NE(pgn->find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 3 30\"]"),
            std::string::npos);
  EXPECT_NE(pgn->find("\n30... Kd7 {timeout} 1-0\n"), std::string::npos) << *pgn;
  EXPECT_EQ(game_from()->export_record("pgn", Viewer::referee, {})->substr(0, 11), "[Event \"?\"]");
}

TEST(ChessPgn, ImportsTheMainLine) {
  const char* text =
      "[Event \"Casual\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
      "1. e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) Nc6 3.Bb5 a6 ; Ruy Lopez\n"
      "4. Ba4 Nf6 5. O-O 1-0\n";
  auto g = import_game("chess", "pgn", text);
  ASSERT_TRUE(g.ok()) << g.error().message;
  ASSERT_EQ((*g)->history_size(), 9u);
  EXPECT_EQ((*g)->notation(8, Viewer::referee), "e1g1");
  EXPECT_EQ((*g)->outcome(), Outcome::win(0, "resignation"));
}

TEST(ChessPgn, ImportsASetUpPositionAndTimeForfeit) {
  const char* text =
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 3 30\"]\n"
      "[Termination \"Time forfeit\"]\n\n30... Kd7 31. Ra7+ 1-0";
  auto g = import_game("chess", "pgn", text);
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ((*g)->history_size(), 2u);
  EXPECT_EQ((*g)->outcome(), Outcome::win(0, "timeout"));
  EXPECT_EQ((*g)->initial_position(), "4k3/8/8/8/8/8/8/R3K3 b Q - 3 30");
}

TEST(ChessPgn, ImportErrors) {
  const char* bad[] = {
      "1. e4 e5 2. Ke3",                   // illegal
      "1. e4 e5 2. Zz9",                   // not SAN
      "[FEN \"8/8/8 w - - 0 1\"]\n1. e4",  // bad FEN tag
      "1. e4 (e5",                         // open variation
      "1. e4 {open comment",               // open comment
      "[White \"x",                        // open tag
      "1. f3 e5 2. g4 Qh4# 3. e4",         // moves after the mate
  };
  for (const char* text : bad) {
    auto g = import_game("chess", "pgn", text);
    ASSERT_FALSE(g.ok()) << text;
    EXPECT_EQ(g.error().code, errc::bad_record) << text;
  }
  EXPECT_EQ(import_game("chess", "kif", "").error().code, errc::unsupported);
}

// Random games: export, import, and get the same moves, position and outcome back.
TEST(ChessPgn, RoundTripsRandomGames) {
  std::mt19937 rng(2024);
  for (int game = 0; game < 40; ++game) {
    auto g = game_from();
    for (int ply = 0; ply < 300 && !g->over(); ++ply) {
      auto moves = g->legal_moves();
      ASSERT_TRUE(g->apply(moves[rng() % moves.size()]).ok());
    }
    auto pgn = g->export_record("pgn", Viewer::referee, {});
    ASSERT_TRUE(pgn.ok());
    for (std::size_t at = 0, next; at < pgn->size(); at = next + 1) {
      next = pgn->find('\n', at);
      ASSERT_LE(next - at, 80u);
    }
    auto back = import_game("chess", "pgn", *pgn);
    ASSERT_TRUE(back.ok()) << back.error().message << "\n" << *pgn;
    EXPECT_EQ((*back)->position(), g->position());
    EXPECT_EQ((*back)->outcome(), g->outcome());
    ASSERT_EQ((*back)->history_size(), g->history_size());
  }
}

}  // namespace
}  // namespace banmen::chess

// The transcript export and import: round trips, the usual run-together form, passes left
// out, and records that lie about their result.
#include <gtest/gtest.h>

#include <random>

#include "reversi_test_util.h"

namespace {

using namespace reversi_test;
using banmen::Viewer;

std::string export_of(const banmen::Game& g, const banmen::RecordInfo& info = {}) {
  auto r = g.export_record("transcript", Viewer::spectator, info);
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r : std::string();
}

banmen::Result<banmen::GamePtr> import(const std::string& text) {
  return banmen::import_game("reversi", "transcript", text);
}

TEST(ReversiTranscript, WritesHeadersMovesScoreAndResult) {
  auto g = make();
  for (const char* m : {"f5", "d6", "c3", "d3", "c4"}) ASSERT_TRUE(g->apply(m).ok());
  banmen::RecordInfo info;
  info.players[0] = "alice";
  info.players[1] = "bob\nWhite: mallory";  // a line break must not forge a header
  info.start_time = "2026-11-21T09:30:00Z";
  info.time_control = "10+5";
  EXPECT_EQ(export_of(*g, info),
            "Game: reversi\n"
            "Black: alice\n"
            "White: bob White: mallory\n"
            "Date: 2026-11-21T09:30:00Z\n"
            "TimeControl: 10+5\n"
            "\n"
            "f5d6c3d3c4\n"
            "\n"
            "Score: 6-3\n"
            "Result: ongoing\n");
}

TEST(ReversiTranscript, RandomGamesRoundTrip) {
  std::mt19937 rng(99);
  for (int game = 0; game < 50; ++game) {
    auto g = make();
    for (int ply = 0; ply < 128 && !g->over(); ++ply) {
      auto moves = g->legal_moves();
      ASSERT_TRUE(g->apply(moves[rng() % moves.size()]).ok());
    }
    const std::string text = export_of(*g);
    auto back = import(text);
    ASSERT_TRUE(back.ok()) << text << back.error().message;
    EXPECT_EQ((*back)->position(), g->position());
    EXPECT_EQ((*back)->history_size(), g->history_size());
    EXPECT_EQ((*back)->outcome(), g->outcome());
    EXPECT_EQ(export_of(**back), text);
  }
}

TEST(ReversiTranscript, ReadsTheBareUsualFormInEitherCase) {
  auto r = import("F5d6C3d3c4\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto g = make();
  for (const char* m : {"f5", "d6", "c3", "d3", "c4"}) ASSERT_TRUE(g->apply(m).ok());
  EXPECT_EQ((*r)->position(), g->position());
}

TEST(ReversiTranscript, InsertsAPassTheRecordLeftOut) {
  const std::string pos = picture({"OX------", "--------", "--------", "--------", "--------",
                                   "--------", "--------", "--------"},
                                  'X');
  auto r = import("Position: " + pos + "\n\nc1\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)->history_size(), 2u);
  EXPECT_EQ((*r)->notation(0, Viewer::spectator), "pass");
  EXPECT_TRUE((*r)->over());
  const std::string text = export_of(**r);
  EXPECT_NE(text.find("Position: " + pos + "\n"), std::string::npos);
  EXPECT_NE(text.find("\npassc1\n"), std::string::npos);
  EXPECT_NE(text.find("Score: 0-3\nResult: white wins (disc_count)\n"), std::string::npos);
}

TEST(ReversiTranscript, KeepsAResignation) {
  auto r = import("f5d6\nResult: white wins (resignation)\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)->outcome(), banmen::Outcome::win(1, "resignation"));
}

TEST(ReversiTranscript, RejectsRecordsThatDoNotAddUp) {
  for (const std::string& bad : {
           std::string("f5f5\n"),                                 // illegal move
           std::string("f5d\n"),                                  // a move cut short
           std::string("f5 z9\n"),                                // not a square
           std::string("Game: chess\n\nf5\n"),                    // another game
           std::string("f5\nScore: 2-2\n"),                       // wrong score
           std::string("f5\nResult: black wins (disc_count)\n"),  // not finished
           std::string("f5\nResult: black wins\n"),               // unreadable result
           std::string("Position: nonsense\n\nf5\n"),
           std::string(70000, 'a'),
       }) {
    auto r = import(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, banmen::errc::bad_record) << bad;
  }
  auto other = banmen::import_game("reversi", "pgn", "");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().code, banmen::errc::unsupported);
}

}  // namespace

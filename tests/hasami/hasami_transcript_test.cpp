// The transcript export and import: round trips, the exact layout and bad records.
#include <gtest/gtest.h>

#include <random>

#include "hasami_test_util.h"

namespace {

using namespace hasami_test;
using banmen::Viewer;

std::string export_of(const banmen::Game& g, const banmen::RecordInfo& info = {}) {
  auto r = g.export_record("transcript", Viewer::spectator, info);
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r : std::string();
}

banmen::Result<banmen::GamePtr> import(const std::string& text) {
  return banmen::import_game("hasami", "transcript", text);
}

TEST(HasamiTranscript, WritesHeadersMovesCapturesAndResult) {
  auto g = make();
  for (const char* m : {"7i7c", "3a3d", "8i8b"}) ASSERT_TRUE(g->apply(m).ok());
  banmen::RecordInfo info;
  info.players[0] = "alice";
  info.event = "friendly";
  EXPECT_EQ(export_of(*g, info),
            "Game: hasami\n"
            "Black: alice\n"
            "Event: friendly\n"
            "\n"
            "7i7c 3a3d 8i8b\n"
            "\n"
            "Captures: 0-0\n"
            "Result: ongoing\n");
}

TEST(HasamiTranscript, RandomGamesRoundTrip) {
  std::mt19937 rng(5);
  for (int game = 0; game < 20; ++game) {
    auto g = make();
    const int plies = static_cast<int>(rng() % 320);
    for (int ply = 0; ply < plies && !g->over(); ++ply) {
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

TEST(HasamiTranscript, KeepsAStartPositionAndAResignation) {
  const std::string pos = "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP w - 7";
  auto r = import("Position: " + pos + "\n\n1a1b\nResult: white wins (resignation)\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)->initial_position(), pos);
  EXPECT_EQ((*r)->outcome(), banmen::Outcome::win(1, "resignation"));
  EXPECT_NE(export_of(**r).find("Position: " + pos + "\n"), std::string::npos);
}

TEST(HasamiTranscript, RejectsRecordsThatDoNotAddUp) {
  for (const std::string& bad : {
           std::string("9i9a\n"),                   // lands on a piece
           std::string("9i8h\n"),                   // diagonal
           std::string("7i7c 7c\n"),                // cut short
           std::string("Game: reversi\n\n7i7c\n"),  // another game
           std::string("7i7c\nCaptures: 1-0\n"),    // wrong captures
           std::string("7i7c\nResult: black wins (captures)\n"),
           std::string("7i7c\nResult: maybe\n"),
           std::string("Position: 9/9 b - 1\n"),
           std::string(70000, '\n'),
       }) {
    auto r = import(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, banmen::errc::bad_record) << bad;
  }
}

}  // namespace

// Integration: the computer opponent at level 1 in fairy-chess variants with hands, gates,
// palaces, passes and blasts, through the real binary: the host plays random legal moves to
// the game's end (or resigns after 400 plies), every move event alternates seats, and the
// finished game replays in the rules core.
#include <gtest/gtest.h>

#include <cstdio>

#include "computer_match.h"

namespace banmen::testing {
namespace {

class ServerComputerVariants : public ServerComputer {};

// A person plays random legal moves against level 1 in every game the engine plays until
// the game ends. Whole games are the engine's CPU: under the sanitizers this took 73 s, for
// code the shorter ServerComputer suites (sanitized) walk too, so it runs optimised only.
class ServerComputerGames : public ServerComputer {};

TEST_F(ServerComputerGames, WholeGamesAgainstLevelOneEndInGameOver) {
  std::mt19937 rng(24);
  for (const char* game : kEngineGames) {
    SCOPED_TRACE(game);
    Side host;
    std::string room;
    ASSERT_TRUE(open_computer_room(
        port(), host, room, {{"game", game}, {"side", "first"}, {"computer", {{"level", 1}}}}));
    const auto& players = host.snapshot["players"];
    ASSERT_TRUE(players[1].is_object()) << host.snapshot.dump();
    EXPECT_EQ(players[1]["computer"], json({{"level", 1}}));
    EXPECT_EQ(players[1]["name"], "Computer (level 1)");
    EXPECT_EQ(players[1]["connected"], true);
    EXPECT_EQ(host.snapshot["options"]["computer"], json({{"level", 1}}));
    int plies = 0;
    ASSERT_TRUE(play_against_computer(host, rng, 600, plies));
    ASSERT_FALSE(host.game_over.is_null());
    EXPECT_TRUE(replay_matches(game, host.game_over));
    std::printf("[computer] %s: %d plies, %s (%s)\n", game, plies,
                host.game_over.value("result", "").c_str(),
                host.game_over.value("reason", "").c_str());
  }
}

TEST_F(ServerComputerVariants, WholeGamesAgainstLevelOne) {
  std::mt19937 rng(31);
  for (const char* game : {"crazyhouse", "xiangqi", "janggi", "seirawan", "atomic", "kyotoshogi"}) {
    SCOPED_TRACE(game);
    Side host;
    std::string room;
    ASSERT_TRUE(open_computer_room(
        port(), host, room, {{"game", game}, {"side", "first"}, {"computer", {{"level", 1}}}}));
    ASSERT_EQ(host.snapshot["players"][1]["computer"], json({{"level", 1}}));
    int plies = 0;
    ASSERT_TRUE(play_against_computer(host, rng, 400, plies));
    ASSERT_FALSE(host.game_over.is_null());
    EXPECT_TRUE(replay_matches(game, host.game_over));
    std::printf("[computer] %s: %d plies, %s (%s)\n", game, plies,
                host.game_over.value("result", "").c_str(),
                host.game_over.value("reason", "").c_str());
  }
}

// Duck chess: each move comes with every square for the duck (hundreds of moves a
// position); the computer still answers within its time, every move legal, for 30 plies.
TEST_F(ServerComputerVariants, DuckChessAgainstLevelOne) {
  std::mt19937 rng(37);
  Side host;
  std::string room;
  ASSERT_TRUE(open_computer_room(
      port(), host, room, {{"game", "duck"}, {"side", "first"}, {"computer", {{"level", 1}}}}));
  int plies = 0;
  ASSERT_TRUE(play_against_computer(host, rng, 30, plies));
  ASSERT_FALSE(host.game_over.is_null());
  EXPECT_TRUE(replay_matches("duck", host.game_over));
  std::printf("[computer] duck: %d plies, %s (%s)\n", plies,
              host.game_over.value("result", "").c_str(),
              host.game_over.value("reason", "").c_str());
}

}  // namespace
}  // namespace banmen::testing

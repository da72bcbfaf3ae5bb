// Drives a room from two real WebSocket clients: opens a match, plays random legal moves
// taken from what the server sends the side to move, and checks a finished game against
// the rules core by replaying its moves.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "games/custom_game.h"
#include "ws_test_client.h"

namespace banmen::testing {

// One player's connection and what it has been told.
struct Side {
  WsClient ws;
  int player = -1;
  std::string token;
  std::int64_t version = 0;
  int seat = -1;
  json legal = json::array();
  std::string status;
  json game_over;  // the last game_over event, null if none
  json snapshot;   // the last snapshot
  std::vector<json> events;

  void absorb(const json& m);
  std::function<void(const json&)> absorber() {
    return [this](const json& m) { absorb(m); };
  }
};

struct Match {
  std::string room;
  Side a;  // host, player 0
  Side b;  // player 1
  Side& by_seat(int seat) { return a.seat == seat ? a : b; }
};

// Creates a room from `create` (type and id are filled in) and lets b join it.
::testing::AssertionResult open_match(unsigned short port, Match& m, json create);
// Plays random legal moves until the game is over or `max_plies` were played.
// Returns true when both sides received game_over.
::testing::AssertionResult play_random(Match& m, std::mt19937& rng, int max_plies);
// Plays one move for the side to move and waits until both sides saw it.
::testing::AssertionResult play_one(Match& m, const std::string& move, const std::string& id);
// The game in `over` (a game_over event) replayed move by move in the rules core, from
// `initial` (empty: the usual start), gives the same final position and outcome.
::testing::AssertionResult replay_matches(const std::string& game, const json& over,
                                          const std::string& initial = "");
// The same for a game chosen with its variant (a room's custom fairy-chess variant).
::testing::AssertionResult replay_matches(const GameChoice& game, const json& over,
                                          const std::string& initial = "");

}  // namespace banmen::testing

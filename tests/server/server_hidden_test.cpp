// Integration: dog-cat shogi over the wire. In random games, nothing the opponent's or a
// spectator's socket receives before the game ends names the type of a hidden piece.
#include <gtest/gtest.h>

#include <cctype>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// Hidden pieces of `owner` (0: Dog, upper case; 1: Cat, lower case) written with their
// type in a position string. The public form is ?X / !X (?x / !x).
bool position_leaks(const std::string& pos, int owner) {
  const std::string types = owner == 0 ? "KRBGS" : "krbgs";
  for (std::size_t i = 0; i + 1 < pos.size(); ++i)
    if ((pos[i] == '?' || pos[i] == '!') && types.find(pos[i + 1]) != std::string::npos)
      return true;
  return false;
}

// A hidden drop by the other side written with its type ("?R*2e" instead of "?*2e").
bool move_leaks(const std::string& move) {
  for (std::size_t i = 0; i + 2 < move.size(); ++i)
    if (move[i] == '?' && std::isalpha(static_cast<unsigned char>(move[i + 1])) &&
        move[i + 2] == '*')
      return true;
  return false;
}

// Checks one message received by `viewer_seat` (-1: spectator) before the game ended.
void check_message(const json& m, int viewer_seat) {
  const auto type = m.value("type", "");
  if (type == "game_over") return;  // everything is revealed at the end
  const std::string text = m.dump();
  for (int owner = 0; owner < 2; ++owner) {
    if (owner == viewer_seat) continue;
    for (const char* key : {"position", "initial_position"})
      if (m.contains(key) && m[key].is_string()) {
        EXPECT_FALSE(position_leaks(m[key], owner)) << key << ": " << text;
      }
  }
  auto check_moves = [&](const json& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int mover = static_cast<int>(i % 2);
      if (mover == viewer_seat) continue;
      EXPECT_FALSE(move_leaks(moves[i]["move"])) << text;
      EXPECT_FALSE(move_leaks(moves[i]["display"])) << text;
    }
  };
  if (type == "snapshot") check_moves(m["moves"]);
  if (type == "move" && m["seat"] != viewer_seat) {
    EXPECT_FALSE(move_leaks(m["move"])) << text;
    EXPECT_FALSE(move_leaks(m["display"])) << text;
  }
  // Legal moves only ever go to the side to move.
  if (m.contains("legal_moves") && viewer_seat < 0) {
    EXPECT_TRUE(m["legal_moves"].empty()) << text;
  }
}

// Checks every message before the game ended. The move that ends the game is already
// described after the end (everything revealed), like game_over itself, so it is skipped.
void check_until_over(const std::vector<json>& events, int viewer_seat) {
  std::size_t end = events.size();
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].value("type", "") == "game_over") {
      end = i;
      break;
    }
  ASSERT_LT(end, events.size()) << "no game_over";
  std::size_t last_move = end;
  for (std::size_t i = end; i-- > 0;)
    if (events[i].value("type", "") == "move") {
      last_move = i;
      break;
    }
  for (std::size_t i = 0; i < end; ++i)
    if (i != last_move) check_message(events[i], viewer_seat);
}

TEST(ServerHidden, DogCatNeverLeaksHiddenTypes) {
  ServerProcess server({"--messages-per-second", "5000", "--message-burst", "10000"});
  ASSERT_TRUE(server.ok()) << server.log();
  for (unsigned seed = 1; seed <= 8; ++seed) {
    SCOPED_TRACE(seed);
    Match m;
    ASSERT_TRUE(open_match(server.port(), m, {{"game", "dogcat"}, {"side", "first"}}));
    WsClient spec;
    ASSERT_TRUE(spec.connect(server.port()));
    auto j = spec.request({{"type", "join_room"}, {"room", m.room}});
    ASSERT_EQ((*j)["role"], "spectator");
    std::mt19937 rng(seed);
    ASSERT_TRUE(play_random(m, rng, 400));
    std::vector<json> seen_by_spectator;
    for (int i = 0; i < 2000; ++i) {
      auto msg = spec.next(2000ms);
      ASSERT_TRUE(msg) << "spectator missed the end";
      seen_by_spectator.push_back(*msg);
      if ((*msg)["type"] == "game_over") break;
    }
    check_until_over(m.a.events, m.a.seat);
    check_until_over(m.b.events, m.b.seat);
    check_until_over(seen_by_spectator, -1);
  }
}

}  // namespace
}  // namespace banmen::testing

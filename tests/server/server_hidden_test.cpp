// Integration: dog-cat shogi over the wire. In random games, nothing the opponent's or a
// spectator's socket receives before the game ends names the type of a hidden piece.
#include <gtest/gtest.h>

#include <regex>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// Hidden pieces of `owner` (0: Dog, upper case; 1: Cat, lower case) written with their
// type in a position string. The public form is ?X / !X (?x / !x).
bool position_leaks(const std::string& pos, int owner) {
  static const std::regex dog(R"([?!][KRBGS])"), cat(R"([?!][krbgs])");
  return std::regex_search(pos, owner == 0 ? dog : cat);
}

// A hidden drop by the other side written with its type ("?R*2e" instead of "?*2e").
bool move_leaks(const std::string& move) {
  static const std::regex typed(R"(\?[A-Za-z]\*)");
  return std::regex_search(move, typed);
}

// Checks one message received by `viewer_seat` (-1: spectator) before the game ended.
void check_message(const json& m, int viewer_seat) {
  const auto type = m.value("type", "");
  if (type == "game_over") return;  // everything is revealed at the end
  const std::string text = m.dump();
  for (int owner = 0; owner < 2; ++owner) {
    if (owner == viewer_seat) continue;
    if (m.contains("position") && m["position"].is_string()) {
      EXPECT_FALSE(position_leaks(m["position"], owner)) << text;
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

TEST(ServerHidden, DogCatNeverLeaksHiddenTypes) {
  if (!game_available("dogcat")) GTEST_SKIP() << "dogcat is not implemented yet";
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
    // Every message each side and the spectator received, in order.
    for (Side* s : {&m.a, &m.b})
      for (const auto& msg : s->events) {
        if (msg.value("type", "") == "game_over") break;
        // A side's own snapshot and events are made for it: check the opponent's pieces.
        check_message(msg, s->seat);
      }
    for (int i = 0; i < 2000; ++i) {
      auto msg = spec.next(2000ms);
      ASSERT_TRUE(msg) << "spectator missed the end";
      if ((*msg)["type"] == "game_over") break;
      check_message(*msg, -1);
    }
  }
}

}  // namespace
}  // namespace banmen::testing

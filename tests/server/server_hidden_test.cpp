// Integration: dog-cat shogi over the wire. In random games, nothing the opponent's or a
// spectator's socket receives before the game ends names the type of a hidden piece.
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <vector>

#include "dogcat_leaks.h"
#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// Every string anywhere in `j`, keys included.
void strings_in(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  if (j.is_object())
    for (const auto& [key, value] : j.items()) {
      out.push_back(key);
      strings_in(value, out);
    }
  if (j.is_array())
    for (const auto& value : j) strings_in(value, out);
}

// How many strings of `m` name the type of a hidden piece of `owner` (?R, !b, ?R*2e...).
int hidden_types_named(const json& m, int owner) {
  std::vector<std::string> strings;
  strings_in(m, strings);
  int n = 0;
  for (const auto& s : strings) n += names_hidden_type(s, owner) ? 1 : 0;
  return n;
}

// Checks one message received by `viewer_seat` (-1: spectator) before the game ended.
void check_message(const json& m, int viewer_seat) {
  const auto type = m.value("type", "");
  if (type == "game_over") return;  // everything is revealed at the end
  const std::string text = m.dump();
  for (int owner = 0; owner < 2; ++owner) {
    if (owner == viewer_seat) continue;
    // The whole message, every field and every string in it, but moves: their notation
    // writes every side's pieces in capitals, so they are checked by mover below (and
    // legal moves are the viewer's own, checked to go to nobody else).
    json rest = m;
    rest.erase("move");
    rest.erase("display");
    rest.erase("legal_moves");
    if (rest.contains("moves") && rest["moves"].is_array())
      for (auto& mv : rest["moves"])
        if (mv.is_object()) {
          mv.erase("move");
          mv.erase("display");
        }
    EXPECT_EQ(hidden_types_named(rest, owner), 0)
        << "seat " << owner << "'s hidden types: " << text;
    for (const char* key : {"position", "initial_position"})
      if (m.contains(key) && m[key].is_string()) {
        EXPECT_FALSE(names_hidden_type(m[key], owner)) << key << ": " << text;
      }
  }
  auto check_moves = [&](const json& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int mover = static_cast<int>(i % 2);
      if (mover == viewer_seat) continue;
      EXPECT_FALSE(names_dropped_type(moves[i]["move"])) << text;
      EXPECT_FALSE(names_dropped_type(moves[i]["display"])) << text;
    }
  };
  if (type == "snapshot") check_moves(m["moves"]);
  if (type == "move" && m["seat"] != viewer_seat) {
    EXPECT_FALSE(names_dropped_type(m["move"])) << text;
    EXPECT_FALSE(names_dropped_type(m["display"])) << text;
  }
  // Legal moves only ever go to the side to move.
  if (m.contains("legal_moves") && !m["legal_moves"].empty()) {
    EXPECT_GE(viewer_seat, 0) << text;
    EXPECT_EQ(m.value("to_move", -1), viewer_seat) << text;
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

// The positive control: the owner's own stream does name its hidden types, so the scan
// above looks for something that is really there.
int own_hidden_types_named(const std::vector<json>& events, int seat) {
  int n = 0;
  for (const auto& e : events) {
    if (e.value("type", "") == "game_over") break;
    n += hidden_types_named(e, seat);
  }
  return n;
}

TEST(ServerHidden, DogCatNeverLeaksHiddenTypes) {
  ServerProcess server({"--messages-per-second", "5000", "--message-burst", "10000"});
  ASSERT_TRUE(server.ok()) << server.log();
  int own_seen[2] = {0, 0};
  std::size_t scanned = 0;
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
    own_seen[m.a.seat] += own_hidden_types_named(m.a.events, m.a.seat);
    own_seen[m.b.seat] += own_hidden_types_named(m.b.events, m.b.seat);
    scanned += m.a.events.size() + m.b.events.size() + seen_by_spectator.size();
  }
  EXPECT_GT(own_seen[0], 0) << "the owner's stream never named its own hidden types";
  EXPECT_GT(own_seen[1], 0) << "the owner's stream never named its own hidden types";
  EXPECT_GE(scanned, 500u) << "too few messages scanned to prove anything";
  std::cout << "dog-cat leak scan: " << scanned << " messages; the owners' own streams named "
            << own_seen[0] << " / " << own_seen[1] << " hidden types\n";
}

}  // namespace
}  // namespace banmen::testing

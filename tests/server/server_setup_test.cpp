// Integration: how a room's games start, through the real binary. A shogi handicap (the
// giver, seat 1, moves first; a "keep" series keeps the seats; the record names it), a
// position pasted by the host, switch_game with a new start, and every refusal.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// The answer to create_room with `fields` from a fresh client: room_created or error.
json create_answer(unsigned short port, json fields) {
  WsClient c;
  if (!c.connect(port)) return json{{"type", "no connection"}};
  fields["type"] = "create_room";
  auto r = c.request(fields, 5000ms);
  return r ? *r : json{{"type", "no answer"}};
}

// Both players' next snapshot (after a rematch or a switch).
::testing::AssertionResult next_snapshots(Match& m) {
  for (Side* s : {&m.a, &m.b}) {
    auto snap = s->ws.wait_for([](const json& j) { return j["type"] == "snapshot"; }, 5000ms,
                               s->absorber());
    if (!snap) return ::testing::AssertionFailure() << "no snapshot";
    s->absorb(*snap);
  }
  return ::testing::AssertionSuccess();
}

constexpr const char* kTwoPiecesStart =
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

TEST(ServerSetup, TheHandicapGiverMovesFirstEveryGameOfAKeptSeries) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m,
                         {{"game", "shogi"},
                          {"handicap", "two_pieces"},
                          {"side", "first"},
                          {"rematch_sides", "keep"}}));
  EXPECT_EQ(m.a.snapshot["options"]["handicap"], "two_pieces") << m.a.snapshot.dump();
  EXPECT_EQ(m.a.snapshot["options"]["rematch_sides"], "keep");
  EXPECT_EQ(m.a.snapshot["initial_position"], kTwoPiecesStart);
  ASSERT_EQ(m.b.seat, 1);
  EXPECT_TRUE(m.a.legal.empty());  // the receiver (seat 0) waits
  EXPECT_FALSE(m.b.legal.empty());
  std::mt19937 rng(7);
  ASSERT_TRUE(play_random(m, rng, 6));
  // Every move event names the seat that made it: the giver, seat 1, made the first.
  for (const json& e : m.a.events) {
    if (e["type"] != "move") continue;
    EXPECT_EQ(e["seat"], e["ply"].get<int>() % 2) << e.dump();
  }
  auto r = m.a.ws.request({{"type", "resign"}}, 5000ms, m.a.absorber());
  ASSERT_TRUE(r);
  auto over = m.b.ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
  ASSERT_TRUE(over);
  EXPECT_TRUE(replay_matches("shogi", *over, kTwoPiecesStart));

  // The record names the handicap as KIF's 手合割 and starts from the giver's move.
  const std::string kif = body_of(raw_http_get(
      server.port(), "/api/rooms/" + m.room + "/games/1/record?format=kif&token=" + m.a.token));
  EXPECT_NE(kif.find("手合割：二枚落ち"), std::string::npos) << kif;
  EXPECT_NE(kif.find("上手"), std::string::npos) << kif;

  // A kept series: the same seats, the same handicap, the giver first again.
  m.a.ws.request({{"type", "rematch_offer"}}, 5000ms, m.a.absorber());
  m.b.ws.request({{"type", "rematch_accept"}}, 5000ms, m.b.absorber());
  ASSERT_TRUE(next_snapshots(m));
  EXPECT_EQ(m.a.snapshot["game_no"], 2);
  EXPECT_EQ(m.a.seat, 0);
  EXPECT_EQ(m.b.seat, 1);
  EXPECT_EQ(m.b.snapshot["initial_position"], kTwoPiecesStart);
  EXPECT_FALSE(m.b.legal.empty());
}

TEST(ServerSetup, APastedPositionStartsEveryGameAndASwitchBringsItsOwn) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  const std::string fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
  Match m;
  ASSERT_TRUE(
      open_match(server.port(), m, {{"game", "chess"}, {"position", fen}, {"side", "first"}}));
  EXPECT_EQ(m.a.snapshot["initial_position"], fen);
  EXPECT_EQ(m.a.snapshot["options"]["position"], fen);
  EXPECT_EQ(m.a.snapshot["options"]["rematch_sides"], "swap");
  EXPECT_FALSE(m.a.snapshot.contains("impasse"));  // chess has no impasse rule
  // Castling is legal from it (the position's own rights, not the usual start's).
  bool castles = false;
  for (const auto& mv : m.a.legal) castles = castles || mv == "e1g1";
  EXPECT_TRUE(castles) << m.a.legal.dump();
  m.b.ws.request({{"type", "resign"}}, 5000ms, m.b.absorber());
  ASSERT_TRUE(m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));

  // switch_game carries the next game's start; a bad one is refused and changes nothing.
  auto bad = m.a.ws.request({{"type", "switch_game"}, {"game", "shogi"}, {"handicap", "queen"}});
  EXPECT_EQ((*bad)["code"], "unknown_handicap");
  auto ok = m.a.ws.request({{"type", "switch_game"}, {"game", "shogi"}, {"handicap", "bishop"}});
  EXPECT_EQ((*ok)["type"], "ack") << ok->dump();
  m.a.ws.request({{"type", "rematch_offer"}}, 5000ms, m.a.absorber());
  m.b.ws.request({{"type", "rematch_accept"}}, 5000ms, m.b.absorber());
  ASSERT_TRUE(next_snapshots(m));
  EXPECT_EQ(m.a.snapshot["game"]["id"], "shogi");
  EXPECT_EQ(m.a.snapshot["options"]["handicap"], "bishop");
  EXPECT_FALSE(m.a.snapshot["options"].contains("position"));
  EXPECT_EQ(m.a.seat, 1);  // swapped: the host gives the handicap this time
  EXPECT_FALSE(m.a.legal.empty());
}

TEST(ServerSetup, EveryViewerIsToldTheImpasseCountOfShogi) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  // Black's king already stands in the enemy camp (5c); White holds every other piece.
  const std::string sfen = "4k4/9/4K4/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1";
  Match m;
  ASSERT_TRUE(
      open_match(server.port(), m, {{"game", "shogi"}, {"position", sfen}, {"side", "first"}}));
  const json want_black{{"king_in_camp", true}, {"pieces", 0}, {"points", 0}, {"needed", 28}};
  for (Side* s : {&m.a, &m.b}) {
    ASSERT_TRUE(s->snapshot.contains("impasse")) << s->snapshot.dump();
    EXPECT_EQ(s->snapshot["impasse"]["black"], want_black);
    // White's hand: four big pieces (5 points each) and 34 small ones.
    EXPECT_EQ(s->snapshot["impasse"]["white"]["points"], 54);
    EXPECT_EQ(s->snapshot["impasse"]["white"]["king_in_camp"], false);
  }
  // The king steps out of the camp; the move event says so to both players.
  ASSERT_TRUE(play_one(m, "5c5d", "k1"));
  for (Side* s : {&m.a, &m.b}) {
    json last_move;
    for (const json& e : s->events)
      if (e["type"] == "move") last_move = e;
    ASSERT_EQ(last_move.value("ply", 0), 1) << last_move.dump();
    EXPECT_EQ(last_move["impasse"]["black"]["king_in_camp"], false) << last_move.dump();
  }
}

TEST(ServerSetup, EveryBadStartIsRefusedWithItsCode) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  const unsigned short port = server.port();
  const std::string shogi_start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  struct Case {
    json fields;
    const char* code;
  } cases[] = {
      {{{"game", "shogi"}, {"handicap", "queen"}}, "unknown_handicap"},
      {{{"game", "chess"}, {"handicap", "rook"}}, "unknown_handicap"},
      {{{"game", "shogi"}, {"handicap", 3}}, "bad_request"},
      {{{"game", "chess"}, {"position", "nonsense"}}, "bad_position"},
      {{{"game", "chess"}, {"position", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}}, "bad_position"},
      {{{"game", "shogi"}, {"handicap", "rook"}, {"position", shogi_start}}, "bad_position"},
      {{{"game", "dogcat"}, {"position", "anything"}}, "unsupported"},
      {{{"game", "chess"}, {"position", std::string(600, 'p')}}, "bad_request"},
      {{{"game", "chess"}, {"rematch_sides", "sideways"}}, "bad_request"},
  };
  for (const auto& c : cases) {
    auto answer = create_answer(port, c.fields);
    EXPECT_EQ(answer["type"], "error") << c.fields.dump();
    EXPECT_EQ(answer["code"], c.code) << c.fields.dump() << " -> " << answer.dump();
  }
  // The usual start, given explicitly, and "even" are fine.
  EXPECT_EQ(create_answer(port, {{"game", "shogi"}, {"handicap", "even"}})["type"], "room_created");
  EXPECT_EQ(create_answer(port, {{"game", "shogi"}, {"position", shogi_start}})["type"],
            "room_created");
}

}  // namespace
}  // namespace banmen::testing

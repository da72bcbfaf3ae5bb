// POST /api/my-rooms (exports/my_rooms.h): the seats a browser keeps, answered from the
// store. A token that is not a seat of its room reads as an unknown room; a dog-cat game's
// last move is written as its asker may see it; the limits answer JSON errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dogcat_leaks.h"
#include "exports/my_rooms.h"
#include "exports/time_left.h"
#include "games/custom_game.h"
#include "storage/memory_store.h"
#include "util/tokens.h"

namespace banmen::server {
using json = nlohmann::json;

namespace {

constexpr std::int64_t kMyRoomsT0 = 1700000000000;

class MyRoomsRoute : public ::testing::Test {
 protected:
  // A room whose host ("<room>-host") is player 0 and, once the game starts, sits on seat 1.
  void open_room(const std::string& room, json options, bool guest = true) {
    ASSERT_TRUE(store_.write(StoredRoomInfo{room, options.dump(), kMyRoomsT0}).ok());
    ASSERT_TRUE(store_.write(StoredSeat{room, {0, "Host", sha256_hex(room + "-host")}}).ok());
    if (guest) {
      ASSERT_TRUE(store_.write(StoredSeat{room, {1, "Guest", sha256_hex(room + "-guest")}}).ok());
    }
  }
  // Starts game 1 and plays `moves`, one second apart, each leaving `left` ms to its mover.
  GamePtr play(const std::string& room, const std::string& game_id, const json& options,
               const std::vector<std::string>& moves) {
    auto made = create_chosen_game({game_id, {}, {}});
    EXPECT_TRUE(made.ok());
    GamePtr game = std::move(*made);
    EXPECT_TRUE(
        store_
            .write(StoredGameStart{
                room, 1, game_id, options.dump(), game->initial_position(), {1, 0}, kMyRoomsT0})
            .ok());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      EXPECT_TRUE(game->apply(moves[i]).ok()) << moves[i];
      StoredMove sm;
      sm.room_id = room;
      sm.game_no = 1;
      sm.ply = static_cast<int>(i + 1);
      sm.move = game->notation(i, Viewer::referee);
      sm.remaining_ms[0] = sm.remaining_ms[1] = 60000;
      sm.server_ms = kMyRoomsT0 + 1000 * static_cast<std::int64_t>(i + 1);
      EXPECT_TRUE(store_.write(sm).ok());
    }
    return game;
  }
  json ask(json seats, std::int64_t now = kMyRoomsT0 + 60000) {
    // A braced list of one seat reads as that seat: the list is made here.
    if (seats.is_object()) seats = json::array({seats});
    auto reply = my_rooms_reply(store_, json{{"seats", seats}}.dump(), now, &cache_);
    EXPECT_EQ(reply.status, 200u) << reply.body;
    EXPECT_EQ(reply.content_type, "application/json");
    last_body_ = reply.body;
    return json::parse(reply.body, nullptr, false);
  }
  static json seat(const std::string& room, const std::string& token) {
    return {{"room", room}, {"token", token}};
  }

  MemoryStore store_;
  LastMoveCache cache_;
  std::string last_body_;
};

TEST_F(MyRoomsRoute, EachSeatIsSummarisedFromTheStore) {
  const json chess{{"game", "chess"},
                   {"clock", {{"kind", "fischer"}, {"base_ms", 60000}, {"increment_ms", 0}}}};
  open_room("chessroom", chess);
  play("chessroom", "chess", chess, {"e2e4", "e7e5", "g1f3"});
  open_room("lonely", {{"game", "reversi"}}, false);

  auto body = ask({seat("chessroom", "chessroom-host"), seat("lonely", "lonely-host")});
  ASSERT_EQ(body["rooms"].size(), 2u) << body;
  EXPECT_EQ(body["unknown"], json::array());
  const json& r = body["rooms"][0];
  EXPECT_EQ(r["room"], "chessroom");
  EXPECT_EQ(r["game"], "chess");
  EXPECT_EQ(r["player"], 0);
  EXPECT_EQ(r["seat"], 1);  // the host plays black in this game
  EXPECT_EQ(r["name"], "Host");
  EXPECT_EQ(r["opponent"], "Guest");
  EXPECT_EQ(r["score"], json({0, 0}));
  EXPECT_EQ(r["game_no"], 1);
  EXPECT_EQ(r["status"], "playing");
  EXPECT_EQ(r["plies"], 3);
  EXPECT_EQ(r["to_move"], 1);
  EXPECT_EQ(r["your_turn"], true);
  EXPECT_EQ(r["clock"], chess["clock"]);
  EXPECT_EQ(r["last_move"], "g1f3");
  EXPECT_EQ(r["last_move_display"], "Nf3");
  EXPECT_EQ(r["last_move_ms"], kMyRoomsT0 + 3000);
  // 60 s left after the last move, 57 s since it: 3 s.
  EXPECT_EQ(r["time_left_ms"], 3000);

  const json& w = body["rooms"][1];
  EXPECT_EQ(w["status"], "waiting");
  EXPECT_EQ(w["game"], "reversi");
  EXPECT_EQ(w["opponent"], nullptr);
  EXPECT_EQ(w["to_move"], nullptr);
  EXPECT_EQ(w["your_turn"], false);
  EXPECT_EQ(w["last_move"], nullptr);
  EXPECT_EQ(w["clock"], nullptr);

  // The guest's side of the same room: not their turn, the same last move.
  auto guest = ask({seat("chessroom", "chessroom-guest")});
  EXPECT_EQ(guest["rooms"][0]["player"], 1);
  EXPECT_EQ(guest["rooms"][0]["seat"], 0);
  EXPECT_EQ(guest["rooms"][0]["your_turn"], false);
  EXPECT_EQ(guest["rooms"][0]["opponent"], "Host");
}

TEST_F(MyRoomsRoute, AWrongTokenReadsAsAnUnknownRoomAndIsNeverEchoed) {
  open_room("aroom1", {{"game", "reversi"}});
  open_room("closed1", {{"game", "reversi"}});
  ASSERT_TRUE(store_.write(StoredClose{"closed1", kMyRoomsT0 + 5}).ok());
  auto body = ask({seat("aroom1", "closed1-host"), seat("nowhere", "nowhere-host"),
                   seat("closed1", "closed1-host"), seat("aroom1", "aroom1-host")});
  // The first entry of a room decides: a room is answered once.
  EXPECT_EQ(body["rooms"], json::array());
  EXPECT_EQ(body["unknown"], json({"aroom1", "nowhere", "closed1"}));
  EXPECT_EQ(last_body_.find("-host"), std::string::npos) << last_body_;
  // A spectator's nothing: a token that is no seat learns nothing of the room.
  EXPECT_EQ(last_body_.find("Host"), std::string::npos) << last_body_;
}

TEST_F(MyRoomsRoute, ADogcatLastMoveIsWrittenForItsAsker) {
  const json dc{{"game", "dogcat"}};
  open_room("dcroom", dc);
  // The guest (seat 0) ends with a hidden drop of its king.
  auto game = play("dcroom", "dogcat", dc, {"?R*2e", "?G*3b", "2e2d", "?K*1b", "?K*4e"});
  const std::size_t last = game->history_size() - 1;
  auto guest = ask({seat("dcroom", "dcroom-guest")});
  EXPECT_EQ(guest["rooms"][0]["last_move"], game->notation(last, Viewer::seat0));
  EXPECT_EQ(guest["rooms"][0]["last_move"], "?K*4e");
  auto host = ask({seat("dcroom", "dcroom-host")});
  const std::string seen = host["rooms"][0]["last_move"];
  EXPECT_EQ(seen, game->notation(last, Viewer::seat1));
  EXPECT_FALSE(banmen::testing::names_dropped_type(seen)) << seen;
  EXPECT_EQ(last_body_.find("?K"), std::string::npos) << last_body_;
  EXPECT_EQ(last_body_.find("?R"), std::string::npos) << last_body_;
  EXPECT_EQ(host["rooms"][0]["your_turn"], true);
  // Asked again (from the cache now), the same answer.
  EXPECT_EQ(ask({seat("dcroom", "dcroom-host")}), host);
}

TEST_F(MyRoomsRoute, MalformedOrOversizedRequestsAreRefusedWithJsonErrors) {
  auto refused = [&](const std::string& body) {
    auto reply = my_rooms_reply(store_, body, kMyRoomsT0, &cache_);
    EXPECT_EQ(reply.status, 400u) << body.substr(0, 80);
    auto j = json::parse(reply.body, nullptr, false);
    EXPECT_EQ(j["code"], "bad_request") << reply.body;
    EXPECT_TRUE(j["message"].is_string());
    return j["message"].get<std::string>();
  };
  refused("not json");
  refused("[]");
  refused(R"({"seats": {}})");
  refused(R"({"seats": [{"room": "a"}]})");
  refused(R"({"seats": [{"room": "a/b", "token": "t"}]})");
  refused(R"({"seats": [{"room": "a", "token": "t t"}]})");
  refused(json{{"seats", json::array({seat("a", std::string(129, 't'))})}}.dump());
  json many = json::array();
  for (int i = 0; i < 101; ++i) many.push_back(seat("r" + std::to_string(i), "t"));
  EXPECT_NE(refused(json{{"seats", many}}.dump()).find("100"), std::string::npos);
  many.erase(many.end() - 1);
  EXPECT_EQ(my_rooms_reply(store_, json{{"seats", many}}.dump(), kMyRoomsT0).status, 200u);
  const std::string padded = R"({"seats": [], "pad": ")" + std::string(17000, 'x') + "\"}";
  EXPECT_NE(refused(padded).find("bytes"), std::string::npos);
  EXPECT_EQ(my_rooms_reply(store_, R"({"seats": []})", kMyRoomsT0).status, 200u);
}

TEST(MyRoomsTimeLeft, IsTheTimeAfterTheLastMoveLessTheTimeSince) {
  ClockSpec fischer{ClockSpec::Kind::fischer, 60000, 2000, 0, 0};
  StoredRoom room;
  auto& moves = room.moves;
  EXPECT_EQ(time_left_ms(ClockSpec{}, room, 0, kMyRoomsT0), std::nullopt);
  EXPECT_EQ(time_left_ms(fischer, room, 0, kMyRoomsT0 + 99999), 60000);  // before any move
  StoredMove m;
  m.remaining_ms[0] = 50000;
  m.remaining_ms[1] = 40000;
  m.server_ms = kMyRoomsT0;
  moves.push_back(m);
  // One move: the second side's first move is free, its clock not yet running.
  EXPECT_EQ(time_left_ms(fischer, room, 1, kMyRoomsT0 + 30000), 40000);
  moves.push_back(m);
  EXPECT_EQ(time_left_ms(fischer, room, 0, kMyRoomsT0 + 30000), 20000);
  EXPECT_EQ(time_left_ms(fischer, room, 1, kMyRoomsT0 + 90000), 0);  // flagged: never below 0
  EXPECT_EQ(time_left_ms(fischer, room, 0, kMyRoomsT0 - 5), 50000);  // a clock behind the move's
  // Byoyomi: the main time and the periods still to come.
  ClockSpec byoyomi{ClockSpec::Kind::byoyomi, 60000, 0, 10000, 3};
  moves.back().periods_left[0] = 3;
  EXPECT_EQ(time_left_ms(byoyomi, room, 0, kMyRoomsT0 + 30000), 20000 + 3 * 10000);
  // Correspondence: as the room runs it, charged only while a server ran the game (the
  // one that took it up 10 s after the move was last alive 20 s after the move).
  ClockSpec days;
  days.kind = ClockSpec::Kind::correspondence;
  days.days = 1;
  days.base_ms = 86'400'000;
  room.game.game_no = 1;
  moves.back().remaining_ms[0] = 86'400'000;
  EXPECT_EQ(time_left_ms(days, room, 0, kMyRoomsT0 + 30000), 86'400'000 - 30000);
  room.clock_mark =
      StoredClockMark{"r", 1, 2, 86'400'000 - 4000, kMyRoomsT0 + 10000, kMyRoomsT0 + 20000};
  EXPECT_EQ(time_left_ms(days, room, 0, kMyRoomsT0 + 3'600'000), 86'400'000 - 14000);
}

}  // namespace
}  // namespace banmen::server

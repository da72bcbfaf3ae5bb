// The protocol side of banmen-load, without a network: messages a server would send are
// fed to a ServerRoom, and what its connections queue is checked against docs/protocol.md.
#include "server_room.h"

#include <gtest/gtest.h>

#include <boost/asio/ip/address_v4.hpp>
#include <nlohmann/json.hpp>

#include "shard.h"

namespace banmen::load {
namespace {

using nlohmann::json;

class ServerRoomTest : public ::testing::Test {
 protected:
  ServerRoomTest() {
    options_.port = 9;
    options_.rooms = 1;
    options_.spectators = 1;
    options_.pace = 0;
    Connection::Target target{{boost::asio::ip::make_address_v4("127.0.0.1"), 9}, "", "/ws"};
    shard_ = std::make_unique<Shard>(options_, target, 1);
    auto room = std::make_unique<ServerRoom>(*shard_, 3, "mix");
    room_ = room.get();
    room_->create_connections(3);
    shard_->add_room(std::move(room));
  }

  // The last message member `m` queued, parsed.
  json last(int m) const {
    const auto& queued = room_->member(m).queued();
    if (queued.empty()) return json();
    return json::parse(queued.back());
  }
  void feed(int m, const json& message) { room_->on_message(m, message.dump()); }

  // Hello, welcome, create, join: the room ready with member 0 seat 0, member 1 seat 1.
  void set_up_room() {
    for (int m = 0; m < 3; ++m) room_->on_open(m, true, {});
    const json games = json::array({{{"id", "chess"}}, {{"id", "reversi"}}});
    for (int m = 0; m < 3; ++m) feed(m, {{"type", "welcome"}, {"protocol", 2}, {"games", games}});
    room_->join();
    feed(0, {{"type", "room_created"}, {"room", "R22"}, {"player", 0}, {"token", "t"}});
    feed(1, {{"type", "joined"}, {"room", "R22"}, {"role", "player"}, {"player", 1}});
    feed(2, {{"type", "joined"}, {"room", "R22"}, {"role", "spectator"}});
  }

  Options options_;
  std::unique_ptr<Shard> shard_;
  ServerRoom* room_ = nullptr;
};

TEST_F(ServerRoomTest, OpensAndJoinsInProtocolOrder) {
  set_up_room();
  const json hello = json::parse(room_->member(0).queued()[0]);
  EXPECT_EQ(hello["type"], "hello");
  EXPECT_EQ(hello["protocol"], 2);
  // Room 3 of a mix plays the second available game (chess, reversi).
  const json create = json::parse(room_->member(0).queued()[1]);
  EXPECT_EQ(create["type"], "create_room");
  EXPECT_EQ(create["game"], "reversi");
  EXPECT_EQ(create["clock"]["kind"], "none");
  EXPECT_EQ(create["spectators"], true);
  EXPECT_EQ(last(1)["type"], "join_room");
  EXPECT_EQ(last(1)["room"], "R22");
  EXPECT_EQ(last(2)["type"], "join_room");
  EXPECT_EQ(shard_->rooms_ready.load(), 1);
  EXPECT_EQ(shard_->connected.load(), 3);
}

TEST_F(ServerRoomTest, PlaysLegalMovesAndMeasuresTheOpponentsReceipt) {
  set_up_room();
  shard_->go();
  feed(0, {{"type", "snapshot"},
           {"version", 5},
           {"you", {{"role", "player"}, {"player", 0}, {"seat", 0}}},
           {"status", "playing"},
           {"to_move", 0},
           {"moves", json::array()},
           {"legal_moves", {"d3", "c4"}}});
  feed(1, {{"type", "snapshot"},
           {"version", 5},
           {"you", {{"role", "player"}, {"player", 1}, {"seat", 1}}},
           {"status", "playing"},
           {"to_move", 0},
           {"moves", json::array()},
           {"legal_moves", json::array()}});
  const json move = last(0);
  EXPECT_EQ(move["type"], "move");
  EXPECT_EQ(move["version"], 5);
  EXPECT_TRUE(move["move"] == "d3" || move["move"] == "c4");
  EXPECT_FALSE(move["move_id"].get<std::string>().empty());
  EXPECT_EQ(last(1)["type"], "join_room");  // not its turn: nothing sent

  feed(1, {{"type", "move"},
           {"version", 6},
           {"ply", 1},
           {"seat", 0},
           {"move", move["move"]},
           {"to_move", 1},
           {"legal_moves", {"c3"}}});
  EXPECT_EQ(shard_->stats().moves, 1u);
  EXPECT_EQ(shard_->stats().latency.count(), 1u);
  EXPECT_EQ(last(1)["type"], "move");
  EXPECT_EQ(last(1)["move"], "c3");
  EXPECT_EQ(last(1)["version"], 6);
}

TEST_F(ServerRoomTest, RematchesAndCountsErrors) {
  set_up_room();
  shard_->go();
  feed(1, {{"type", "snapshot"},
           {"version", 5},
           {"you", {{"role", "player"}, {"player", 1}, {"seat", 1}}},
           {"status", "playing"},
           {"to_move", 0},
           {"moves", json::array()},
           {"legal_moves", json::array()}});
  feed(0, {{"type", "game_over"}, {"version", 9}, {"result", "win"}, {"winner", 0}});
  EXPECT_EQ(last(0)["type"], "rematch_offer");
  EXPECT_EQ(shard_->stats().games_over, 1u);
  feed(1,
       {{"type", "offer"}, {"version", 10}, {"kind", "rematch"}, {"seat", 0}, {"state", "made"}});
  EXPECT_EQ(last(1)["type"], "rematch_accept");
  feed(0, {{"type", "error"}, {"re", 99}, {"code", "not_your_turn"}, {"message", "x"}});
  room_->on_message(2, R"({"code":"room_full","type":"error"})");
  room_->on_message(0, "not json");
  EXPECT_EQ(shard_->stats().errors.at("not_your_turn"), 1u);
  EXPECT_EQ(shard_->stats().errors.at("room_full"), 1u);
  EXPECT_EQ(shard_->stats().errors.at("bad_json"), 1u);
}

}  // namespace
}  // namespace banmen::load

// Two real servers on one real PostgreSQL (cluster mode: --server-id), with short leases:
// a room created on one is joined on the other; a join on the second while the first
// holds the room makes the first hand it over (its connections closed 4003, one copy
// serving); a paused owner loses its room to the other and, resumed, is refused and drops
// it; both show the same lobby; a connection's URL names the one room it may join; and
// the attacks on these paths (malformed URLs, other rooms, create floods, repeated joins
// of a room held elsewhere) are answered without harm.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <functional>
#include <thread>
#include <vector>

#include "pg_cluster.h"
#include "server_process.h"
#include "temp_dir.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

bool is_type(const json& m, const char* type) {
  return m.value("type", "") == type;
}

// The host, once its snapshot says the game is on, plays e2e4 (move_id m1); the guest sees
// the move.
::testing::AssertionResult first_move_played(WsClient& host, WsClient& guest) {
  auto snap = host.receive_until(
      [](const json& m) { return is_type(m, "snapshot") && m["status"] == "playing"; });
  if (!snap) return ::testing::AssertionFailure() << "no snapshot of a game in play";
  host.send({{"type", "move"},
             {"id", 6},
             {"move", "e2e4"},
             {"version", (*snap)["version"]},
             {"move_id", "m1"}});
  if (!guest.receive_until([](const json& m) { return is_type(m, "move"); }))
    return ::testing::AssertionFailure() << "the guest saw no move";
  return ::testing::AssertionSuccess();
}

class ClusterRooms : public ::testing::Test {
 protected:
  void SetUp() override {
    cluster_ = PgCluster::shared();
    ASSERT_NE(cluster_, nullptr) << PgCluster::shared_error();
    ASSERT_EQ(cluster_->reset_database(), "");
    a_ = start_server("A");
    b_ = start_server("B");
  }

  std::unique_ptr<ServerProcess> start_server(const std::string& id) {
    std::vector<std::string> args{
        "--port",           "0",        "--data-dir",         dir_.file("data-" + id),
        "--store",          "postgres", "--postgres-url",     cluster_->url(),
        "--server-id",      id,         "--lease-ms",         "3000",
        "--lease-renew-ms", "1000",     "--lobby-refresh-ms", "200",
        "--log-level",      "info"};
    auto server = std::make_unique<ServerProcess>(BANMEN_SERVER_BINARY, args,
                                                  dir_.file("server-" + id + ".log"));
    EXPECT_TRUE(server->start()) << server->log();
    return server;
  }

  static std::unique_ptr<WsClient> connect(ServerProcess& s, const std::string& room = {}) {
    return WsClient::connect(s.port(), 3000, room.empty() ? "/ws" : "/ws?room=" + room);
  }

  // The answer to request `id` (an error or the wanted type).
  static std::optional<json> answer(WsClient& c, const char* type, int timeout_ms = 8000) {
    return c.receive_until([&](const json& m) { return is_type(m, type) || is_type(m, "error"); },
                           timeout_ms);
  }

  // A public chess room created on `s` over a bare connection: its id and host token.
  std::pair<std::string, std::string> create_on(ServerProcess& s) {
    auto c = connect(s);
    EXPECT_TRUE(c);
    if (!c) return {};
    c->send({{"type", "create_room"},
             {"id", 1},
             {"name", "Host"},
             {"game", "chess"},
             {"side", "first"},
             {"public", true}});
    auto created = answer(*c, "room_created");
    EXPECT_TRUE(created && is_type(*created, "room_created")) << (created ? created->dump() : "");
    if (!created || !is_type(*created, "room_created")) return {};
    const std::string room = (*created)["room"];
    EXPECT_EQ((*created)["url"], "/ws?room=" + room);
    EXPECT_EQ((*created)["seat"], 0);
    EXPECT_EQ((*created)["re"], 1);
    // The creating connection did not enter the room.
    c->send({{"type", "chat"}, {"id", 2}, {"text", "hi"}});
    auto chat = answer(*c, "chat");
    EXPECT_TRUE(chat && (*chat)["code"] == "not_in_room") << (chat ? chat->dump() : "");
    return {room, (*created)["token"]};
  }

  // Joins `room` on `s` (with `token`, or as a newcomer named `name`): the connection, or
  // null (with a failure) when the join was not answered `joined`.
  std::unique_ptr<WsClient> join_on(ServerProcess& s, const std::string& room,
                                    const std::string& token, const std::string& name = "Guest") {
    auto c = connect(s, room);
    EXPECT_TRUE(c);
    if (!c) return nullptr;
    json join{{"type", "join_room"}, {"id", 5}, {"room", room}};
    if (!token.empty())
      join["token"] = token;
    else
      join["name"] = name;
    c->send(join);
    auto joined = answer(*c, "joined");
    EXPECT_TRUE(joined && is_type(*joined, "joined")) << (joined ? joined->dump() : "none");
    if (!joined || !is_type(*joined, "joined")) return nullptr;
    return c;
  }

  // The room ids list_rooms shows on `s`.
  static std::vector<std::string> lobby(ServerProcess& s) {
    auto c = connect(s);
    std::vector<std::string> ids;
    if (!c) return ids;
    c->send({{"type", "list_rooms"}, {"id", 9}});
    if (auto rooms = answer(*c, "rooms"); rooms && rooms->contains("rooms"))
      for (const auto& r : (*rooms)["rooms"]) ids.push_back(r["room"]);
    return ids;
  }

  // Waits (a few seconds at most) until `pred` holds for both servers' lobbies.
  bool lobbies_become(const std::function<bool(const std::vector<std::string>&)>& pred) {
    for (int i = 0; i < 60; ++i) {
      if (pred(lobby(*a_)) && pred(lobby(*b_))) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  static std::int64_t metric(ServerProcess& s, const std::string& name) {
    auto reply = http_get(s.port(), "/metrics");
    auto at = reply.body.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::stoll(reply.body.substr(at + name.size() + 2));
  }

  TempDir dir_;
  PgCluster* cluster_ = nullptr;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(ClusterRooms, CreatedOnOneServerJoinedOnTheOtherWithOneLobby) {
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  // Nobody holds it yet: the lobby lists rooms some server holds with their host there.
  auto host = join_on(*b_, room, token);
  ASSERT_TRUE(host);
  // A copy to capture: clang 14 does not capture structured bindings.
  auto has = [&, id = room](const std::vector<std::string>& ids) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  EXPECT_TRUE(lobbies_become(has)) << "the room should be listed on both servers";
  auto guest = join_on(*b_, room, "");
  ASSERT_TRUE(guest);
  EXPECT_TRUE(host->receive_until(
      [](const json& m) { return is_type(m, "snapshot") && m["status"] == "playing"; }));
  EXPECT_TRUE(lobbies_become([&](const auto& ids) { return !has(ids); }))
      << "a room with both players is listed nowhere";
  EXPECT_EQ(metric(*b_, "banmen_leases_acquired_total"), 1);
  EXPECT_EQ(metric(*a_, "banmen_rooms_open"), 0) << "the creating server keeps no copy";
}

TEST_F(ClusterRooms, AJoinElsewhereMakesTheOwnerHandTheRoomOver) {
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  auto host = join_on(*a_, room, token);
  ASSERT_TRUE(host);
  // The guest reaches B: A hands the room over at its next renewal, its host is told the
  // room moved, and B serves the join.
  auto guest = join_on(*b_, room, "");
  ASSERT_TRUE(guest);
  EXPECT_FALSE(host->receive_until([](const json&) { return false; }, 3000));
  EXPECT_TRUE(host->dead());
  EXPECT_EQ(host->close_code(), 4003);
  EXPECT_EQ(metric(*a_, "banmen_rooms_handed_over_total"), 1);
  EXPECT_EQ(metric(*a_, "banmen_rooms_open"), 0);
  // The host reconnects to the same URL (here B, where the room is now) and plays on.
  host = join_on(*b_, room, token);
  ASSERT_TRUE(host);
  EXPECT_TRUE(first_move_played(*host, *guest));
  EXPECT_EQ(metric(*b_, "banmen_rooms_open"), 1);
}

TEST_F(ClusterRooms, RepeatedJoinsOfARoomHeldElsewhereEndInOneHandover) {
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  auto host = join_on(*a_, room, token);
  ASSERT_TRUE(host);
  std::vector<std::unique_ptr<WsClient>> crowd;
  for (int i = 0; i < 8; ++i) {
    crowd.push_back(connect(*b_, room));
    ASSERT_TRUE(crowd.back());
    for (int k = 0; k < 3; ++k)
      crowd.back()->send({{"type", "join_room"}, {"id", 10 + k}, {"room", room}, {"name", "W"}});
  }
  int joined = 0;
  for (auto& c : crowd)
    for (int k = 0; k < 3; ++k)
      if (auto a = answer(*c, "joined"); a && is_type(*a, "joined")) ++joined;
  EXPECT_GE(joined, 8);
  EXPECT_EQ(metric(*a_, "banmen_rooms_handed_over_total"), 1);
  EXPECT_EQ(metric(*b_, "banmen_leases_acquired_total"), 1);
}

TEST_F(ClusterRooms, APausedOwnerLosesItsRoomAndIsRefusedWhenItResumes) {
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  auto host = join_on(*a_, room, token);
  ASSERT_TRUE(host);
  auto guest = join_on(*a_, room, "");
  ASSERT_TRUE(guest);
  ASSERT_TRUE(guest->receive_until(
      [](const json& m) { return is_type(m, "snapshot") && m["status"] == "playing"; }));
  ::kill(a_->pid(), SIGSTOP);
  // B takes the room once A's lease has run out (the join waits up to lease + renewal and
  // answers room_busy before that: the client tries again).
  std::unique_ptr<WsClient> host_b;
  for (int i = 0; i < 10 && !host_b; ++i) {
    auto c = connect(*b_, room);
    ASSERT_TRUE(c);
    c->send({{"type", "join_room"}, {"id", 5}, {"room", room}, {"token", token}});
    auto a = answer(*c, "joined", 10000);
    ASSERT_TRUE(a);
    if (is_type(*a, "joined"))
      host_b = std::move(c);
    else
      ASSERT_EQ((*a)["code"], "room_busy") << a->dump();
  }
  ASSERT_TRUE(host_b);
  // A wakes up: its guest's chat is either refused by the fence or never tried (the lost
  // lease dropped the room first); either way the guest is told the room moved.
  ::kill(a_->pid(), SIGCONT);
  guest->send({{"type", "chat"}, {"id", 7}, {"text", "from the paused server"}});
  EXPECT_FALSE(guest->receive_until([](const json&) { return false; }, 5000));
  EXPECT_EQ(guest->close_code(), 4003);
  EXPECT_EQ(metric(*a_, "banmen_leases_lost_total"), 1);
  EXPECT_EQ(metric(*a_, "banmen_rooms_open"), 0);
  // Nothing from A reached the room B serves: the first chat line there is B's own. (The
  // test client's reads must end in a message or a close, never a timeout.)
  host_b->send({{"type", "chat"}, {"id", 8}, {"text", "on B"}});
  auto line = host_b->receive_until([](const json& m) { return is_type(m, "chat"); });
  ASSERT_TRUE(line);
  EXPECT_NE(line->dump().find("on B"), std::string::npos) << line->dump();
}

TEST_F(ClusterRooms, AConnectionJoinsOnlyTheRoomItsUrlNames) {
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  auto [other, other_token] = create_on(*a_);
  ASSERT_FALSE(other.empty());
  // A bare connection joins nothing in cluster mode.
  auto bare = connect(*a_);
  ASSERT_TRUE(bare);
  bare->send({{"type", "join_room"}, {"id", 1}, {"room", room}, {"token", token}});
  auto refused = answer(*bare, "joined");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "wrong_room");
  // A routed connection joins its room only, before and after joining it.
  auto routed = connect(*b_, room);
  ASSERT_TRUE(routed);
  routed->send({{"type", "join_room"}, {"id", 2}, {"room", other}, {"token", other_token}});
  refused = answer(*routed, "joined");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "wrong_room");
  routed->send({{"type", "join_room"}, {"id", 3}, {"room", room}, {"token", token}});
  auto joined = answer(*routed, "joined");
  ASSERT_TRUE(joined && is_type(*joined, "joined"));
  routed->send({{"type", "join_room"}, {"id", 4}, {"room", other}, {"token", other_token}});
  refused = answer(*routed, "joined");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "wrong_room");
  EXPECT_EQ(metric(*b_, "banmen_rooms_open"), 1);
  // Malformed room parameters are refused at the upgrade.
  for (const std::string& target : std::vector<std::string>{
           "/ws?room=", "/ws?room=a%2Fb", "/ws?room=a&room=b", "/ws?room=" + std::string(65, 'x'),
           "/ws?room=bad!id", "/ws?room"}) {
    EXPECT_FALSE(WsClient::connect(a_->port(), 3000, target)) << target;
  }
}

TEST_F(ClusterRooms, ATakenRoomIsReplayedOnTheRoomWorkers) {
  // A room taken from PostgreSQL is rebuilt on the room workers, as a single server's stored
  // room is, charged to its opener's share: the registry's thread, through which every load
  // and lease call of the server goes, only reads (issue 33). /metrics counts each replay
  // as work done on the room workers.
  auto [room, token] = create_on(*a_);
  ASSERT_FALSE(room.empty());
  ASSERT_EQ(metric(*b_, "banmen_room_work_total"), 0);
  auto host = join_on(*b_, room, token);
  ASSERT_TRUE(host);
  EXPECT_EQ(metric(*b_, "banmen_room_work_total"), 1);
  EXPECT_EQ(metric(*b_, "banmen_rooms_loaded_total"), 1);
  auto guest = join_on(*b_, room, "");
  ASSERT_TRUE(guest);
  ASSERT_TRUE(first_move_played(*host, *guest));
  // The host comes back through A: B hands the room over, and A replays its move on its
  // own room workers; the room is as it was left.
  auto back = join_on(*a_, room, token);
  ASSERT_TRUE(back);
  auto there = back->receive_until([](const json& m) { return is_type(m, "snapshot"); });
  ASSERT_TRUE(there);
  EXPECT_EQ((*there)["moves"].size(), 1u) << there->dump();
  EXPECT_EQ(metric(*a_, "banmen_room_work_total"), 1);
  EXPECT_EQ(metric(*a_, "banmen_rooms_loaded_total"), 1);
  // Joined again through A: the room is in memory, nothing replays.
  auto twice = join_on(*a_, room, token);
  ASSERT_TRUE(twice);
  EXPECT_EQ(metric(*a_, "banmen_room_work_total"), 1);
}

TEST_F(ClusterRooms, ACreateFloodIsBounded) {
  auto c = connect(*a_);
  ASSERT_TRUE(c);
  for (int i = 0; i < 30; ++i)
    c->send({{"type", "create_room"}, {"id", 100 + i}, {"game", "chess"}, {"name", "F"}});
  int created = 0, refused = 0;
  for (int i = 0; i < 30; ++i) {
    auto a = answer(*c, "room_created");
    ASSERT_TRUE(a);
    if (is_type(*a, "room_created"))
      ++created;
    else if ((*a)["code"] == "too_many_rooms" || (*a)["code"] == "rate_limited")
      ++refused;
  }
  EXPECT_EQ(created, 20) << "--max-rooms-per-address";
  EXPECT_EQ(refused, 10);
  EXPECT_EQ(metric(*a_, "banmen_rooms_open"), 0);
}

}  // namespace
}  // namespace banmen::test

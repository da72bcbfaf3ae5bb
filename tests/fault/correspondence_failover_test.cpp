// A correspondence game's clock across a failover and a restart, behind the shipped nginx
// files: the server running the game is killed with -9 (several servers on PostgreSQL) or
// stopped (one server on SQLite), and the server that takes the game up charges the side
// to move only the time some server ran it. The time left when the game is taken up is
// the time left when the server went, right to the second, although the game was without
// a server for seconds (docs/operations.md, "Restarts").
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>

#include <chrono>
#include <thread>

#include "fault_play.h"
#include "test_cluster.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool message_is(const json& m, const char* type) {
  return m.value("type", "") == type;
}

// One connection to the room's URL through nginx, joined (with `token`, or as a spectator
// when both seats are taken and no name is given), retried while the room moves.
struct Joined {
  std::unique_ptr<WsClient> ws;
  std::string token;
  json snapshot;
};
Joined join(unsigned short port, const std::string& room, const std::string& token,
            const std::string& name, int timeout_ms) {
  Joined out;
  const auto deadline = steady_now_ms() + timeout_ms;
  while (steady_now_ms() < deadline) {
    out.ws = WsClient::connect(port, 3000, "/ws?room=" + room);
    if (!out.ws) continue;
    json msg{{"type", "join_room"}, {"id", 1}, {"room", room}};
    if (!token.empty()) msg["token"] = token;
    if (!name.empty()) msg["name"] = name;
    out.ws->send(msg);
    auto joined = out.ws->receive_until(
        [](const json& m) { return message_is(m, "joined") || message_is(m, "error"); }, 8000);
    if (!joined || message_is(*joined, "error")) {  // room_busy while the lease runs out
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      continue;
    }
    out.token = joined->value("token", token);
    auto snap =
        out.ws->receive_until([](const json& m) { return message_is(m, "snapshot"); }, 8000);
    if (!snap) continue;
    out.snapshot = *snap;
    return out;
  }
  out.ws.reset();
  return out;
}

// Plays `move` from `player` and returns its move event (with the clocks after it).
std::optional<json> play(Joined& player, const char* move, std::int64_t version, const char* id) {
  player.ws->send(
      {{"type", "move"}, {"id", 2}, {"move", move}, {"version", version}, {"move_id", id}});
  return player.ws->receive_until(
      [](const json& m) { return message_is(m, "move") || message_is(m, "error"); }, 8000);
}

// A correspondence chess room through nginx with two plies played; returns the room id and
// the second move's event (white to move, its clock running).
std::pair<std::string, json> start_game(unsigned short port, Joined& host, Joined& guest) {
  auto lobby = WsClient::connect(port, 5000, "/ws");
  if (!lobby) return {};
  lobby->send({{"type", "create_room"},
               {"id", 1},
               {"name", "Host"},
               {"game", "chess"},
               {"side", "first"},
               {"clock", {{"kind", "correspondence"}, {"days", 1}}}});
  auto created = lobby->receive_until(
      [](const json& m) { return message_is(m, "room_created") || message_is(m, "error"); }, 8000);
  if (!created || !message_is(*created, "room_created")) {
    ADD_FAILURE() << "create_room: " << (created ? created->dump() : "no answer");
    return {};
  }
  const std::string room = created->value("room", "");
  host = join(port, room, created->value("token", ""), "", 15000);
  guest = join(port, room, "", "Guest", 15000);
  if (!host.ws || !guest.ws) {
    ADD_FAILURE() << "the players could not join";
    return {};
  }
  // The host hears the game start (a snapshot in play): its version is the one to move at.
  auto started = host.ws->receive_until(
      [](const json& m) { return message_is(m, "snapshot") && m.value("status", "") == "playing"; },
      8000);
  if (!started) {
    ADD_FAILURE() << "the host never saw the game start";
    return {};
  }
  auto first = play(host, "e2e4", started->value("version", std::int64_t{0}), "h1");
  if (!first || !message_is(*first, "move")) {
    ADD_FAILURE() << "e2e4: " << (first ? first->dump() : "no answer");
    return {};
  }
  auto second = play(guest, "e7e5", first->value("version", std::int64_t{0}), "g1");
  if (!second || !message_is(*second, "move")) {
    ADD_FAILURE() << "e7e5: " << (second ? second->dump() : "no answer");
    return {};
  }
  return {room, *second};
}

// White's time left at `at_unix` by the clock a move event carried.
std::int64_t white_left_at(const json& event, std::int64_t at_unix) {
  const auto& clock = event["clock"];
  return clock["remaining_ms"][0].get<std::int64_t>() -
         (at_unix - clock["server_time_ms"].get<std::int64_t>());
}

// The clock mark the server that took the game up wrote: white's time left and when.
std::pair<std::int64_t, std::int64_t> clock_mark_of(const std::string& url,
                                                    const std::string& room) {
  std::pair<std::int64_t, std::int64_t> mark{-1, -1};
  PGconn* c = PQconnectdb(url.c_str());
  const char* params[] = {room.c_str()};
  PGresult* r = PQexecParams(
      c, "SELECT remaining_ms, server_ms FROM clock_marks WHERE room_id = $1 AND ply = 2", 1,
      nullptr, params, nullptr, nullptr, 0);
  if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
    mark = {std::atoll(PQgetvalue(r, 0, 0)), std::atoll(PQgetvalue(r, 0, 1))};
  PQclear(r);
  PQfinish(c);
  return mark;
}

std::string owner_of(const std::string& url, const std::string& room) {
  std::string owner;
  PGconn* c = PQconnectdb(url.c_str());
  const char* params[] = {room.c_str()};
  PGresult* r = PQexecParams(c, "SELECT owner FROM room_owners WHERE room_id = $1", 1, nullptr,
                             params, nullptr, nullptr, 0);
  if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) owner = PQgetvalue(r, 0, 0);
  PQclear(r);
  PQfinish(c);
  return owner;
}

TEST(CorrespondenceFailover, KillNineChargesOnlyTheTimeAServerRanTheGame) {
  ClusterHarness cluster(test_cluster(2));
  ASSERT_EQ(cluster.error(), "");
  ASSERT_TRUE(cluster.start_all()) << cluster.error();
  ASSERT_TRUE(cluster.start_nginx()) << cluster.error();
  Joined host, guest;
  auto [room, event] = start_game(cluster.nginx_port(), host, guest);
  ASSERT_FALSE(room.empty()) << cluster.logs();
  const std::string owner = owner_of(cluster.postgres()->url(), room);
  ASSERT_TRUE(owner == "s1" || owner == "s2") << owner;
  auto& victim = cluster.server(owner == "s1" ? 0 : 1);

  // A second of the day goes by (alive marks are written meanwhile), then the server dies.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const auto killed = unix_now_ms();
  ASSERT_EQ(::kill(victim.pid(), SIGKILL), 0);
  victim.reap(5000);
  host.ws.reset();
  guest.ws.reset();
  const auto left_at_kill = white_left_at(event, killed);

  // A spectator's join brings the room to the other server once the lease has run out.
  auto watcher = join(cluster.nginx_port(), room, "", "", 30000);
  ASSERT_TRUE(watcher.ws) << cluster.logs();
  const auto& clock = watcher.snapshot["clock"];
  ASSERT_EQ(clock["kind"], "correspondence");
  ASSERT_EQ(clock["running"], 0);
  // The server that took it up recorded what it charged.
  const auto [taken_with, taken_at] = clock_mark_of(cluster.postgres()->url(), room);
  ASSERT_GE(taken_at, 0) << "no clock mark of the game taken up";
  // The game was without a server for the lease (3 s) and more: none of it is charged.
  // What is charged beyond the kill is at most one alive mark's interval (1 s).
  EXPECT_GT(taken_at - killed, 1500) << "the failover was too quick to tell";
  EXPECT_GE(taken_with, left_at_kill - 50);
  EXPECT_LE(taken_with, left_at_kill + 1200)
      << "left at the kill " << left_at_kill << ", taken up with " << taken_with << " "
      << taken_at - killed << " ms after it";
  // And the clock the spectator sees runs from there.
  const auto seen_left = clock["remaining_ms"][0].get<std::int64_t>();
  const auto seen_at = clock["server_time_ms"].get<std::int64_t>();
  EXPECT_NEAR(seen_left, taken_with - (seen_at - taken_at), 500);
  std::cout << "[ measured ] correspondence clock across a kill -9: taken up " << taken_at - killed
            << " ms after the kill with " << taken_with - left_at_kill
            << " ms more than was left at the kill (the time since the last alive mark); "
               "none of the time without a server was charged\n";
}

}  // namespace
}  // namespace banmen::test

// Fencing: an owner paused (SIGSTOP) past its lease loses its room to another server; when
// it resumes, the write it then attempts is refused, it drops the room (its connections are
// closed with 4003 "room moved"), and the store holds only the new owner's moves. Two
// writers of one room never.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "games/registry.h"
#include "test_cluster.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

struct Seat {
  std::unique_ptr<WsClient> ws;
  std::string token;
  std::int64_t version = 0;
};

int next_request_id = 100;

bool answer_or_error(const json& m) {
  const auto t = m.value("type", "");
  return t == "joined" || t == "room_created" || t == "error";
}

// Reads on `s` until `pred`, keeping the newest version seen.
std::optional<json> read_seat(Seat& s, const std::function<bool(const json&)>& pred,
                              int timeout_ms = 8000) {
  return s.ws->receive_until(
      [&](const json& m) {
        if (m.contains("version") && m["version"].is_number())
          s.version = std::max(s.version, m["version"].get<std::int64_t>());
        return pred(m);
      },
      timeout_ms);
}

// Joins `room` on the server at `port` (with the seat's token, or as the guest), retrying
// while the room is busy moving; the snapshot's moves, or nullopt.
std::optional<std::vector<std::string>> join(Seat& s, unsigned short port, const std::string& room,
                                             std::string& why) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    s.ws = WsClient::connect(port, 3000, "/ws?room=" + room);
    if (!s.ws) {
      why = "no connection";
      return std::nullopt;
    }
    json msg = {{"type", "join_room"}, {"id", ++next_request_id}, {"room", room}};
    if (s.token.empty())
      msg["name"] = "Guest";
    else
      msg["token"] = s.token;
    s.ws->send(msg);
    auto joined = read_seat(s, answer_or_error, 12000);
    if (!joined) {
      why = "no answer to join_room";
      return std::nullopt;
    }
    if (joined->value("code", "") == "room_busy") {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      continue;
    }
    if (joined->value("type", "") != "joined") {
      why = joined->dump();
      return std::nullopt;
    }
    if (s.token.empty()) s.token = joined->value("token", "");
    auto snap = read_seat(s, [](const json& m) { return m.value("type", "") == "snapshot"; });
    if (!snap) {
      why = "no snapshot";
      return std::nullopt;
    }
    s.version = snap->value("version", std::int64_t{0});
    std::vector<std::string> moves;
    for (const auto& m : (*snap)["moves"]) moves.push_back(m.value("move", ""));
    return moves;
  }
  why = "room_busy 20 times";
  return std::nullopt;
}

// `mover` plays `move`; true once acknowledged and seen by `other`.
bool play(Seat& mover, Seat& other, const std::string& move, std::size_t ply) {
  const int id = ++next_request_id;
  mover.ws->send({{"type", "move"},
                  {"id", id},
                  {"move", move},
                  {"version", mover.version},
                  {"move_id", std::to_string(id)}});
  auto answer = read_seat(mover, [&](const json& m) { return m.contains("re") && m["re"] == id; });
  if (!answer || answer->value("type", "") != "ack") return false;
  return read_seat(other,
                   [&](const json& m) {
                     return m.value("type", "") == "move" && m.value("ply", 0u) == ply;
                   })
      .has_value();
}

TEST(ClusterFencing, PausedOwnerLosesItsRoomAndItsWritesAreRefused) {
  ClusterHarness cluster(test_cluster(2));
  ASSERT_EQ(cluster.error(), "");
  ASSERT_TRUE(cluster.start_all()) << cluster.error();
  const auto port1 = cluster.server_port(0), port2 = cluster.server_port(1);
  auto& owner = cluster.server(0);

  // A reversi room on s1, two plies played there.
  auto bare = WsClient::connect(port1);
  ASSERT_TRUE(bare);
  bare->send({{"type", "create_room"}, {"id", 1}, {"game", "reversi"}, {"side", "first"}});
  auto created = bare->receive_until(answer_or_error);
  ASSERT_TRUE(created && created->value("type", "") == "room_created")
      << (created ? created->dump() : "no answer");
  const std::string room = created->value("room", "");
  Seat host1{nullptr, created->value("token", ""), 0}, guest1;
  bare.reset();
  std::string why;
  ASSERT_TRUE(join(host1, port1, room, why)) << why;
  ASSERT_TRUE(join(guest1, port1, room, why)) << why;
  auto game = create_game("reversi");
  ASSERT_TRUE(game);
  GamePtr mirror = std::move(*game);
  std::vector<std::string> acked;
  for (int ply = 1; ply <= 2; ++ply) {
    const auto move = mirror->legal_moves().front();
    ASSERT_TRUE(play(ply == 1 ? host1 : guest1, ply == 1 ? guest1 : host1, move, acked.size() + 1));
    ASSERT_TRUE(mirror->apply(move).ok());
    acked.push_back(move);
  }
  // What s1 will try to write when it wakes: a legal move in the position it knows.
  const auto stale_choices = mirror->legal_moves();

  // s1 stops past its lease; s2 takes the room over when the players come to it.
  ASSERT_EQ(::kill(owner.pid(), SIGSTOP), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(kLeaseMs + kLeaseRenewMs + 500));
  Seat host2{nullptr, host1.token, 0}, guest2{nullptr, guest1.token, 0};
  auto seen = join(host2, port2, room, why);
  const bool took_over = seen.has_value();
  if (took_over) {
    EXPECT_EQ(*seen, acked) << "s2 must load every acknowledged move";
  }
  const bool guest_in = took_over && join(guest2, port2, room, why).has_value();
  std::string new_line_move;
  bool played_on_s2 = false;
  if (guest_in) {
    new_line_move = stale_choices.back();
    played_on_s2 = play(host2, guest2, new_line_move, acked.size() + 1);
  }

  // The stale owner's write: sent while it sleeps, read the moment it wakes.
  const int stale_id = 9999;
  const auto stale_move = stale_choices.front();
  host1.ws->send({{"type", "move"},
                  {"id", stale_id},
                  {"move", stale_move},
                  {"version", host1.version},
                  {"move_id", "stale"}});
  ASSERT_EQ(::kill(owner.pid(), SIGCONT), 0);
  ASSERT_TRUE(took_over) << why << "\n" << cluster.logs();
  ASSERT_TRUE(guest_in) << why;
  ASSERT_TRUE(played_on_s2) << cluster.logs();
  ASSERT_TRUE(mirror->apply(new_line_move).ok());
  acked.push_back(new_line_move);

  // s1 never acknowledges the stale move, and drops the room: both its connections are
  // closed with 4003 "room moved".
  auto answer = host1.ws->receive_until(
      [&](const json& m) { return m.contains("re") && m["re"] == stale_id; }, 10000);
  EXPECT_TRUE(!answer || answer->value("type", "") == "error")
      << "the paused owner acknowledged a write: " << answer->dump();
  if (answer) {
    std::cout << "stale owner answered: " << answer->dump() << "\n";
    answer = host1.ws->receive_until([](const json&) { return false; }, 10000);
  }
  EXPECT_TRUE(host1.ws->dead());
  EXPECT_EQ(host1.ws->close_code(), 4003) << owner.log();
  guest1.ws->receive_until([](const json&) { return false; }, 5000);
  EXPECT_EQ(guest1.ws->close_code(), 4003);

  // The store holds s2's line only, and s2 still serves the room: play goes on there.
  const auto next = mirror->legal_moves().front();
  const bool host_moves = mirror->to_move() == 0;  // the host sits first (seat 0)
  ASSERT_TRUE(
      play(host_moves ? host2 : guest2, host_moves ? guest2 : host2, next, acked.size() + 1))
      << cluster.logs();
  ASSERT_TRUE(mirror->apply(next).ok());
  acked.push_back(next);
  auto positions = http_get(port1, "/api/rooms/" + room + "/games/1/positions");
  ASSERT_EQ(positions.status, 200) << positions.body;
  std::vector<std::string> stored;
  const auto replay = json::parse(positions.body, nullptr, false);
  ASSERT_TRUE(replay.is_object()) << positions.body;
  for (const auto& e : replay["positions"])
    if (e.contains("move")) stored.push_back(e.value("move", ""));
  EXPECT_EQ(stored, acked) << "stale move " << stale_move;
  std::cout << "fencing: s1 paused " << kLeaseMs + kLeaseRenewMs + 500
            << " ms; s2 took the room at ply " << acked.size() - 2 << "; s1's move " << stale_move
            << " refused; closes 4003 on s1\n";
}

}  // namespace
}  // namespace banmen::test

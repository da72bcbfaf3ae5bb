// The computer-opponent suites' shared parts: the server they play against and the host's
// side of a room against the computer (opening it, playing it to the end, counting moves).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <thread>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {

class ServerComputer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess({"--max-rooms-per-address", "5000", "--messages-per-second", "5000",
                                 "--message-burst", "10000", "--engine-threads", "1",
                                 "--engine-queue", "4"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  inline static ServerProcess* server_ = nullptr;
};

inline constexpr const char* kEngineGames[] = {"shogi", "minishogi", "dogcat",     "hasami",
                                               "chess", "reversi",   "capablanca", "makruk"};

// Creates a room against the computer; the host's side is absorbed up to its first
// playing snapshot.
inline ::testing::AssertionResult open_computer_room(unsigned short port, Side& host,
                                                     std::string& room, json create) {
  if (!host.ws.connect(port)) return ::testing::AssertionFailure() << "connect";
  create["type"] = "create_room";
  create["name"] = "Host";
  auto created = host.ws.request(create, 5000ms, host.absorber());
  if (!created || created->value("type", "") != "room_created")
    return ::testing::AssertionFailure()
           << "create_room: " << (created ? created->dump() : "timeout");
  room = (*created)["room"];
  host.player = 0;
  auto snap = host.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 10000ms,
      host.absorber());
  if (!snap) return ::testing::AssertionFailure() << "no playing snapshot";
  host.absorb(*snap);
  return ::testing::AssertionSuccess();
}

// The host plays random legal moves; the computer answers. Every move event is checked:
// the seats alternate, and the computer's seat moves only after the host moved.
inline ::testing::AssertionResult play_against_computer(Side& host, std::mt19937& rng,
                                                        int max_plies, int& plies) {
  int last_seat = -1;
  plies = 0;
  for (int round = 0; round < max_plies * 2 && host.game_over.is_null(); ++round) {
    if (!host.legal.empty()) {
      std::uniform_int_distribution<std::size_t> pick(0, host.legal.size() - 1);
      std::string move = host.legal[pick(rng)];
      host.ws.send({{"type", "move"},
                    {"move", move},
                    {"version", host.version},
                    {"move_id", std::to_string(round).insert(0, 1, 'h')}});
      host.legal = json::array();
    }
    auto ev = host.ws.wait_for(
        [](const json& j) { return j["type"] == "move" || j["type"] == "game_over"; }, 30000ms);
    if (!ev) return ::testing::AssertionFailure() << "no move within 30 s at ply " << plies;
    host.absorb(*ev);
    if ((*ev)["type"] == "game_over") break;
    const int seat = (*ev)["seat"];
    if (seat == last_seat)
      return ::testing::AssertionFailure() << "seat " << seat << " moved twice: " << ev->dump();
    last_seat = seat;
    ++plies;
    if (plies >= max_plies && host.game_over.is_null()) {
      auto r = host.ws.request({{"type", "resign"}}, 5000ms, host.absorber());
      if (!r) return ::testing::AssertionFailure() << "resign unanswered";
    }
  }
  if (host.game_over.is_null()) {
    auto over = host.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }, 10000ms,
                                 host.absorber());
    if (!over) return ::testing::AssertionFailure() << "no game_over";
  }
  return ::testing::AssertionSuccess();
}

// The move events `side` receives within `wait` (a timed-out read would close the
// connection, so the wait is a pause and then a ping whose answer ends the count).
inline int moves_within(Side& side, std::chrono::milliseconds wait) {
  std::this_thread::sleep_for(wait);
  int moves = 0;
  auto pong = side.ws.request({{"type", "ping"}}, 5000ms, [&](const json& j) {
    side.absorb(j);
    if (j["type"] == "move") ++moves;
  });
  return pong ? moves : -1;
}

}  // namespace banmen::testing

// Attacks on the engine's threads through the real binary (issue 33): one address opens
// seventeen rooms whose level-8 computer thinks 10 s a move; another address's level-1
// computer must still get its turn at once, not after the flood. Asserted is the order
// (how many searches ended before the victim's), never a time; every wait is bounded.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;

// The counter's value in /metrics text, or -1.
long long metric(unsigned short port, const std::string& name) {
  const auto text = body_of(raw_http_get(port, "/metrics"));
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stoll(text.substr(at + name.size() + 2));
}

// Opens a room against the computer from `address` (through the trusted proxy); the
// computer plays first. False if it was not created.
bool open_computer_room(RawWsClient& c, unsigned short port, const std::string& address,
                        int level) {
  if (c.open(port, {"X-Forwarded-For: " + address}) != 101) return false;
  const json create = {{"type", "create_room"}, {"id", 1},
                       {"name", "Host"},        {"game", "chess"},
                       {"side", "second"},      {"computer", {{"level", level}}}};
  if (!c.send_raw(RawWsClient::frame(1, create.dump()))) return false;
  for (int i = 0; i < 20; ++i) {
    auto f = c.read_frame(5000ms);
    if (!f) return false;
    if (f->opcode != 1) continue;
    auto j = json::parse(f->payload, nullptr, false);
    if (j.value("re", json()) == 1) return j.value("type", "") == "room_created";
  }
  return false;
}

TEST(HostileEngine, OneAddressesComputerRoomsCannotMakeAnotherWaitForThemAll) {
  ServerProcess server({"--trusted-proxies", "127.0.0.1", "--engine-threads", "1", "--engine-queue",
                        "64", "--max-rooms-per-address", "100"});
  ASSERT_TRUE(server.ok()) << server.log();
  const auto port = server.port();
  std::vector<std::unique_ptr<RawWsClient>> flood;
  for (int i = 0; i < 17; ++i) {
    flood.push_back(std::make_unique<RawWsClient>());
    ASSERT_TRUE(open_computer_room(*flood.back(), port, "198.51.100.7", 8)) << i;
  }
  // One of the flood's searches runs; the others wait or ask again.
  for (int i = 0; i < 100 && metric(port, "banmen_engine_running") != 1; ++i)
    std::this_thread::sleep_for(50ms);
  ASSERT_EQ(metric(port, "banmen_engine_running"), 1);
  const long long done_before = metric(port, "banmen_engine_searches_total");
  RawWsClient victim;
  ASSERT_TRUE(open_computer_room(victim, port, "203.0.113.5", 1));
  // Its computer's first move: bounded well beyond one level-8 search (10 s), far below the
  // seventeen of the flood.
  bool moved = false;
  for (int i = 0; i < 400 && !moved; ++i) {
    auto f = victim.read_frame(100ms);
    if (!f || f->opcode != 1) continue;
    auto j = json::parse(f->payload, nullptr, false);
    moved = j.value("type", "") == "move";
  }
  ASSERT_TRUE(moved) << "the victim's computer did not move within 40 s";
  // Before it, at most the flood's search that was running (and no other of the flood's).
  const long long done_after = metric(port, "banmen_engine_searches_total");
  EXPECT_LE(done_after - done_before, 2) << "searches finished before the victim's";
  // The flood held no more than its address's share of the pool.
  EXPECT_LE(metric(port, "banmen_engine_queue_length"), 4);
  EXPECT_GT(metric(port, "banmen_refused_total{reason=\"engine_per_address\"}"), 0);
}

}  // namespace
}  // namespace banmen::testing

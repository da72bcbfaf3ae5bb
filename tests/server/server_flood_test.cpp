// Integration: clients that flood frames. A client that never reads and floods small frames
// (binary or text) is dropped when its write queue fills; the server must survive it and go
// on serving everyone else. This ran into a use-after-free in the write path once.
#include <gtest/gtest.h>

#include <atomic>

#include <thread>

#include "raw_ws_client.h"
#include "server_process.h"
#include "ws_test_client.h"

namespace banmen::testing {
namespace {

// A well-behaved client still gets an answer.
bool server_answers(unsigned short port) {
  WsClient c;
  if (!c.connect(port)) return false;
  auto r = c.request({{"type", "hello"}}, 5000ms);
  return r && (*r)["type"] == "welcome";
}

// Rate limits high enough that the flood reaches the full write queue (the drop path)
// rather than the rate limiter's close, and the smallest write queue.
const std::vector<std::string> kDropPathFlags = {
    "--messages-per-second", "10000", "--message-burst", "100000", "--write-queue-messages", "8"};

TEST(ServerFlood, NonReadingFloodersAreDroppedAndTheServerLives) {
  ServerProcess server(kDropPathFlags);
  ASSERT_TRUE(server.ok()) << server.log();
  const std::string binary = RawWsClient::frame(2, std::string(8, 'x'));
  const std::string text = RawWsClient::frame(1, R"({"type":"ping"})");
  std::atomic<std::uint64_t> flooded{0};  // frames the flooders got into the kernel
  std::atomic<int> dropped{0};            // flooders the server hung up on
  for (int round = 0; round < 3; ++round) {
    std::vector<std::thread> flooders;
    for (int i = 0; i < 4; ++i) {
      flooders.emplace_back([&, i] {
        RawWsClient c;
        if (c.open(server.port(), {}, 1024) != 101) return;
        // Until the server hangs up (a few hundred frames fill the socket buffers and the
        // queue), bounded in count and time.
        auto r = c.flood(i % 2 ? text : binary, 200000, 5000ms);
        flooded += r.frames;
        if (r.peer_closed) ++dropped;
      });
    }
    for (auto& t : flooders) t.join();
    ASSERT_TRUE(server_answers(server.port())) << "round " << round << "\n" << server.log();
  }
  // How many frames fit before the drop depends on the kernel's buffers (12,000 to 27,000
  // here); what matters is that every flooder sent far more than a write queue holds and
  // was hung up on.
  EXPECT_GE(flooded.load(), 12u * 100) << "the flood never really happened";
  EXPECT_EQ(dropped.load(), 12) << "flooded " << flooded.load() << "\n" << server.log();
  EXPECT_NE(server.log().find("does not read: dropped"), std::string::npos);
  EXPECT_TRUE(server.stop()) << server.log();  // exited 0: no crash on the way out either
}

// Reads whatever the server sent within `time`; the close code if a close frame came.
int drain_for_close(RawWsClient& c, std::chrono::milliseconds time) {
  auto deadline = std::chrono::steady_clock::now() + time;
  while (std::chrono::steady_clock::now() < deadline) {
    auto f = c.read_frame(5ms);
    if (f && f->opcode == 8) return f->close_code();
  }
  return 0;
}

// Binary frames used to skip the rate limit entirely (only a bad_request answer each).
TEST(ServerFlood, BinaryFramesCountAgainstTheRateLimit) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient c;
  ASSERT_EQ(c.open(server.port()), 101);
  std::string burst;
  for (int i = 0; i < 200; ++i) burst += RawWsClient::frame(2, "x");
  ASSERT_TRUE(c.send_raw(burst));
  EXPECT_EQ(drain_for_close(c, 3000ms), 1008) << server.log();
  EXPECT_TRUE(server_answers(server.port()));
}

// Bursts a little larger than the bucket, spaced so that tokens refill in between: a
// count of refusals "in a row" never reached its limit; refusals within a window do.
TEST(ServerFlood, BurstsThatRefillBetweenAreStillClosed) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient c;
  ASSERT_EQ(c.open(server.port()), 101);
  std::string burst;
  for (int i = 0; i < 45; ++i) burst += RawWsClient::frame(1, R"({"type":"ping"})");
  int code = 0;
  for (int i = 0; i < 30 && code == 0; ++i) {  // at most 30 bursts, about 3 s
    if (!c.send_raw(burst)) break;
    code = drain_for_close(c, 100ms);
  }
  if (code == 0) code = drain_for_close(c, 1000ms);
  EXPECT_EQ(code, 1008) << server.log();
}

}  // namespace
}  // namespace banmen::testing

// Integration: a client that floods small frames and never reads. The server must drop that
// client and nothing else: earlier, dropping it while a write was in flight freed the
// buffer under that write and took the whole process down.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "flood_client.h"
#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// A small write queue so the server reaches its drop path within a second or two.
const std::vector<std::string> kSmallQueue{"--write-queue-messages", "16"};

void expect_flood_survived(bool binary_frames) {
  ServerProcess server(kSmallQueue);
  ASSERT_TRUE(server.ok()) << server.log();
  Match bystanders;
  ASSERT_TRUE(open_match(server.port(), bystanders, {{"game", "reversi"}, {"side", "first"}}));

  for (int round = 0; round < 3; ++round) {
    auto flood = flood_without_reading(server.port(), binary_frames);
    ASSERT_TRUE(flood.connected) << server.log();
    EXPECT_TRUE(flood.server_hung_up) << "sent " << flood.frames_sent << " frames unanswered";
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let a crash show
    ASSERT_TRUE(server.running()) << "the server died in round " << round << "\n" << server.log();
  }
  EXPECT_NE(server.log().find("does not read: dropped"), std::string::npos)
      << "the flood never reached the slow-client drop, so this test proved nothing";

  // The bystanders' game goes on.
  std::mt19937 rng(7);
  EXPECT_TRUE(play_random(bystanders, rng, 4)) << server.log();
  WsClient late;
  ASSERT_TRUE(late.connect(server.port()));
  auto w = late.request({{"type", "hello"}});
  ASSERT_TRUE(w);
  EXPECT_EQ((*w)["type"], "welcome");
  EXPECT_TRUE(server.stop()) << server.log();
}

TEST(ServerFlood, NonReadingBinaryFloodDropsOnlyThatClient) {
  expect_flood_survived(true);
}

TEST(ServerFlood, NonReadingTextFloodDropsOnlyThatClient) {
  expect_flood_survived(false);
}

}  // namespace
}  // namespace banmen::testing

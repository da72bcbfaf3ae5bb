// What a crowd of spectators may cost a room: their arrivals are counted, not announced one
// by one to everyone, and their chat is relayed live but never written to the store.
#include <gtest/gtest.h>

#include "app/hub.h"
#include "recording_client.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"

namespace banmen::server {
namespace {

class RoomCrowd : public ::testing::Test {
 protected:
  void SetUp() override {
    auto owned = std::make_unique<MemoryStore>();
    store_ = owned.get();
    hub_ = std::make_unique<Hub>(ioc_, Config{}, std::move(owned));
    auto room = hub_->rooms.create("203.0.113.1");
    ASSERT_TRUE(room);
    room_ = *room;
    auto options = parse_room_options({{"type", "create_room"}, {"game", "reversi"}});
    ASSERT_TRUE(options);
    room_->create(host_, *options, "Host", 1);
    room_->join(guest_, {{"type", "join_room"}, {"room", room_->id()}, {"id", 2}});
    run(100);
  }
  void TearDown() override {
    room_->shutdown();
    run(50);
  }
  void run(int ms) {
    ioc_.restart();
    ioc_.run_for(std::chrono::milliseconds(ms));
  }
  static std::vector<nlohmann::json> of_type(RecordingClient& c, const std::string& type) {
    std::vector<nlohmann::json> out;
    for (const auto& j : c.messages())
      if (j["type"] == type) out.push_back(j);
    return out;
  }

  boost::asio::io_context ioc_;
  MemoryStore* store_ = nullptr;
  std::unique_ptr<Hub> hub_;
  std::shared_ptr<Room> room_;
  std::shared_ptr<RecordingClient> host_ = std::make_shared<RecordingClient>(1);
  std::shared_ptr<RecordingClient> guest_ = std::make_shared<RecordingClient>(2);
};

TEST_F(RoomCrowd, ACrowdOfSpectatorsIsCountedNotAnnouncedOneByOne) {
  constexpr int kCrowd = 60;
  std::vector<std::shared_ptr<RecordingClient>> crowd;
  for (int i = 0; i < kCrowd; ++i) {
    crowd.push_back(std::make_shared<RecordingClient>(100 + i));
    room_->join(crowd.back(), {{"type", "join_room"}, {"room", room_->id()}, {"id", 1}});
  }
  run(1200);  // longer than the delay between counts
  const auto heard = of_type(*host_, "presence");
  ASSERT_FALSE(heard.empty());
  EXPECT_LE(heard.size(), 3u) << "one presence per arrival: O(N^2) messages for a crowd";
  EXPECT_EQ(heard.back()["spectators"], kCrowd);
  EXPECT_TRUE(heard.back()["player"].is_null());
  // The first spectator hears the others' count once too, not 59 times.
  EXPECT_LE(of_type(*crowd.front(), "presence").size(), 3u);
  // A player's own coming and going is still announced at once.
  room_->leave(guest_->client_id());
  run(50);
  const auto after = of_type(*host_, "presence");
  ASSERT_EQ(after.size(), heard.size() + 1);
  EXPECT_EQ(after.back()["player"], 1);
  EXPECT_EQ(after.back()["connected"], false);
}

TEST_F(RoomCrowd, SpectatorsChatIsRelayedButNeverStored) {
  auto watcher = std::make_shared<RecordingClient>(10);
  auto other = std::make_shared<RecordingClient>(11);
  for (auto& c : {watcher, other})
    room_->join(c, {{"type", "join_room"}, {"room", room_->id()}, {"id", 1}});
  run(50);
  room_->request(watcher, {{"type", "chat"}, {"id", 5}, {"text", "from the stands"}});
  room_->request(host_, {{"type", "chat"}, {"id", 6}, {"text", "good luck"}});
  run(100);
  const auto relayed = of_type(*other, "chat");
  ASSERT_EQ(relayed.size(), 1u);
  EXPECT_EQ(relayed[0]["text"], "from the stands");
  auto stored = store_->load_unfinished();
  ASSERT_TRUE(stored.ok());
  ASSERT_EQ(stored->size(), 1u);
  ASSERT_EQ(stored->front().chat.size(), 1u);
  EXPECT_EQ(stored->front().chat[0].text, "good luck");
  EXPECT_EQ(stored->front().chat[0].channel, "players");
}

}  // namespace
}  // namespace banmen::server

// A record brought into a room (review_import) through a Room driven directly, without
// sockets: refused during a game and to spectators, parts acknowledged, the record shown on
// the review board for everyone as game 0 and driven like a review, a record that does not
// read refused with its line, the sender leaving mid-upload freeing the room, and the
// record kept in the store.
#include <gtest/gtest.h>

#include "app/hub.h"
#include "protocol/error_codes.h"
#include "recording_client.h"
#include "room_waits.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"

namespace banmen::server {
namespace {

using room_waits::answer_to;
using room_waits::last_of;
using room_waits::run_until;

// A shogi record (KIF), brought into a chess room.
const std::string kRecord =
    "手合割：平手\n"
    "先手：A\n"
    "後手：B\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n"
    "   2 ３四歩(33)\n"
    "   3 ２六歩(27)\n";

class RoomImport : public ::testing::Test {
 protected:
  void SetUp() override {
    auto store = std::make_unique<MemoryStore>();
    store_ = store.get();
    hub_ = std::make_unique<Hub>(ioc_, Config{}, std::move(store));
    room_ = hub_->rooms.create("192.0.2.1").value();
    auto options = parse_room_options({{"game", "chess"}, {"side", "first"}});
    ASSERT_TRUE(options);
    room_->create(host_, *options, "A", 1);
    ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*host_, "room_created").is_null(); }));
    room_->join(guest_, {{"type", "join_room"}, {"room", room_->id()}, {"name", "B"}, {"id", 1}});
    ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*guest_, "joined").is_null(); }));
  }
  void TearDown() override {
    room_->shutdown();
    run_until(ioc_, [] { return true; });
  }
  // Sends a request and waits for its answer.
  json ask(const std::shared_ptr<RecordingClient>& c, json msg) {
    const int id = next_id_++;
    msg["id"] = id;
    room_->request(c, msg);
    EXPECT_TRUE(run_until(ioc_, [&] { return !answer_to(*c, id).is_null(); }));
    return answer_to(*c, id);
  }
  json part(int n, int of, std::string text) {
    return {{"type", "review_import"},
            {"format", "auto"},
            {"name", "game.kif"},
            {"part", n},
            {"parts", of},
            {"text", std::move(text)}};
  }
  void end_the_game() {
    ASSERT_EQ(ask(guest_, {{"type", "resign"}})["type"], "ack");
    ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*host_, "game_over").is_null(); }));
  }

  boost::asio::io_context ioc_;
  MemoryStore* store_ = nullptr;
  std::unique_ptr<Hub> hub_;
  std::shared_ptr<Room> room_;
  std::shared_ptr<RecordingClient> host_ = std::make_shared<RecordingClient>(1);
  std::shared_ptr<RecordingClient> guest_ = std::make_shared<RecordingClient>(2);
  std::shared_ptr<RecordingClient> watcher_ = std::make_shared<RecordingClient>(3);
  int next_id_ = 10;
};

TEST_F(RoomImport, ARecordOpensOnTheBoardForEveryoneAsGameZeroAndIsKept) {
  EXPECT_EQ(ask(host_, part(0, 1, kRecord))["code"], errc::game_in_progress);
  end_the_game();
  room_->join(watcher_, {{"type", "join_room"}, {"room", room_->id()}, {"id", 2}});
  ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*watcher_, "snapshot").is_null(); }));
  EXPECT_EQ(ask(watcher_, part(0, 1, kRecord))["code"], errc::not_a_player);

  const auto half = kRecord.size() / 2;
  EXPECT_EQ(ask(host_, part(0, 2, kRecord.substr(0, half)))["type"], "ack");
  EXPECT_EQ(last_of(*guest_, "review"), json());  // nothing shown before the last part
  EXPECT_EQ(ask(host_, part(1, 2, kRecord.substr(half)))["type"], "ack");
  ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*watcher_, "review").is_null(); }));
  const json review = last_of(*guest_, "review");
  EXPECT_EQ(review["game_no"], 0);
  EXPECT_EQ(review["open"], true);
  EXPECT_EQ(review["imported"]["game"], "shogi");  // not the room's chess
  EXPECT_EQ(review["imported"]["name"], "game.kif");
  EXPECT_EQ(review["imported"]["format"], "kif");
  EXPECT_EQ(review["nodes"].size(), 4u);  // the root and three moves
  EXPECT_EQ(review["current"], 0);

  // Driven like any review (a side line from the start), its record saved as KIF with it.
  EXPECT_EQ(ask(guest_, {{"type", "review_move"}, {"move", "2g2f"}})["type"], "ack");
  const json saved = ask(host_, {{"type", "review_save"}});
  ASSERT_EQ(saved["type"], "review_record");
  EXPECT_EQ(saved["format"], "kif");
  EXPECT_NE(saved["text"].get<std::string>().find("変化：1手"), std::string::npos) << saved["text"];
  // The spectators may not drive it without leave.
  EXPECT_EQ(ask(watcher_, {{"type", "review_move"}, {"move", "7g7f"}})["code"], errc::not_a_player);

  // Kept: the record, its game and start, and the move added since.
  auto kept = store_->load_room(room_->id());
  ASSERT_TRUE(kept);
  ASSERT_TRUE(kept->imported);
  EXPECT_EQ(kept->imported->game_id, "shogi");
  EXPECT_TRUE(kept->imported->open);
  EXPECT_NE(kept->imported->tree_text.find("2g2f"), std::string::npos);

  // review_start of the room's game takes the board back.
  EXPECT_EQ(ask(host_, {{"type", "review_start"}})["type"], "ack");
  EXPECT_EQ(last_of(*guest_, "review")["game_no"], 1);
  EXPECT_FALSE(last_of(*guest_, "review").contains("imported"));
}

TEST_F(RoomImport, ARecordThatDoesNotReadIsRefusedWithItsLineAndChangesNothing) {
  end_the_game();
  // The second move is not legal: line 4.
  const json refused = ask(host_, part(0, 1,
                                       "手合割：平手\n"
                                       "手数----指手---------消費時間--\n"
                                       "   1 ７六歩(77)\n"
                                       "   2 ７六歩(77)\n"));
  EXPECT_EQ(refused["code"], errc::bad_record);
  EXPECT_EQ(refused["line"], 4) << refused;
  const auto message = refused["message"].get<std::string>();
  EXPECT_EQ(message.rfind("line " + std::to_string(refused["line"].get<int>()) + ":", 0), 0u)
      << message;
  EXPECT_EQ(last_of(*guest_, "review"), json());
  auto kept = store_->load_room(room_->id());
  ASSERT_TRUE(kept);
  EXPECT_FALSE(kept->imported);
}

TEST_F(RoomImport, OneUploadAtATimeUntilItsSenderLeaves) {
  end_the_game();
  EXPECT_EQ(ask(host_, part(0, 2, "review"))["type"], "ack");
  EXPECT_EQ(ask(guest_, part(0, 1, kRecord))["code"], errc::rate_limited);
  EXPECT_EQ(ask(guest_, part(1, 2, kRecord))["code"], errc::rate_limited);
  room_->leave(host_->client_id());
  EXPECT_EQ(ask(guest_, part(0, 1, kRecord))["type"], "ack");
  ASSERT_TRUE(run_until(ioc_, [&] { return !last_of(*guest_, "review").is_null(); }));
  EXPECT_EQ(last_of(*guest_, "review")["by"], 1);  // the guest's seat
}

}  // namespace
}  // namespace banmen::server

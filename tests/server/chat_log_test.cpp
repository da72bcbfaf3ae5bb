// The room's chat alone (rooms/chat_log.h): the rate per member, which lines are written,
// each channel shown only to its side, the last lines kept; without a room or a store.
#include "rooms/chat_log.h"

#include <gtest/gtest.h>

#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

TEST(ChatLog, AMemberSendsAtMostSoManyLinesInAnyWindow) {
  std::vector<std::int64_t> sent;
  for (std::int64_t t = 0; t < 3; ++t) {
    ASSERT_TRUE(ChatLog::may_send(sent, t, 1000, 3));
    sent.push_back(t);
  }
  auto fourth = ChatLog::may_send(sent, 999, 1000, 3);
  ASSERT_FALSE(fourth);
  EXPECT_EQ(fourth.error().code, errc::rate_limited);
  // Once the first line is a window old, one more may go, and the old time is forgotten.
  EXPECT_TRUE(ChatLog::may_send(sent, 1000, 1000, 3));
  EXPECT_EQ(sent.size(), 2u);
}

TEST(ChatLog, OnlyThePlayersLinesAreWritten) {
  const Member player{{}, 1, "Hanako"}, spectator{{}, -1, "Taro"};
  auto written = ChatLog::write_for("room1", player, "hello", 42);
  ASSERT_TRUE(written);
  EXPECT_EQ(written->room_id, "room1");
  EXPECT_EQ(written->player, 1);
  EXPECT_EQ(written->name, "Hanako");
  EXPECT_EQ(written->channel, "players");
  EXPECT_EQ(written->text, "hello");
  EXPECT_EQ(written->server_ms, 42);
  EXPECT_FALSE(ChatLog::write_for("room1", spectator, "hi", 43));
}

TEST(ChatLog, EachChannelIsShownToItsSideOnly) {
  ChatLog log;
  const json from_player = log.add(Member{{}, 0, "Hanako"}, "good luck", 1);
  EXPECT_EQ(from_player["type"], "chat");
  EXPECT_EQ(from_player["channel"], "players");
  EXPECT_EQ(from_player["player"], 0);
  const json from_spectator = log.add(Member{{}, -1, "Taro"}, "nice move", 2);
  EXPECT_EQ(from_spectator["channel"], "spectators");
  EXPECT_TRUE(from_spectator["player"].is_null());
  const json players = log.lines_for(true), spectators = log.lines_for(false);
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0]["text"], "good luck");
  EXPECT_FALSE(players[0].contains("type"));  // a line, not an event
  ASSERT_EQ(spectators.size(), 1u);
  EXPECT_EQ(spectators[0]["text"], "nice move");
}

TEST(ChatLog, TheLastLinesAreKeptAndRestoredLinesJoinThem) {
  ChatLog log;
  log.restore(StoredChat{"room1", 1, "Hanako", "players", "from before", 1});
  for (std::size_t i = 0; i < ChatLog::kKept; ++i)
    log.add(Member{{}, 0, "Taro"}, "line " + std::to_string(i), static_cast<std::int64_t>(i + 2));
  const json lines = log.lines_for(true);
  ASSERT_EQ(lines.size(), ChatLog::kKept);
  EXPECT_EQ(lines[0]["text"], "line 0");  // the restored line was the oldest, so it went
  EXPECT_EQ(lines[ChatLog::kKept - 1]["text"], "line 99");
}

}  // namespace
}  // namespace banmen::server

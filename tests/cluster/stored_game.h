// The check every test of rooms played through faults ends with: the store's copy of a
// finished room, read over HTTP (any server serves records), holds exactly the moves the
// clients saw acknowledged, and the rules core replays them to the clients' position.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/registry.h"
#include "room_driver.h"
#include "ws_client.h"

namespace banmen::test {

// The store's copy of a finished room through nginx (any server serves records): the
// listing's result and ply count, and the stored moves replayed by the rules core.
inline void expect_stored_game(unsigned short port, const RoomDriver& r) {
  SCOPED_TRACE(r.game_id() + " room " + r.room());
  auto listing = http_get(port, "/api/rooms/" + r.room() + "/games");
  ASSERT_EQ(listing.status, 200) << listing.body;
  auto series = json::parse(listing.body, nullptr, false);
  ASSERT_TRUE(series.is_object() && series["games"].is_array() && !series["games"].empty());
  const auto& g = series["games"].back();
  const auto o = r.mirror()->outcome();
  EXPECT_EQ(g.value("status", ""), "over");
  EXPECT_EQ(g.value("plies", 0u), r.acked().size());
  EXPECT_EQ(g["result"].value("reason", ""), o.reason);
  if (o.kind == Outcome::Kind::win) {
    EXPECT_EQ(g["result"].value("winner", -1), o.winner);
  }

  const int game_no = g.value("game_no", 1);
  auto replay =
      http_get(port, "/api/rooms/" + r.room() + "/games/" + std::to_string(game_no) + "/positions");
  ASSERT_EQ(replay.status, 200) << replay.body;
  auto positions = json::parse(replay.body, nullptr, false);
  ASSERT_TRUE(positions.is_object() && positions["positions"].is_array());
  auto fresh = create_game(r.game_id());
  ASSERT_TRUE(fresh);
  GamePtr game = std::move(*fresh);
  std::vector<std::string> stored;
  for (const auto& entry : positions["positions"]) {
    if (!entry.contains("move")) continue;  // ply 0, the start
    stored.push_back(entry.value("move", ""));
    ASSERT_TRUE(game->apply(stored.back()).ok()) << "ply " << stored.size() << " " << stored.back();
  }
  // Every acknowledged move is stored, in order, and nothing else.
  EXPECT_EQ(stored, r.acked());
  EXPECT_EQ(game->position(), r.mirror()->position());
  if (!positions["positions"].empty()) {
    EXPECT_EQ(positions["positions"].back().value("position", ""), r.mirror()->position());
  }
}

}  // namespace banmen::test

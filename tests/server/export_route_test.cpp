// The record and listing routes (/api/rooms/...) over both stores: a listing comes in pages
// with the total and the series score of every game, a room without spectators lists its
// games to its players only, and a finished game's record is marked cacheable.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "exports/export_route.h"
#include "storage/memory_store.h"
#include "storage/sqlite_store.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

using nlohmann::json;

class ExportRoute : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "memory") {
      store_ = std::make_unique<MemoryStore>();
    } else {
      // A file, so that reads go through the store's own read connection.
      path_ = std::filesystem::temp_directory_path() /
              ("banmen-export-route-" + std::to_string(getpid()) + ".db");
      std::filesystem::remove(path_);
      auto s = SqliteStore::open({path_.string(), false});
      ASSERT_TRUE(s.ok()) << s.error().message;
      store_ = std::move(*s);
    }
  }
  void TearDown() override {
    store_.reset();
    if (!path_.empty())
      for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path_.string() + suffix);
  }

  // A room of `games` finished reversi games (the host wins the odd ones, draws the even
  // ones) and one more in progress.
  void store_series(const std::string& room, int games, bool spectators) {
    json options{{"game", "reversi"}, {"spectators", spectators}};
    ASSERT_TRUE(store_->write(StoredRoomInfo{room, options.dump(), 1}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{room, {0, "Host", sha256_hex("host-token")}}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{room, {1, "Guest", sha256_hex("guest-token")}}).ok());
    for (int n = 1; n <= games + 1; ++n) {
      StoredGameStart start{room, n, "reversi", options.dump(), "", {0, 1}, 1700000000000 + n};
      ASSERT_TRUE(store_->write(start).ok());
      StoredMove first;
      first.room_id = room;
      first.game_no = n;
      first.ply = 1;
      first.move = "d3";
      ASSERT_TRUE(store_->write(first).ok());
      if (n > games) break;
      StoredOutcome outcome =
          n % 2 ? StoredOutcome{"win", 0, "resignation"} : StoredOutcome{"draw", -1, "agreement"};
      ASSERT_TRUE(store_->write(StoredFinish{room, n, outcome, 1700000001000 + n}).ok());
    }
  }

  ExportReply get(const std::string& target, const std::string& authorization = {}) {
    return export_route(*store_, {target, authorization, "example.org"});
  }

  std::filesystem::path path_;
  std::unique_ptr<Store> store_;
};

// A link's visitor learns the game, the clock, the host and whether a seat is free; no
// token, no other option.
TEST_P(ExportRoute, ListingsSayWhatTheInviteIsFor) {
  store_series("inv", 1, true);
  auto page = json::parse(get("/api/rooms/inv/games?limit=1").body);
  ASSERT_TRUE(page["invite"].is_object()) << page.dump();
  EXPECT_EQ(page["invite"]["game"], "reversi");
  EXPECT_EQ(page["invite"]["host"], "Host");
  EXPECT_EQ(page["invite"]["seats_taken"], 2);
  EXPECT_EQ(page["invite"]["spectators"], true);
  EXPECT_FALSE(page["invite"].contains("side"));
}

TEST_P(ExportRoute, ListingsComeInPagesWithTheWholeSeriesScore) {
  store_series("big", 120, true);
  auto first = get("/api/rooms/big/games");
  ASSERT_EQ(first.status, 200u) << first.body;
  auto page = json::parse(first.body);
  EXPECT_EQ(page["total_games"], 121);
  ASSERT_EQ(page["games"].size(), 50u);  // the default page
  EXPECT_EQ(page["games"][0]["game_no"], 1);
  EXPECT_EQ(page["games"][49]["game_no"], 50);
  // 60 wins and 60 draws of the host, whatever the page.
  EXPECT_EQ(page["score"], json({90.0, 30.0}));
  EXPECT_EQ(page["next"], "/api/rooms/big/games?from=51&limit=50");

  auto last = json::parse(get("/api/rooms/big/games?from=101&limit=50").body);
  ASSERT_EQ(last["games"].size(), 21u);
  EXPECT_EQ(last["games"][20]["status"], "playing");
  EXPECT_EQ(last["games"][20]["plies"], 1);
  EXPECT_TRUE(last["next"].is_null());
  EXPECT_EQ(last["score"], json({90.0, 30.0}));

  auto exact = json::parse(get("/api/rooms/big/games?from=119&limit=3").body);
  EXPECT_EQ(exact["games"].size(), 3u);
  EXPECT_TRUE(exact["next"].is_null());  // game 121 is the last

  for (const char* bad : {"?limit=0", "?limit=201", "?from=0", "?from=x", "?limit=5x"})
    EXPECT_EQ(get(std::string("/api/rooms/big/games") + bad).status, 400u) << bad;
}

TEST_P(ExportRoute, ARoomWithoutSpectatorsListsItsGamesToItsPlayersOnly) {
  store_series("closed", 1, false);
  EXPECT_EQ(get("/api/rooms/closed/games").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games?token=someone-else").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games?token=bad%20token").status, 400u);
  EXPECT_EQ(get("/api/rooms/closed/games?token=guest-token").status, 200u);
  EXPECT_EQ(get("/api/rooms/closed/games", "Bearer host-token").status, 200u);
  // The game in progress: its record too needs a player's token; the finished one does not.
  EXPECT_EQ(get("/api/rooms/closed/games/2/record?format=transcript").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games/2/record?format=transcript&token=host-token").status,
            200u);
  EXPECT_EQ(get("/api/rooms/closed/games/1/record?format=transcript").status, 200u);
  store_series("open", 1, true);
  EXPECT_EQ(get("/api/rooms/open/games").status, 200u);
}

TEST_P(ExportRoute, OnlyAFinishedGamesRecordIsCacheable) {
  store_series("r", 1, true);
  auto finished = get("/api/rooms/r/games/1/record?format=transcript");
  ASSERT_EQ(finished.status, 200u) << finished.body;
  EXPECT_TRUE(finished.cacheable);
  auto playing = get("/api/rooms/r/games/2/record?format=transcript");
  ASSERT_EQ(playing.status, 200u) << playing.body;
  EXPECT_FALSE(playing.cacheable);
  EXPECT_EQ(get("/api/rooms/r/games/3/record?format=transcript").status, 404u);
  EXPECT_EQ(get("/api/rooms/nobody/games").status, 404u);
}

INSTANTIATE_TEST_SUITE_P(BothStores, ExportRoute, ::testing::Values("memory", "sqlite"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace banmen::server

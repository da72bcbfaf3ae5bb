// The record and listing routes (/api/rooms/...) over both stores: a listing comes in pages
// with the total and the series score of every game, a room without spectators lists its
// games to its players only, and a finished game's record is marked cacheable.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include <future>

#include "exports/export_request.h"
#include "exports/export_route.h"
#include "exports/export_service.h"
#include "games/registry.h"
#include "storage/memory_store.h"
#include "storage/sqlite_store.h"
#include "util/tokens.h"

// `json` declared as protocol/messages.h declares it, in the same namespace: a unity file
// may hold both (a using-declaration in the anonymous namespace would be shadowed).
namespace banmen::server {
using json = nlohmann::json;

namespace {

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

TEST_P(ExportRoute, TheCacheIgnoresWhatDoesNotChangeTheAnswer) {
  // A finished record asked with made-up parameters, another order, a game number with
  // leading zeros: one answer, made once. A parameter the route reads is another answer.
  store_series("r", 1, true);
  Metrics metrics;
  ExportService service(*store_, metrics, ExportLimits{});
  auto ask = [&](const std::string& target) {
    std::promise<ExportReply> answered;
    EXPECT_TRUE(service.post({target, "", "example.org", "192.0.2.1"},
                             [&](ExportReply reply) { answered.set_value(std::move(reply)); }));
    return answered.get_future().get();
  };
  const std::string base = "/api/rooms/r/games/1/record?format=transcript";
  const ExportReply first = ask(base);
  ASSERT_EQ(first.status, 200u) << first.body;
  const std::vector<std::string> same = {base + "&x=1", base + "&x=2",
                                         "/api/rooms/r/games/1/record?x=3&format=transcript",
                                         "/api/rooms/r/games/001/record?format=transcript"};
  for (const std::string& target : same) {
    const ExportReply again = ask(target);
    EXPECT_EQ(again.status, 200u) << target;
    EXPECT_EQ(again.body, first.body) << target;
  }
  EXPECT_EQ(metrics.export_cache_hits_total.load(), 4u);
  // The token decides the viewer: a different token is a different answer.
  EXPECT_NE(export_cache_key({base, "", "h"}), export_cache_key({base + "&token=abc", "", "h"}));
  EXPECT_NE(export_cache_key({base, "", "h"}), export_cache_key({base, "Bearer abc", "h"}));
  EXPECT_NE(export_cache_key({base, "", "h"}), export_cache_key({base, "", "other"}));
  EXPECT_EQ(export_cache_key({"/api/rooms/r/games?from=02&limit=5&y", "", "h"}),
            export_cache_key({"/api/rooms/r/games?limit=5&from=2", "", "h"}));
  EXPECT_NE(export_cache_key({"/api/rooms/r/games?from=2", "", "h"}),
            export_cache_key({"/api/rooms/r/games?from=3", "", "h"}));
  service.stop();
}

TEST_P(ExportRoute, AnAddressPaysForTheMovesItsExportsReplay) {
  // A shogi game of 250 plies in progress: its record is made by a replay each time.
  const json options{{"game", "shogi"}};
  ASSERT_TRUE(store_->write(StoredRoomInfo{"long", options.dump(), 1}).ok());
  ASSERT_TRUE(store_->write(StoredSeat{"long", {0, "Host", sha256_hex("host-token")}}).ok());
  ASSERT_TRUE(store_->write(StoredSeat{"long", {1, "Guest", sha256_hex("guest-token")}}).ok());
  auto game = std::move(create_game("shogi").value());
  ASSERT_TRUE(
      store_
          ->write(StoredGameStart{
              "long", 1, "shogi", options.dump(), game->initial_position(), {0, 1}, 1700000000000})
          .ok());
  std::uint64_t pick = 3;
  for (int ply = 1; ply <= 250 && !game->over(); ++ply) {
    const auto legal = game->legal_moves();
    pick = pick * 6364136223846793005u + 1442695040888963407u;
    ASSERT_TRUE(game->apply(legal[(pick >> 33) % legal.size()]).ok());
    StoredMove m;
    m.room_id = "long";
    m.game_no = 1;
    m.ply = ply;
    m.move = game->notation(static_cast<std::size_t>(ply - 1), Viewer::referee);
    ASSERT_TRUE(store_->write(m).ok());
  }
  ASSERT_GE(game->history_size(), 200u);
  store_series("short", 1, true);
  // A budget of 10 requests that does not refill while the test runs.
  Metrics metrics;
  ExportLimits limits;
  limits.requests_per_second = 1e-9;
  limits.burst = 10;
  ExportService service(*store_, metrics, limits);
  auto admitted = [&](const std::string& address, const std::string& target) {
    int count = 0;
    while (count < 20 && service.admit(address)) {
      std::promise<ExportReply> answered;
      EXPECT_TRUE(service.post({target, "", "example.org", address},
                               [&](ExportReply reply) { answered.set_value(std::move(reply)); }));
      EXPECT_EQ(answered.get_future().get().status, 200u) << target;
      ++count;
    }
    return count;
  };
  // Each record replays the game's 200-odd plies: a request and two more from the budget.
  EXPECT_EQ(admitted("192.0.2.1", "/api/rooms/long/games/1/record?format=kif"), 4);
  // A listing replays nothing: one request each, ten in all.
  EXPECT_EQ(admitted("192.0.2.2", "/api/rooms/short/games"), 10);
  service.stop();
}

INSTANTIATE_TEST_SUITE_P(BothStores, ExportRoute, ::testing::Values("memory", "sqlite"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace banmen::server

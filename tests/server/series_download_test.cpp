// The series downloads (/api/rooms/<room>/records.pgn and records.zip) and the zip writer
// under them: which games go in, each record equal to the single-game record route's,
// the PGN read back game by game by the rules core's importer, the caps and refusals.
// Independent zip readers (unzip, Python's zipfile) check the archive in
// series_zip_readers_test.cpp.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "exports/export_route.h"
#include "exports/series_download.h"
#include "exports/zip_writer.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "series_test_room.h"
#include "storage/memory_store.h"

// `json` declared as protocol/messages.h declares it, in the same namespace: a unity file
// may hold both (a using-declaration in the anonymous namespace would be shadowed).
namespace banmen::server {
using json = nlohmann::json;

namespace {

TEST(ZipWriter, Crc32MatchesTheStandardCheckValue) {
  // The check value of CRC-32/ISO-HDLC (zip's) over "123456789".
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(crc32(""), 0u);
  EXPECT_EQ(crc32("The quick brown fox jumps over the lazy dog"), 0x414FA339u);
}

TEST(ZipWriter, AnEmptyArchiveIsJustTheEndRecord) {
  const std::string empty = ZipWriter{}.finish();
  ASSERT_EQ(empty.size(), 22u);
  EXPECT_EQ(empty.substr(0, 4), std::string("PK\x05\x06", 4));
}

TEST(ZipWriter, EntriesAreStoredWithTheirSizesAndNames) {
  ZipWriter zip;
  ASSERT_TRUE(zip.add("a.txt", "hello", 1700000000000));
  ASSERT_TRUE(zip.add("b.txt", "", 0));
  EXPECT_FALSE(zip.add("", "no name", 0));
  EXPECT_FALSE(zip.add(std::string(70000, 'n'), "too long a name", 0));
  EXPECT_EQ(zip.entries(), 2u);
  const std::string z = std::move(zip).finish();
  EXPECT_EQ(z.substr(0, 4), std::string("PK\x03\x04", 4));
  EXPECT_NE(z.find("a.txthello"), std::string::npos);  // stored: name, then the bytes as given
  // Two directory entries and the end record, which counts them.
  EXPECT_EQ(z.substr(z.size() - 22, 4), std::string("PK\x05\x06", 4));
  EXPECT_EQ(static_cast<unsigned char>(z[z.size() - 22 + 10]), 2);
  EXPECT_EQ(series_entry_name(7, "shogi", "kifu"), "game-007-shogi.kifu");
  EXPECT_EQ(series_entry_name(1234, "chess", "pgn"), "game-1234-chess.pgn");
}

class SeriesDownload : public ::testing::Test {
 protected:
  ExportReply get(const std::string& target, const std::string& authorization = {}) {
    return export_route(store_, {target, authorization, "example.org"});
  }
  MemoryStore store_;
};

TEST_F(SeriesDownload, ThePgnHoldsEveryFinishedGameWithAPgnOldestFirst) {
  const auto games = store_series_test_room(store_, "s");
  auto reply = get("/api/rooms/s/records.pgn");
  ASSERT_EQ(reply.status, 200u) << reply.body;
  EXPECT_EQ(reply.content_type, "application/x-chess-pgn; charset=utf-8");
  EXPECT_EQ(reply.content_disposition, "attachment; filename=\"banmen-s-records.pgn\"");
  EXPECT_FALSE(reply.cacheable);  // a game is still being played: the file will grow

  // Each game is the single-game route's record, in order, a blank line between.
  std::string expected;
  int count = 0;
  for (const auto& g : games) {
    if (!g.finished || g.game != "chess") continue;
    auto one = get("/api/rooms/s/games/" + std::to_string(g.game_no) + "/record?format=pgn");
    ASSERT_EQ(one.status, 200u);
    if (!expected.empty()) expected += "\n";
    expected += one.body;
    ++count;
  }
  EXPECT_EQ(count, 2);
  EXPECT_EQ(reply.body, expected);

  // Read back game by game by the rules core's own PGN importer.
  std::vector<std::string> parts;
  for (std::size_t at = reply.body.find("[Event "); at != std::string::npos;) {
    const auto next = reply.body.find("\n[Event ", at + 1);
    parts.push_back(reply.body.substr(at, next == std::string::npos ? next : next + 1 - at));
    at = next == std::string::npos ? next : next + 1;
  }
  ASSERT_EQ(parts.size(), 2u);
  std::size_t i = 0;
  for (const auto& g : games) {
    if (!g.finished || g.game != "chess") continue;
    auto back = import_game("chess", "pgn", parts[i++]);
    ASSERT_TRUE(back.ok()) << back.error().message << "\n" << parts[i - 1];
    ASSERT_EQ((*back)->history_size(), g.moves.size());
    for (std::size_t m = 0; m < g.moves.size(); ++m)
      EXPECT_EQ((*back)->notation(m, Viewer::referee), g.moves[m]);
  }
}

TEST_F(SeriesDownload, TheZipHoldsEveryFinishedGamesFirstRecord) {
  const auto games = store_series_test_room(store_, "s");
  auto reply = get("/api/rooms/s/records.zip");
  ASSERT_EQ(reply.status, 200u) << reply.body;
  EXPECT_EQ(reply.content_type, "application/zip");
  EXPECT_EQ(reply.content_disposition, "attachment; filename=\"banmen-s-records.zip\"");
  for (const auto& g : games) {
    const auto formats = record_formats_of(g.game);
    const std::string ext = formats.front() == "kif"          ? "kifu"
                            : formats.front() == "transcript" ? "txt"
                                                              : std::string(formats.front());
    const std::string name = series_entry_name(g.game_no, g.game, ext);
    EXPECT_EQ(reply.body.find(name) != std::string::npos, g.finished) << name;
    if (!g.finished) continue;
    auto one = get("/api/rooms/s/games/" + std::to_string(g.game_no) +
                   "/record?format=" + std::string(formats.front()));
    ASSERT_EQ(one.status, 200u);
    // Stored: the record's bytes follow its name in the local header.
    EXPECT_NE(reply.body.find(name + one.body), std::string::npos) << name;
  }
}

TEST_F(SeriesDownload, RangesCapsAndRefusals) {
  store_series_test_room(store_, "s");
  // A range of games by number; its file name says which.
  auto first = get("/api/rooms/s/records.pgn?from=1&limit=1");
  ASSERT_EQ(first.status, 200u);
  EXPECT_EQ(first.content_disposition, "attachment; filename=\"banmen-s-records-1-1.pgn\"");
  EXPECT_EQ(first.body.find("[Event "), 0u);
  EXPECT_EQ(first.body.find("[Event ", 1), std::string::npos);
  EXPECT_TRUE(first.cacheable);  // game 1 is over: this file never changes
  auto none = get("/api/rooms/s/records.pgn?from=900");
  ASSERT_EQ(none.status, 200u);
  EXPECT_EQ(none.body, "");
  EXPECT_EQ(get("/api/rooms/s/records.zip?from=900").body.size(), 22u);  // an empty zip

  for (const char* bad : {"?limit=0", "?limit=201", "?from=0", "?from=-1", "?from=x",
                          "?from=99999999999999999999", "?token=bad%20token"})
    EXPECT_EQ(get(std::string("/api/rooms/s/records.zip") + bad).status, 400u) << bad;
  EXPECT_EQ(get("/api/rooms/s/records.pgn?token=someone-else").status, 403u);
  EXPECT_EQ(get("/api/rooms/s/records.pgn", "Bearer someone-else").status, 403u);
  EXPECT_EQ(get("/api/rooms/s/records.pgn?token=host-token").status, 200u);
  EXPECT_EQ(get("/api/rooms/nobody/records.pgn").status, 404u);
  EXPECT_EQ(get("/api/rooms/s/records.tar").status, 404u);
}

TEST_F(SeriesDownload, ALongSeriesComesInFilesOfAtMost200Games) {
  // 205 short reversi games, all finished.
  ASSERT_TRUE(store_.write(StoredRoomInfo{"long", R"({"game":"reversi"})", 1}).ok());
  for (int n = 1; n <= 205; ++n) {
    ASSERT_TRUE(store_.write(StoredGameStart{"long", n, "reversi", "{}", "", {0, 1}, 1}).ok());
    StoredMove m;
    m.room_id = "long";
    m.game_no = n;
    m.ply = 1;
    m.move = "d3";
    ASSERT_TRUE(store_.write(m).ok());
    ASSERT_TRUE(store_.write(StoredFinish{"long", n, {"win", 0, "resignation"}, 2}).ok());
  }
  auto whole = get("/api/rooms/long/records.zip");
  ASSERT_EQ(whole.status, 200u);
  EXPECT_NE(whole.body.find("game-200-reversi.txt"), std::string::npos);
  EXPECT_EQ(whole.body.find("game-201-reversi.txt"), std::string::npos);
  EXPECT_TRUE(whole.cacheable);
  auto rest = get("/api/rooms/long/records.zip?from=201");
  EXPECT_NE(rest.body.find("game-205-reversi.txt"), std::string::npos);
  EXPECT_FALSE(rest.cacheable);  // games 206.. may still come

  // The listing points at the page's games once one file cannot hold the series.
  auto page = json::parse(get("/api/rooms/long/games?from=51&limit=50").body);
  EXPECT_EQ(page["series_records"]["zip"], "/api/rooms/long/records.zip?from=51&limit=50");
  EXPECT_TRUE(page["series_records"]["pgn"].is_null());  // reversi has no PGN
}

TEST_F(SeriesDownload, TheListingNamesTheSeriesDownloads) {
  store_series_test_room(store_, "s");
  auto listing = json::parse(get("/api/rooms/s/games").body);
  EXPECT_EQ(listing["series_records"],
            json({{"pgn", "/api/rooms/s/records.pgn"}, {"zip", "/api/rooms/s/records.zip"}}));
}

}  // namespace
}  // namespace banmen::server

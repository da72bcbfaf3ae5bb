// A database written by the first schema version (and by each later one) is brought up to
// the current version at start, keeping every room, seat, game and move it held.
#include <gtest/gtest.h>

#include "storage/sqlite_db.h"
#include "storage/sqlite_migrations.h"
#include "storage/sqlite_store.h"
#include "temp_dir.h"

namespace banmen::server {
namespace {

// Rows as a server of schema version 1 wrote them: an unfinished game of two moves in room
// "old", and a finished one in room "done".
constexpr const char* kVersion1Rows = R"sql(
INSERT INTO rooms VALUES ('old', '{"game":"shogi"}', 100), ('done', '{"game":"chess"}', 50);
INSERT INTO players VALUES ('old', 0, 'Sente', 'h0'), ('old', 1, 'Gote', 'h1');
INSERT INTO games VALUES ('old', 1, 'shogi', '{}', 'startpos', 0, 1, 110, NULL, NULL, NULL, NULL);
INSERT INTO moves VALUES ('old', 1, 1, '7g7f', 59000, 60000, 0, 0, 120),
                         ('old', 1, 2, '3c3d', 59000, 58500, 0, 0, 130);
INSERT INTO games VALUES ('done', 1, 'chess', '{}', 'startpos', 1, 0, 60, 'draw', -1,
                          'agreement', 70);
)sql";

Result<std::unique_ptr<sqlite::Connection>> at_version(const std::string& path, int version) {
  auto c = sqlite::Connection::open(path, true);
  if (!c) return c;
  if (auto r = sqlite::migrate(**c, version); !r) return r.error();
  return c;
}

TEST(Migrations, FromTheFirstVersionToTheCurrentOne) {
  test::TempDir dir;
  const auto path = dir.file("v1.db");
  {
    auto c = at_version(path, 1);
    ASSERT_TRUE(c.ok()) << c.error().message;
    auto v = sqlite::schema_version(**c);
    ASSERT_TRUE(v.ok());
    ASSERT_EQ(*v, 1);
    ASSERT_TRUE((*c)->exec(kVersion1Rows).ok());
  }
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok()) << s.error().message;
  {
    auto c = sqlite::Connection::open(path, false);
    ASSERT_TRUE(c.ok());
    auto v = sqlite::schema_version(**c);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, sqlite::current_schema_version());
  }
  auto rooms = (*s)->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  const auto& old = rooms->front();
  EXPECT_EQ(old.info.room_id, "old");
  EXPECT_EQ(old.players.size(), 2u);
  ASSERT_EQ(old.moves.size(), 2u);
  EXPECT_EQ(old.moves[1].move, "3c3d");
  EXPECT_EQ(old.moves[1].remaining_ms[1], 58500);
  EXPECT_EQ(old.moves[1].used_ms, 0);        // unknown before version 3
  EXPECT_FALSE(old.moves[1].in_byoyomi[1]);  // main time before version 4
  EXPECT_TRUE(old.chat.empty());

  // The old game goes on, with the columns of later versions.
  StoredMove m{"old", 1, 3, "2g2f", {57000, 58500}, {0, 0}, 140, 2000, {false, true}};
  ASSERT_TRUE((*s)->write(m).ok());
  auto after = (*s)->load_game("old", 1);
  ASSERT_TRUE(after.ok());
  ASSERT_EQ(after->moves.size(), 3u);
  EXPECT_TRUE(after->moves[2].in_byoyomi[1]);
  ASSERT_TRUE((*s)->write(StoredChat{"old", 1, "Gote", "players", "hi", 141}).ok());
  ASSERT_TRUE((*s)->write(StoredClose{"old", 150}).ok());

  auto done = (*s)->list_games("done");
  ASSERT_TRUE(done.ok());
  ASSERT_EQ(done->games.size(), 1u);
  EXPECT_TRUE(done->games[0].finished);
  EXPECT_EQ(done->games[0].outcome.kind, "draw");
  EXPECT_EQ(done->games[0].outcome.reason, "agreement");
}

// A database of version 4 (before rooms lasted) gets each room's last activity from what it
// holds, so the retention job neither closes a room played yesterday nor spares a room
// abandoned long ago; its finished rooms open again.
TEST(Migrations, RoomsFromBeforeVersion5GetTheirLastActivity) {
  test::TempDir dir;
  const auto path = dir.file("v4.db");
  {
    auto c = at_version(path, 1);
    ASSERT_TRUE(c.ok()) << c.error().message;
    ASSERT_TRUE((*c)->exec(kVersion1Rows).ok());
    ASSERT_TRUE(sqlite::migrate(**c, 4).ok());
    ASSERT_TRUE((*c)->exec("INSERT INTO rooms (room_id, options_json, created_ms) "
                           "VALUES ('talk', '{}', 10);"
                           "INSERT INTO players VALUES ('talk', 0, 'A', 'h');"
                           "INSERT INTO chat (room_id, player, name, channel, text, server_ms) "
                           "VALUES ('talk', 0, 'A', 'players', 'hi', 400);")
                    .ok());
  }
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok()) << s.error().message;
  // done: finished at 70; old: started at 110, last move 130; talk: chat at 400.
  auto closed = (*s)->close_idle_rooms(120, 1000, 10);
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  EXPECT_EQ(*closed, std::vector<std::string>{"done"});
  closed = (*s)->close_idle_rooms(131, 1000, 10);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(*closed, std::vector<std::string>{"old"});
  auto talk = (*s)->load_room("talk");
  ASSERT_TRUE(talk.ok());
  EXPECT_EQ(talk->chat.size(), 1u);
  // A review can be stored for an old game.
  EXPECT_TRUE((*s)->write(StoredReview{"done", 1, "tree", false, 1100}).ok());
}

TEST(Migrations, EveryIntermediateVersionUpgrades) {
  for (int from = 0; from <= sqlite::current_schema_version(); ++from) {
    test::TempDir dir;
    const auto path = dir.file("v.db");
    {
      auto c = at_version(path, from);
      ASSERT_TRUE(c.ok()) << "from " << from;
    }
    auto s = SqliteStore::open({path});
    ASSERT_TRUE(s.ok()) << "from " << from << ": " << s.error().message;
    ASSERT_TRUE((*s)->write(StoredRoomInfo{"r", "{}", 1}).ok());
    ASSERT_TRUE((*s)->write(StoredChat{"r", -1, "x", "spectators", "t", 2}).ok());
    ASSERT_TRUE((*s)->write(StoredSeat{"r", {0, "x", "h", 1, 3}}).ok());
  }
}

TEST(Migrations, OpeningTwiceChangesNothing) {
  test::TempDir dir;
  const auto path = dir.file("twice.db");
  { ASSERT_TRUE(SqliteStore::open({path}).ok()); }
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok()) << s.error().message;
}

}  // namespace
}  // namespace banmen::server

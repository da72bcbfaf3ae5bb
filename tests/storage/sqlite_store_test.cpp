// What only the SQLite store promises: the file survives the process, it is in WAL mode,
// a full disk refuses writes without corrupting what was there, and a database from a
// newer server is refused untouched.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "storage/sqlite_db.h"
#include "storage/sqlite_migrations.h"
#include "storage/sqlite_store.h"
#include "temp_dir.h"

namespace banmen::server {
namespace {

StoredMove a_move(int ply) {
  StoredMove m;
  m.room_id = "r";
  m.game_no = 1;
  m.ply = ply;
  m.move = "m";
  m.move += std::to_string(ply);  // (not "m" + ...: GCC 12 warns falsely on that)
  m.remaining_ms[0] = 1000 * ply;
  m.remaining_ms[1] = 2000 * ply;
  return m;
}

void seed(Store& s) {
  ASSERT_TRUE(s.write(StoredRoomInfo{"r", "{}", 1}).ok());
  ASSERT_TRUE(s.write(StoredSeat{"r", {0, "A", "hash-a"}}).ok());
  ASSERT_TRUE(s.write(StoredGameStart{"r", 1, "reversi", "{}", "start", {0, 1}, 2}).ok());
}

TEST(SqliteStore, CreatesTheFileAndReopensWithEverything) {
  test::TempDir dir;
  const auto path = dir.file("sub-does-not-matter.db");
  {
    auto s = SqliteStore::open({path});
    ASSERT_TRUE(s.ok()) << s.error().message;
    seed(**s);
    for (int ply = 1; ply <= 50; ++ply) ASSERT_TRUE((*s)->write(a_move(ply)).ok());
  }
  EXPECT_TRUE(std::filesystem::exists(path));
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok());
  auto rooms = (*s)->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  ASSERT_EQ(rooms->front().moves.size(), 50u);
  EXPECT_EQ(rooms->front().moves[49].remaining_ms[1], 100000);
  // The next move continues the sequence after a reopen.
  EXPECT_TRUE((*s)->write(a_move(51)).ok());
}

TEST(SqliteStore, UsesWalAndTheCurrentSchema) {
  test::TempDir dir;
  const auto path = dir.file("b.db");
  { ASSERT_TRUE(SqliteStore::open({path}).ok()); }
  auto c = sqlite::Connection::open(path, false);
  ASSERT_TRUE(c.ok());
  auto st = (*c)->cached("PRAGMA journal_mode");
  ASSERT_TRUE(st.ok());
  ASSERT_TRUE((*st)->step().ok());
  EXPECT_EQ((*st)->text(0), "wal");
  (*st)->reset();
  auto v = sqlite::schema_version(**c);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, sqlite::current_schema_version());
}

TEST(SqliteStore, RefusesADatabaseFromANewerServer) {
  test::TempDir dir;
  const auto path = dir.file("newer.db");
  { ASSERT_TRUE(SqliteStore::open({path}).ok()); }
  const int newer = sqlite::current_schema_version() + 1;
  {
    auto c = sqlite::Connection::open(path, false);
    ASSERT_TRUE(c.ok());
    ASSERT_TRUE((*c)->exec("PRAGMA user_version = " + std::to_string(newer)).ok());
  }
  auto s = SqliteStore::open({path});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, storage_error);
  EXPECT_NE(s.error().message.find("newer banmen-server"), std::string::npos) << s.error().message;
  auto c = sqlite::Connection::open(path, false);
  ASSERT_TRUE(c.ok());
  auto v = sqlite::schema_version(**c);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, newer);  // untouched
}

TEST(SqliteStore, AFullDiskRefusesMovesAndKeepsWhatWasStored) {
  test::TempDir dir;
  const auto path = dir.file("full.db");
  SqliteOptions opts{path};
  opts.max_bytes = 96 * 1024;  // a few pages past the schema: fills after some hundreds of moves
  auto s = SqliteStore::open(opts);
  ASSERT_TRUE(s.ok()) << s.error().message;
  seed(**s);
  int stored = 0;
  Error last;
  for (int ply = 1; ply <= 100000; ++ply) {
    auto m = a_move(ply);
    m.move.append(200, 'x');  // fill faster
    auto r = (*s)->write(m);
    if (!r) {
      last = r.error();
      break;
    }
    stored = ply;
  }
  ASSERT_GT(stored, 0);
  ASSERT_LT(stored, 100000) << "the size limit never applied";
  EXPECT_EQ(last.code, storage_error);
  EXPECT_NE(last.message.find("full"), std::string::npos) << last.message;
  // Still refused on retry, and every stored move is intact after reopening.
  auto retry = a_move(stored + 1);
  retry.move.append(200, 'x');
  EXPECT_FALSE((*s)->write(retry).ok());
  s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok());
  auto g = (*s)->load_game("r", 1);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->plies, stored);
  ASSERT_EQ(static_cast<int>(g->moves.size()), stored);
  // With room again (no limit) the game goes on from where it stopped.
  EXPECT_TRUE((*s)->write(a_move(stored + 1)).ok());
}

TEST(SqliteStore, CheckpointsCopyTheLogIntoTheDatabaseWhileItIsOpen) {
  test::TempDir dir;
  const auto path = dir.file("ckpt.db");
  SqliteOptions opts{path};
  opts.synchronous_full = false;  // the same checkpoints, without an fsync per move
  opts.checkpoint_pages = 1000;
  auto s = SqliteStore::open(opts);
  ASSERT_TRUE(s.ok());
  seed(**s);
  const auto before = std::filesystem::file_size(path);
  // About 6 MiB of log: past the 1000-page threshold. The writer's own automatic
  // checkpoint is off, so only the checkpointer's connection can grow the database file.
  for (int ply = 1; ply <= 1500; ++ply) {
    StoredMove m;
    m.room_id = "r";
    m.game_no = 1;
    m.ply = ply;
    m.move.assign(4000, 'x');
    ASSERT_TRUE((*s)->write(m).ok());
  }
  auto grown = before;
  for (int i = 0; i < 100 && grown < before + 4 * 1024 * 1024; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    grown = std::filesystem::file_size(path);
  }
  EXPECT_GE(grown, before + 4 * 1024 * 1024) << "the log was never checkpointed";
}

TEST(SqliteStore, NormalSynchronousModeAlsoWorks) {
  test::TempDir dir;
  SqliteOptions opts{dir.file("n.db")};
  opts.synchronous_full = false;
  auto s = SqliteStore::open(opts);
  ASSERT_TRUE(s.ok());
  seed(**s);
  EXPECT_TRUE((*s)->write(a_move(1)).ok());
}

TEST(SqliteStore, AnUnwritableLocationIsAClearError) {
  auto s = SqliteStore::open({"/proc/banmen-cannot-create-this/x.db"});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, storage_error);
  EXPECT_NE(s.error().message.find("opening"), std::string::npos) << s.error().message;
}

}  // namespace
}  // namespace banmen::server

// What the PostgreSQL store promises beyond the Store contract: group commit over many
// rooms, a write that fails with an error leaves the rest of its batch stored (savepoints),
// the schema is created, kept on reopen and refused untouched when newer than the binary.
// On a real temporary cluster (pg_cluster.h).
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "pg_cluster.h"
#include "storage/pg_migrations.h"
#include "storage/pg_store.h"
#include "store_test_rows.h"

namespace banmen::server {
namespace {

using test_rows::Answer;
using test_rows::move_of;
using test_rows::named;

class PgStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cluster_ = test::PgCluster::shared();
    ASSERT_NE(cluster_, nullptr) << test::PgCluster::shared_error();
    ASSERT_EQ(cluster_->reset_database(), "");
  }
  std::unique_ptr<PgStore> open() {
    auto s = PgStore::open({cluster_->url()});
    EXPECT_TRUE(s.ok()) << s.error().message;
    return s ? std::move(s.value()) : nullptr;
  }
  void seed_room(Store& s, const std::string& room) {
    ASSERT_TRUE(s.write(StoredRoomInfo{room, "{}", 1}).ok());
    ASSERT_TRUE(s.write(StoredGameStart{room, 1, "reversi", "{}", "start", {0, 1}, 2}).ok());
  }
  test::PgCluster* cluster_ = nullptr;
};

TEST_F(PgStoreTest, ManyRoomsShareTransactionsAndEveryMoveIsStored) {
  constexpr int kRooms = 40, kPlies = 25, kThreads = 8;
  {
    auto s = open();
    ASSERT_TRUE(s);
    for (int r = 0; r < kRooms; ++r) seed_room(*s, named("room", r));
    const auto seeded = s->stats();
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        std::vector<Answer> answers(kRooms / kThreads);
        for (int ply = 1; ply <= kPlies; ++ply) {
          for (int i = 0; i < kRooms / kThreads; ++i)
            s->submit(move_of(named("room", t + i * kThreads), ply), answers[i].callback());
          for (auto& a : answers)
            if (!a.wait()) failures++;
        }
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(failures.load(), 0);
    const auto stats = s->stats();
    EXPECT_EQ(stats.writes - seeded.writes, static_cast<std::uint64_t>(kRooms * kPlies));
    EXPECT_LT(stats.transactions - seeded.transactions, stats.writes - seeded.writes)
        << "no two moves ever shared a commit";
    EXPECT_TRUE(stats.last_commit_ok);
  }
  // Everything is there, in order, for a store opened afresh.
  auto s = open();
  ASSERT_TRUE(s);
  for (int r = 0; r < kRooms; ++r) {
    auto g = s->load_game(named("room", r), 1);
    ASSERT_TRUE(g.ok());
    ASSERT_EQ(static_cast<int>(g->moves.size()), kPlies);
    for (int ply = 1; ply <= kPlies; ++ply) EXPECT_EQ(g->moves[ply - 1].move, named("p", ply));
  }
}

// One batch made certain: the committer's first write waits on a lock another session
// holds while the next writes queue behind it, so they all go out in the next batch.
TEST_F(PgStoreTest, AWriteThatFailsLeavesTheRestOfItsBatchStored) {
  auto s = open();
  ASSERT_TRUE(s);
  seed_room(*s, "a");
  seed_room(*s, "b");
  PGconn* blocker = PQconnectdb(cluster_->url().c_str());
  ASSERT_EQ(PQstatus(blocker), CONNECTION_OK);
  PQclear(PQexec(blocker, "BEGIN; LOCK TABLE chat IN ACCESS EXCLUSIVE MODE"));
  Answer chat;
  s->submit(StoredChat{"a", 0, "A", "players", "hi", 3}, chat.callback());
  // Until the committer has really taken the chat line (it then waits on the lock).
  for (int i = 0; i < 500; ++i) {
    PGresult* r = PQexec(blocker,
                         "SELECT count(*) FROM pg_locks WHERE NOT granted AND "
                         "relation = 'chat'::regclass");
    const bool waiting = PQntuples(r) == 1 && std::string(PQgetvalue(r, 0, 0)) != "0";
    PQclear(r);
    if (waiting) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const auto before = s->stats();
  std::vector<StoreWrite> batch = {
      move_of("a", 1),
      StoredRoomInfo{"a", "{}", 9},  // the room exists: a unique violation, an error
      move_of("b", 1),
      move_of("b", 3),                       // out of order: refused, no error
      StoredSeat{"nowhere", {0, "X", "h"}},  // no such room: a foreign-key error
      move_of("a", 2),
  };
  std::vector<Answer> answers(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) s->submit(batch[i], answers[i].callback());
  PQclear(PQexec(blocker, "COMMIT"));
  PQfinish(blocker);
  EXPECT_TRUE(chat.wait().ok());
  const bool expected[] = {true, false, true, false, false, true};
  for (std::size_t i = 0; i < batch.size(); ++i) {
    auto r = answers[i].wait();
    EXPECT_EQ(r.ok(), expected[i]) << "write " << i;
    if (!r.ok()) {
      EXPECT_EQ(r.error().code, storage_error);
    }
  }
  EXPECT_EQ(s->stats().transactions - before.transactions, 2u) << "the writes were not one batch";
  EXPECT_EQ(s->load_game("a", 1)->moves.size(), 2u);
  EXPECT_EQ(s->load_game("b", 1)->moves.size(), 1u);
  EXPECT_EQ(s->list_games("a")->info.created_ms, 1);
}

// As a move (the Store contract), a game's start and its result whose answer was lost are
// taken as the same write when sent again; another start or result is still refused.
TEST_F(PgStoreTest, AGameStartOrResultSentAgainIsTakenOnce) {
  auto s = open();
  ASSERT_TRUE(s);
  seed_room(*s, "r1");
  EXPECT_TRUE(s->write(StoredGameStart{"r1", 1, "reversi", "{}", "start", {0, 1}, 5}).ok());
  EXPECT_FALSE(s->write(StoredGameStart{"r1", 1, "chess", "{}", "start", {0, 1}, 5}).ok());
  EXPECT_FALSE(s->write(StoredGameStart{"r1", 1, "reversi", "{}", "start", {1, 0}, 5}).ok());
  const StoredFinish won{"r1", 1, {"win", 0, "resignation"}, 900};
  ASSERT_TRUE(s->write(won).ok());
  auto again = won;
  again.server_ms = 950;
  EXPECT_TRUE(s->write(again).ok());
  EXPECT_FALSE(s->write(StoredFinish{"r1", 1, {"win", 1, "timeout"}, 990}).ok());
  EXPECT_FALSE(s->write(StoredGameStart{"r1", 1, "reversi", "{}", "start", {0, 1}, 5}).ok());
  auto room = s->load_room("r1");
  ASSERT_TRUE(room.ok());
  EXPECT_TRUE(room->finished);
  EXPECT_EQ(room->finished_ms, 900);  // the first answer's time stays
  EXPECT_EQ(room->outcome.winner, 0);
}

namespace {
// submit()'s answer, waited for at most `timeout`: nullopt if none came.
std::optional<Result<void>> submit_and_wait(Store& s, StoreWrite w, std::chrono::seconds timeout) {
  auto promise = std::make_shared<std::promise<Result<void>>>();
  auto answer = promise->get_future();
  s.submit(std::move(w), [promise](Result<void> r) { promise->set_value(std::move(r)); });
  if (answer.wait_for(timeout) != std::future_status::ready) return std::nullopt;
  return answer.get();
}

// Tries `attempt` every 50 ms until it succeeds, at most `timeout`.
template <class Attempt>
bool eventually(Attempt attempt, std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (attempt()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// A store that may own rooms (server s1), giving up on PostgreSQL after a second, for the
// outage tests below.
PgOptions owner_options(const std::string& url) {
  PgOptions options{url};
  options.server_id = "s1";
  options.timeout = std::chrono::milliseconds(1000);
  return options;
}
}  // namespace

// PostgreSQL killed and started again under an open store that owns rooms: meanwhile every
// call fails with an error at once (none hangs); afterwards every connection (writer,
// reader, leases) works again without reopening the store. The lease connection used to be
// opened once and never made again, so leases failed for ever after such a restart.
TEST_F(PgStoreTest, EveryConnectionRecoversAfterPostgresRestarts) {
  auto opened = PgStore::open(owner_options(cluster_->url()));
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  auto& s = **opened;
  ASSERT_TRUE(s.acquire("r1").ok());
  seed_room(s, "r1");
  ASSERT_TRUE(s.write(move_of("r1", 1)).ok());

  std::string why;
  ASSERT_TRUE(cluster_->kill_now(why)) << why;
  auto down = submit_and_wait(s, move_of("r1", 2), std::chrono::seconds(60));
  ASSERT_TRUE(down.has_value()) << "a write hung while PostgreSQL was down";
  EXPECT_FALSE(down->ok());
  EXPECT_FALSE(s.renew_leases().ok());
  EXPECT_FALSE(s.acquire("r2").ok());
  EXPECT_FALSE(s.load_room("r1").ok());
  EXPECT_FALSE(s.stats().last_commit_ok);
  ASSERT_TRUE(cluster_->start_again(why)) << why;

  // Back: each connection is made again at its next use (after the back-off at most).
  EXPECT_TRUE(eventually([&] { return s.write(move_of("r1", 2)).ok(); }, std::chrono::seconds(30)));
  EXPECT_TRUE(eventually([&] { return s.renew_leases().ok(); }, std::chrono::seconds(30)));
  EXPECT_TRUE(eventually([&] { return s.acquire("r2").ok(); }, std::chrono::seconds(30)));
  EXPECT_TRUE(eventually([&] { return s.load_room("r1").ok(); }, std::chrono::seconds(30)));
  EXPECT_TRUE(s.stats().last_commit_ok);
  auto room = s.load_room("r1");
  ASSERT_TRUE(room.ok());
  EXPECT_EQ(room->moves.size(), 2u);
}

// A server holding no room still learns from its lease renewals that PostgreSQL is away
// (and /readyz says so): it could take no room either. Renewing nothing used to answer ok
// without asking PostgreSQL, so an idle server said ready through the whole outage.
TEST_F(PgStoreTest, RenewingNoLeaseStillNoticesPostgresAway) {
  auto opened = PgStore::open(owner_options(cluster_->url()));
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  auto& s = **opened;
  ASSERT_TRUE(s.renew_leases().ok());

  std::string why;
  ASSERT_TRUE(cluster_->kill_now(why)) << why;
  EXPECT_FALSE(s.renew_leases().ok());
  ASSERT_TRUE(cluster_->start_again(why)) << why;
  EXPECT_TRUE(eventually([&] { return s.renew_leases().ok(); }, std::chrono::seconds(30)));
}

// A frozen PostgreSQL (every process stopped: connections open, nothing answers): the
// pending write shows in oldest_wait_ms (what /readyz reads) and is answered storage_error
// once the timeout has passed, not never; after the thaw, writes go through again.
TEST_F(PgStoreTest, AFrozenServerIsGivenUpOnAndWritesResumeAfterTheThaw) {
  PgOptions options{cluster_->url()};
  options.timeout = std::chrono::milliseconds(500);
  auto opened = PgStore::open(options);
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  auto& s = **opened;
  seed_room(s, "r1");
  std::string why;
  ASSERT_TRUE(cluster_->freeze(true, why)) << why;
  struct Thaw {
    test::PgCluster* c;
    ~Thaw() {
      std::string ignored;
      c->freeze(false, ignored);
    }
  } thaw{cluster_};
  auto promise = std::make_shared<std::promise<Result<void>>>();
  auto answer = promise->get_future();
  s.submit(move_of("r1", 1), [promise](Result<void> r) { promise->set_value(std::move(r)); });
  EXPECT_TRUE(eventually([&] { return s.stats().oldest_wait_ms > 200; }, std::chrono::seconds(30)));
  ASSERT_EQ(answer.wait_for(std::chrono::seconds(60)), std::future_status::ready)
      << "a write waited for a frozen PostgreSQL without end";
  EXPECT_FALSE(answer.get().ok());
  ASSERT_TRUE(cluster_->freeze(false, why)) << why;
  // The move may have been committed after all (the frozen backend had it): either it is
  // stored, or it goes in now; sent again, it is taken as the same move.
  EXPECT_TRUE(eventually([&] { return s.write(move_of("r1", 1)).ok(); }, std::chrono::seconds(30)));
  EXPECT_EQ(s.stats().oldest_wait_ms, 0);
  auto room = s.load_room("r1");
  ASSERT_TRUE(room.ok());
  EXPECT_EQ(room->moves.size(), 1u);
}

TEST_F(PgStoreTest, SchemaIsCreatedOnceAndANewerOneIsRefusedUntouched) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    seed_room(*s, "kept");
  }
  auto conn = pg::Connection::open(cluster_->url());
  ASSERT_TRUE(conn.ok());
  auto v = pg::schema_version(**conn);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, pg::current_schema_version());
  // Opening again migrates nothing and keeps the data.
  {
    auto s = open();
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->list_games("kept").ok());
  }
  ASSERT_TRUE((*conn)
                  ->exec("UPDATE banmen_schema SET version = " +
                         std::to_string(pg::current_schema_version() + 1))
                  .ok());
  auto refused = PgStore::open({cluster_->url()});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("newer banmen-server"), std::string::npos)
      << refused.error().message;
  auto still = (*conn)->query("SELECT count(*) FROM rooms");
  ASSERT_TRUE(still.ok());
  EXPECT_EQ(pg::Row(still->get(), 0).int64(0), 1);
}

TEST_F(PgStoreTest, AnUnreachableServerIsAClearError) {
  auto s = PgStore::open({"postgresql://banmen@127.0.0.1:1/banmen?connect_timeout=2"});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("cannot connect to PostgreSQL"), std::string::npos)
      << s.error().message;
}

// A database of schema version 2 (before rooms lasted) gets each room's last activity from
// what it holds, and takes reviews.
TEST_F(PgStoreTest, RoomsFromBeforeVersion3GetTheirLastActivity) {
  {
    auto conn = pg::Connection::open(cluster_->url());
    ASSERT_TRUE(conn.ok());
    ASSERT_TRUE(pg::migrate(**conn, 2).ok());
    ASSERT_TRUE((*conn)
                    ->exec("INSERT INTO rooms (room_id, options_json, created_ms) VALUES "
                           "('done', '{}', 50), ('old', '{}', 100);"
                           "INSERT INTO games VALUES ('done', 1, 'chess', '{}', 'startpos', 0, 1, "
                           "60, 'draw', -1, 'agreement', 70);"
                           "INSERT INTO games VALUES ('old', 1, 'chess', '{}', 'startpos', 0, 1, "
                           "110, NULL, NULL, NULL, NULL);"
                           "INSERT INTO moves (room_id, game_no, ply, move, remaining0, "
                           "remaining1, periods0, periods1, server_ms) VALUES "
                           "('old', 1, 1, 'e2e4', 0, 0, 0, 0, 130)")
                    .ok());
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto closed = s->close_idle_rooms(120, 1000, 10);
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  EXPECT_EQ(*closed, std::vector<std::string>{"done"});
  closed = s->close_idle_rooms(131, 1000, 10);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(*closed, std::vector<std::string>{"old"});
  EXPECT_TRUE(s->write(StoredReview{"done", 1, "tree", false, 1100}).ok());
}

// A database numbered by PostgreSQL's own steps, from before the two stores shared one
// numbering (its banmen_schema has no `shared` column), opens at each of those versions:
// it is read in the shared numbering, upgraded to the current schema, and keeps its rooms.
TEST_F(PgStoreTest, ADatabaseInTheOldNumberingIsUpgraded) {
  struct Old {
    int own_version;  // what banmen_schema said
    int shared;       // the shared step that holds the same schema
    bool owners;      // whether it had room ownership (its own step 2) already
  };
  for (const Old old :
       {Old{1, 4, false}, Old{2, 4, true}, Old{3, 5, true}, Old{4, 7, true}, Old{5, 8, true}}) {
    SCOPED_TRACE("version " + std::to_string(old.own_version));
    ASSERT_EQ(cluster_->reset_database(), "");
    {
      auto conn = pg::Connection::open(cluster_->url());
      ASSERT_TRUE(conn.ok());
      ASSERT_TRUE(pg::migrate(**conn, old.shared).ok());
      // Ownership came second in the old numbering, before the steps now numbered 5 and 6.
      if (old.owners && old.shared < 7) {
        ASSERT_TRUE((*conn)
                        ->exec("CREATE TABLE room_owners (room_id TEXT PRIMARY KEY, owner TEXT "
                               "NOT NULL, epoch BIGINT NOT NULL, lease_until TIMESTAMPTZ NOT "
                               "NULL); CREATE FUNCTION banmen_fence(p_room TEXT, p_owner TEXT, "
                               "p_epoch BIGINT) RETURNS void LANGUAGE sql AS 'SELECT NULL::void'")
                        .ok());
      }
      ASSERT_TRUE((*conn)
                      ->exec("ALTER TABLE banmen_schema DROP COLUMN shared; "
                             "UPDATE banmen_schema SET version = " +
                             std::to_string(old.own_version) +
                             "; INSERT INTO rooms (room_id, options_json, created_ms) "
                             "VALUES ('old', '{}', 5)")
                      .ok());
      auto read = pg::schema_version(**conn);
      ASSERT_TRUE(read.ok());
      EXPECT_EQ(*read, old.shared);
    }
    auto s = open();
    ASSERT_TRUE(s);
    auto conn = pg::Connection::open(cluster_->url());
    ASSERT_TRUE(conn.ok());
    EXPECT_EQ(*pg::schema_version(**conn), pg::current_schema_version());
    EXPECT_TRUE(s->list_games("old").ok());
    // The schema is whole: the steps after the old version ran (reviews, the computer's
    // seats, the handover's columns).
    seed_room(*s, "new");
    EXPECT_TRUE(s->write(StoredReview{"new", 1, "tree", false, 3}).ok());
    auto handover = (*conn)->query("SELECT count(wanted_by) FROM room_owners");
    EXPECT_TRUE(handover.ok());
    auto computer = (*conn)->query("SELECT max(computer_level) FROM players");
    EXPECT_TRUE(computer.ok());
  }
}

}  // namespace
}  // namespace banmen::server

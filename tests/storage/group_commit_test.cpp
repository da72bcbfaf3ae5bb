// SqliteStore's group commit: moves of many rooms share transactions, each caller hears
// its own move's fate, a refused move leaves the rest of its batch alone, and a failing
// disk refuses every move of the batch it hits.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/sqlite_store.h"
#include "store_test_rows.h"
#include "temp_dir.h"

namespace banmen::server {
namespace {

using test_rows::Answer;
using test_rows::move_of;
using test_rows::named;

void seed_room(Store& s, const std::string& room) {
  ASSERT_TRUE(s.write(StoredRoomInfo{room, "{}", 1}).ok());
  ASSERT_TRUE(s.write(StoredGameStart{room, 1, "reversi", "{}", "start", {0, 1}, 2}).ok());
}

TEST(GroupCommit, ManyRoomsShareTransactionsAndEveryMoveIsStored) {
  test::TempDir dir;
  const auto path = dir.file("group.db");
  constexpr int kRooms = 40, kPlies = 25, kThreads = 8;
  {
    auto s = SqliteStore::open({path});
    ASSERT_TRUE(s.ok()) << s.error().message;
    for (int r = 0; r < kRooms; ++r) seed_room(**s, named("room", r));
    const auto seeded = (*s)->stats();  // the seeding writes went through the queue too
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    // Each thread plays its rooms in turns, one move in flight per room, like the server.
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        std::vector<Answer> answers(kRooms / kThreads);
        for (int ply = 1; ply <= kPlies; ++ply) {
          for (int i = 0; i < kRooms / kThreads; ++i)
            (*s)->submit(move_of(named("room", t + i * kThreads), ply), answers[i].callback());
          for (auto& a : answers)
            if (!a.wait()) failures++;
        }
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(failures.load(), 0);
    const auto stats = (*s)->stats();
    EXPECT_EQ(stats.writes - seeded.writes, static_cast<std::uint64_t>(kRooms * kPlies));
    EXPECT_LT(stats.transactions - seeded.transactions, stats.writes - seeded.writes)
        << "no two moves ever shared a commit";
    // Every commit and every write was timed; a write waits at least its own commit.
    EXPECT_EQ(stats.commit_ms.count(), stats.transactions);
    EXPECT_EQ(stats.write_ms.count(), stats.writes);
    EXPECT_GE(stats.write_ms.sum_ms() / static_cast<double>(stats.writes),
              stats.commit_ms.sum_ms() / static_cast<double>(stats.transactions) * 0.5);
  }
  // Everything is on disk, in order, after the store is gone.
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok());
  for (int r = 0; r < kRooms; ++r) {
    auto g = (*s)->load_game(named("room", r), 1);
    ASSERT_TRUE(g.ok());
    ASSERT_EQ(static_cast<int>(g->moves.size()), kPlies);
    for (int ply = 1; ply <= kPlies; ++ply) EXPECT_EQ(g->moves[ply - 1].move, named("p", ply));
  }
}

TEST(GroupCommit, ARefusedMoveLeavesTheOthersOfItsBatch) {
  test::TempDir dir;
  auto s = SqliteStore::open({dir.file("refused.db")});
  ASSERT_TRUE(s.ok());
  seed_room(**s, "a");
  seed_room(**s, "b");
  Answer bad, good, next;
  (*s)->submit(move_of("a", 3), bad.callback());  // ply 3 before 1 and 2: out of order
  (*s)->submit(move_of("b", 1), good.callback());
  auto refused = bad.wait();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, storage_error);
  EXPECT_TRUE(good.wait().ok());
  (*s)->submit(move_of("a", 1), next.callback());
  EXPECT_TRUE(next.wait().ok());
  EXPECT_EQ((*s)->load_game("a", 1)->moves.size(), 1u);
  EXPECT_EQ((*s)->load_game("b", 1)->moves.size(), 1u);
}

TEST(GroupCommit, AFullDiskRefusesMovesAndKeepsWhatWasCommitted) {
  test::TempDir dir;
  const auto path = dir.file("full.db");
  SqliteOptions opts{path};
  opts.max_bytes = 96 * 1024;  // a few pages past the schema
  std::vector<int> stored(4, 0);
  {
    auto s = SqliteStore::open(opts);
    ASSERT_TRUE(s.ok());
    for (int r = 0; r < 4; ++r) seed_room(**s, named("r", r));
    std::vector<Answer> answers(4);
    bool full = false;
    for (int ply = 1; ply <= 10000 && !full; ++ply) {
      for (int r = 0; r < 4; ++r)
        (*s)->submit(move_of(named("r", r), ply, 200), answers[r].callback());
      for (int r = 0; r < 4; ++r) {
        auto got = answers[r].wait();
        if (got) {
          stored[r] = ply;
        } else {
          EXPECT_EQ(got.error().code, storage_error);
          full = true;
        }
      }
    }
    ASSERT_TRUE(full) << "the size limit never applied";
  }
  // Exactly the acknowledged moves are there after reopening.
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok());
  for (int r = 0; r < 4; ++r)
    EXPECT_EQ(static_cast<int>((*s)->load_game(named("r", r), 1)->moves.size()), stored[r]);
}

TEST(GroupCommit, WritesOfEveryKindCommitInTheOrderTheyWereSubmitted) {
  test::TempDir dir;
  const auto path = dir.file("order.db");
  auto s = SqliteStore::open({path});
  ASSERT_TRUE(s.ok());
  // A whole short game submitted without waiting: each write depends on the ones before.
  std::vector<StoreWrite> writes = {
      StoredRoomInfo{"o", "{}", 1},
      StoredSeat{"o", {0, "A", "ha"}},
      StoredSeat{"o", {1, "B", "hb"}},
      StoredGameStart{"o", 1, "reversi", "{}", "start", {0, 1}, 2},
      move_of("o", 1),
      move_of("o", 2),
      StoredTakeback{"o", 1, 1},
      move_of("o", 2),
      StoredChat{"o", 0, "A", "players", "gg", 3},
      StoredFinish{"o", 1, {"win", 0, "resignation"}, 4},
      move_of("o", 3),  // after the end: refused
      StoredClose{"o", 5},
  };
  std::vector<Answer> answers(writes.size());
  for (std::size_t i = 0; i < writes.size(); ++i) (*s)->submit(writes[i], answers[i].callback());
  for (std::size_t i = 0; i < writes.size(); ++i) {
    auto r = answers[i].wait();
    if (i == 10)
      EXPECT_FALSE(r.ok()) << "a move after the game's end was stored";
    else
      EXPECT_TRUE(r.ok()) << "write " << i << ": " << r.error().message;
  }
  auto series = (*s)->list_games("o");
  ASSERT_TRUE(series.ok());
  ASSERT_EQ(series->games.size(), 1u);
  EXPECT_TRUE(series->games[0].finished);
  EXPECT_EQ(series->games[0].plies, 2);
  EXPECT_EQ(series->players.size(), 2u);
  auto unfinished = (*s)->load_unfinished();
  ASSERT_TRUE(unfinished.ok());
  EXPECT_TRUE(unfinished->empty());  // closed
}

}  // namespace
}  // namespace banmen::server

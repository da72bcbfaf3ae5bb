// Room ownership on PostgreSQL: two stores on one database stand for two servers. A room
// is taken only when its lease has run out, the taker gets the next epoch, and from then on
// every write of the former owner is refused (fencing), while its writes for rooms it still
// holds commit in the same batches untouched.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "pg_cluster.h"
#include "storage/pg_migrations.h"
#include "storage/pg_store.h"
#include "store_test_rows.h"

namespace banmen::server {
namespace {

using test_rows::move_of;
using test_rows::named;

using namespace std::chrono_literals;

class PgLease : public ::testing::Test {
 protected:
  void SetUp() override {
    cluster_ = test::PgCluster::shared();
    ASSERT_NE(cluster_, nullptr) << test::PgCluster::shared_error();
    ASSERT_EQ(cluster_->reset_database(), "");
  }
  // The write's error message when it fails (for the assertion's output).
  static std::string refusal(Store& s, StoreWrite w) {
    auto r = s.write(std::move(w));
    return r ? "" : r.error().message;
  }
  std::unique_ptr<PgStore> server(const std::string& id, std::chrono::milliseconds lease) {
    PgOptions o{cluster_->url()};
    o.server_id = id;
    o.lease = lease;
    auto s = PgStore::open(o);
    EXPECT_TRUE(s.ok()) << s.error().message;
    return s ? std::move(s.value()) : nullptr;
  }
  // Waits past `lease` (bounded: the lease is short) so PostgreSQL's clock sees it expired.
  static void outlive(std::chrono::milliseconds lease) {
    std::this_thread::sleep_for(lease + 100ms);
  }
  test::PgCluster* cluster_ = nullptr;
};

TEST_F(PgLease, TheOwnerWhoseLeaseRanOutIsFencedOff) {
  constexpr auto kLease = 400ms;
  auto a = server("server-a", kLease);
  auto b = server("server-b", kLease);
  ASSERT_TRUE(a && b);

  auto first = a->acquire("r");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first->epoch, 1);
  ASSERT_EQ(refusal(*a, StoredRoomInfo{"r", "{}", 1}), "");
  ASSERT_EQ(refusal(*a, StoredGameStart{"r", 1, "chess", "{}", "start", {0, 1}, 2}), "");
  ASSERT_TRUE(a->write(move_of("r", 1)).ok());

  // B neither takes a held room nor writes to a room it does not hold.
  auto refused = b->acquire("r");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, lease_held);
  auto stray = b->write(move_of("r", 2));
  ASSERT_FALSE(stray.ok());
  EXPECT_EQ(stray.error().code, room_fenced);

  // A stops renewing (paused, cut off): once the lease has run out, B takes the room.
  outlive(kLease);
  auto taken = b->acquire("r");
  ASSERT_TRUE(taken.ok()) << taken.error().message;
  EXPECT_EQ(taken->epoch, 2);
  auto restored = b->load_unfinished();
  ASSERT_TRUE(restored.ok());
  ASSERT_EQ(restored->size(), 1u);
  EXPECT_EQ(restored->front().moves.size(), 1u);

  // A wakes up: its write is refused, its renewal says the room is lost.
  auto late = a->write(move_of("r", 2));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, room_fenced);
  auto renewed = a->renew("r");
  ASSERT_FALSE(renewed.ok());
  EXPECT_EQ(renewed.error().code, lease_lost);
  auto again = a->write(move_of("r", 2));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, room_fenced);

  // The new owner writes on; the record holds A's move before the takeover and B's after.
  ASSERT_TRUE(b->write(move_of("r", 2)).ok());
  auto game = b->load_game("r", 1);
  ASSERT_TRUE(game.ok());
  ASSERT_EQ(game->moves.size(), 2u);
}

TEST_F(PgLease, RenewedLeasesHoldAndAReleasedRoomIsFreeAtOnce) {
  constexpr auto kLease = 300ms;
  auto a = server("server-a", kLease);
  auto b = server("server-b", kLease);
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->acquire("r1").ok());
  ASSERT_TRUE(a->acquire("r2").ok());
  // Renewed well within the lease, three leases' worth of time: never free for B.
  for (int i = 0; i < 9; ++i) {
    std::this_thread::sleep_for(100ms);
    auto lost = a->renew_all();
    ASSERT_TRUE(lost.ok()) << lost.error().message;
    EXPECT_TRUE(lost->empty());
    EXPECT_EQ(b->acquire("r1").error().code, lease_held);
  }
  ASSERT_TRUE(a->release("r1").ok());
  auto taken = b->acquire("r1");
  ASSERT_TRUE(taken.ok());
  EXPECT_EQ(taken->epoch, 2);
  auto lost = a->renew_all();
  ASSERT_TRUE(lost.ok());
  EXPECT_TRUE(lost->empty()) << "r1 was released, not lost; r2 is still held";
  EXPECT_EQ(b->acquire("r2").error().code, lease_held);
}

// Writes of a room lost and of a room still held, in one batch: only the lost room's are
// refused.
TEST_F(PgLease, AFencedWriteLeavesTheRestOfItsBatch) {
  constexpr auto kLease = 300ms;
  auto a = server("server-a", kLease);
  auto b = server("server-b", kLease);
  ASSERT_TRUE(a && b);
  for (const char* room : {"kept", "lost"}) {
    ASSERT_TRUE(a->acquire(room).ok());
    ASSERT_EQ(refusal(*a, StoredRoomInfo{room, "{}", 1}), "");
    ASSERT_EQ(refusal(*a, StoredGameStart{room, 1, "chess", "{}", "start", {0, 1}, 2}), "");
  }
  outlive(kLease);
  ASSERT_TRUE(a->renew("kept").ok());
  ASSERT_TRUE(b->acquire("lost").ok());
  std::vector<Result<void>> answers(4);
  std::atomic<int> pending{4};
  const StoredMove moves[] = {move_of("kept", 1), move_of("lost", 1), move_of("kept", 2),
                              move_of("lost", 2)};
  for (int i = 0; i < 4; ++i)
    a->submit(moves[i], [&, i](Result<void> r) {
      answers[static_cast<std::size_t>(i)] = std::move(r);
      pending--;
    });
  for (int i = 0; i < 500 && pending > 0; ++i) std::this_thread::sleep_for(10ms);
  ASSERT_EQ(pending.load(), 0);
  EXPECT_TRUE(answers[0].ok());
  EXPECT_EQ(answers[1].error().code, room_fenced);
  EXPECT_TRUE(answers[2].ok());
  EXPECT_EQ(answers[3].error().code, room_fenced);
  EXPECT_EQ(a->load_game("kept", 1)->moves.size(), 2u);
  EXPECT_EQ(a->load_game("lost", 1)->moves.size(), 0u);
}

// A push endpoint withdrawn from every room belongs to no room, so no lease fences it: a
// server withdraws it among the writes of its own rooms, from rooms another server holds.
// Withdrawn from one room, it is that room's write, fenced as any other.
TEST_F(PgLease, APushEndpointWithdrawnFromEveryRoomIsNotFenced) {
  constexpr auto kLease = 5000ms;
  auto a = server("server-a", kLease);
  auto b = server("server-b", kLease);
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->acquire("theirs").ok());
  ASSERT_EQ(refusal(*a, StoredRoomInfo{"theirs", "{}", 1}), "");
  const std::string endpoint = "https://push.example/gone";
  ASSERT_EQ(refusal(*a, StoredPushSubscription{"theirs", 0, endpoint, "p", "a", 5}), "");
  ASSERT_TRUE(b->acquire("own").ok());
  ASSERT_EQ(refusal(*b, StoredRoomInfo{"own", "{}", 1}), "");
  ASSERT_EQ(refusal(*b, StoredGameStart{"own", 1, "chess", "{}", "start", {0, 1}, 2}), "");

  auto fenced = b->write(StoredPushWithdrawal{"theirs", 0, endpoint});
  ASSERT_FALSE(fenced.ok());
  EXPECT_EQ(fenced.error().code, room_fenced);
  std::vector<Result<void>> answers(3);
  std::atomic<int> pending{3};
  const StoreWrite writes[] = {move_of("own", 1), StoredPushWithdrawal{"", 0, endpoint},
                               move_of("own", 2)};
  for (int i = 0; i < 3; ++i)
    b->submit(writes[i], [&, i](Result<void> r) {
      answers[static_cast<std::size_t>(i)] = std::move(r);
      pending--;
    });
  for (int i = 0; i < 500 && pending > 0; ++i) std::this_thread::sleep_for(10ms);
  ASSERT_EQ(pending.load(), 0);
  for (const auto& answer : answers) EXPECT_TRUE(answer.ok()) << answer.error().message;
  EXPECT_EQ(b->load_game("own", 1)->moves.size(), 2u);
  auto left = a->load_push_subscriptions("theirs", 0);
  ASSERT_TRUE(left.ok()) << left.error().message;
  EXPECT_TRUE(left->empty());
}

// A database made before ownership existed (schema version 1) is migrated on open and
// keeps its rooms.
TEST_F(PgLease, ADatabaseFromBeforeOwnershipIsMigrated) {
  {
    auto conn = pg::Connection::open(cluster_->url());
    ASSERT_TRUE(conn.ok());
    ASSERT_TRUE(pg::migrate(**conn, 1).ok());
    ASSERT_EQ(*pg::schema_version(**conn), 1);
    ASSERT_TRUE((*conn)
                    ->exec("INSERT INTO rooms (room_id, options_json, created_ms) "
                           "VALUES ('old', '{}', 5)")
                    .ok());
  }
  auto a = server("server-a", 1000ms);
  ASSERT_TRUE(a);
  auto conn = pg::Connection::open(cluster_->url());
  EXPECT_EQ(*pg::schema_version(**conn), pg::current_schema_version());
  EXPECT_TRUE(a->list_games("old").ok());
  EXPECT_TRUE(a->acquire("old").ok());
}

}  // namespace
}  // namespace banmen::server

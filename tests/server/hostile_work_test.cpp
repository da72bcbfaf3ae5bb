// Heavy work asked for outside a room (issue 33): a custom variant's check and a stored
// room's replay when its link is opened. Each runs on the room workers, never on the
// thread that read the request, and one address whose share of the workers is taken is
// refused `rate_limited` (counted as room_work_busy) while another address is served.
// Asserted is where the work ran and what was refused, never a time. The dispatcher and
// the registry are driven in process, so the test holds an address's share itself.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/dispatcher.h"
#include "app/hub.h"
#include "app/peer.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

using namespace std::chrono_literals;

const std::string kAttacker = "198.51.100.7";
const std::string kBystander = "203.0.113.9";

// A connection from `address` that keeps what it was sent and whether a worker sent it.
class WatchingPeer final : public Peer {
 public:
  explicit WatchingPeer(std::string address, std::uint64_t id) : address_(address), id_(id) {}
  std::uint64_t client_id() const override { return id_; }
  void send(std::shared_ptr<const std::string> m) override {
    std::lock_guard lock(mu_);
    got_.push_back({json::parse(*m), RoomWorkers::on_worker_thread()});
    cv_.notify_all();
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room*) override {}
  int protocol() const override { return 2; }
  const std::string& address() const override { return address_; }
  std::shared_ptr<Room> room() const override { return nullptr; }
  void enter_room(std::shared_ptr<Room>) override {}
  void leave_current_room() override {}
  void set_protocol(int) override {}
  void post(std::function<void()> work) override { work(); }

  struct Got {
    json message;
    bool from_worker = false;
  };
  // The answer to request `re` (waits at most 10 s; a null message if none came).
  Got answer(int re) {
    std::unique_lock lock(mu_);
    Got found;
    cv_.wait_for(lock, 10s, [&] {
      for (const auto& g : got_)
        if (g.message.value("re", json()) == re) {
          found = g;
          return true;
        }
      return false;
    });
    return found;
  }

 private:
  std::string address_;
  std::uint64_t id_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Got> got_;
};

// A job on the workers that holds `cost` of `address`'s share until release().
struct Hold {
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();

  bool take(RoomWorkers& workers, const std::string& address, std::uint64_t cost) {
    auto started = std::make_shared<std::promise<void>>();
    auto f = started->get_future();
    auto ended = std::make_shared<std::promise<void>>();
    done = ended->get_future();
    const auto a = workers.post("hold " + address, address, cost, [o = opened, started, ended] {
      started->set_value();
      o.wait();
      // Delivered once the share is back: release() returns with it back.
      return RoomWorkers::Deliver([ended] { ended->set_value(); });
    });
    held = a == RoomWorkers::Admission::ran;
    return held && f.wait_for(10s) == std::future_status::ready;
  }
  std::future<void> done;
  bool held = false;
  bool released = false;

  void release() {
    if (!released) gate.set_value();
    if (!released && held) done.wait_for(10s);
    released = true;
  }
  ~Hold() { release(); }  // a failed assertion leaves no worker waiting
};

std::string check_variant(int id) {
  return json{{"type", "check_variant"},
              {"id", id},
              {"variant",
               "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
               "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\n"
               "promotionRegionWhite = *6\npromotionRegionBlack = *1\n"
               "promotionPieceTypes = nrw\ndoubleStep = false\ncastling = false\n"},
              {"variant_name", "tiny"}}
      .dump();
}

const std::uint64_t kShare = RoomWorkerLimits{}.per_address_cost;

TEST(HostileWork, CheckVariantRunsOnAWorkerWithinItsAddresssShare) {
  boost::asio::io_context ioc;
  Hub hub(ioc, Config{}, std::make_unique<MemoryStore>());
  auto attacker = std::make_shared<WatchingPeer>(kAttacker, 1);
  auto bystander = std::make_shared<WatchingPeer>(kBystander, 2);
  Hold hold;
  ASSERT_TRUE(hold.take(hub.workers, kAttacker, kShare));  // the attacker's share is taken
  dispatch_message(hub, attacker, check_variant(1));
  auto refused = attacker->answer(1);
  EXPECT_EQ(refused.message.value("code", ""), errc::rate_limited) << refused.message.dump();
  EXPECT_EQ(hub.metrics.refused.get(Refusal::room_work_busy), 1u);
  // Another address is served meanwhile, by a worker.
  dispatch_message(hub, bystander, check_variant(2));
  auto checked = bystander->answer(2);
  EXPECT_EQ(checked.message.value("type", ""), "variant_check") << checked.message.dump();
  EXPECT_EQ(checked.message.value("ok", false), true) << checked.message.dump();
  EXPECT_TRUE(checked.from_worker);
  // Its share back (release() returns once the hold's job is delivered), the attacker is
  // served too, and so is its next check sent the moment the answer is in.
  hold.release();
  for (int re = 100; re < 103; ++re) {
    dispatch_message(hub, attacker, check_variant(re));
    auto again = attacker->answer(re);
    EXPECT_EQ(again.message.value("type", ""), "variant_check") << again.message.dump();
    EXPECT_TRUE(again.from_worker);
  }
  EXPECT_GE(hub.metrics.room_work_total, 2u);
}

TEST(HostileWork, CheckVariantsPastTheirAddresssBudgetAreRefusedBeforeAnyWork) {
  boost::asio::io_context ioc;
  Config config;
  config.variant_checks_per_second = 0.01;  // nothing comes back within the test
  config.variant_check_burst = 3;
  Hub hub(ioc, config, std::make_unique<MemoryStore>());
  // Two connections of one address share its budget.
  auto first = std::make_shared<WatchingPeer>(kAttacker, 1);
  auto second = std::make_shared<WatchingPeer>(kAttacker, 2);
  for (int re = 1; re <= 3; ++re) {
    auto& peer = re % 2 ? first : second;
    dispatch_message(hub, peer, check_variant(re));
    EXPECT_EQ(peer->answer(re).message.value("type", ""), "variant_check");
  }
  for (int re = 4; re <= 5; ++re) {
    auto& peer = re % 2 ? first : second;
    dispatch_message(hub, peer, check_variant(re));
    auto refused = peer->answer(re);
    EXPECT_EQ(refused.message.value("code", ""), errc::rate_limited) << refused.message.dump();
    EXPECT_FALSE(refused.from_worker);  // refused where it was read: no worker asked
  }
  EXPECT_EQ(hub.metrics.refused.get(Refusal::variant_check_rate), 2u);
  EXPECT_EQ(hub.metrics.room_work_total, 3u);
  // Another address has a budget of its own.
  auto bystander = std::make_shared<WatchingPeer>(kBystander, 3);
  dispatch_message(hub, bystander, check_variant(6));
  EXPECT_EQ(bystander->answer(6).message.value("type", ""), "variant_check");
}

// A store whose reads of rooms named "gate..." wait until the test lets them go, so the
// registry's reading thread can be held; everything else is the memory store's.
class GatedStore final : public Store {
 public:
  MemoryStore inner;
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();

  void submit(StoreWrite w, Committed committed) override { inner.submit(std::move(w), committed); }
  Result<std::vector<StoredRoom>> load_unfinished() override { return inner.load_unfinished(); }
  Result<StoredRoom> load_room(const std::string& id) override {
    if (id.starts_with("gate")) opened.wait();
    return inner.load_room(id);
  }
  Result<std::vector<std::string>> close_idle_rooms(std::int64_t before, std::int64_t now,
                                                    int limit) override {
    return inner.close_idle_rooms(before, now, limit);
  }
  using Store::list_games;
  Result<StoredSeries> list_games(const std::string& id, const GamesPage& page) override {
    return inner.list_games(id, page);
  }
  Result<StoredGame> load_game(const std::string& id, int game_no) override {
    return inner.load_game(id, game_no);
  }
  Result<void> mark_alive(std::int64_t now_ms) override { return inner.mark_alive(now_ms); }
  Result<std::vector<StoredPushSubscription>> load_push_subscriptions(const std::string& id,
                                                                      int player) override {
    return inner.load_push_subscriptions(id, player);
  }
};

// Room `id` in `store`: a four-ply chess game (five plies' cost to replay), or its first
// three plies, still under way.
void store_room(Store& store, const std::string& id, bool finished) {
  const std::string options = R"({"game":"chess","side":"first"})";
  auto chess = create_game("chess");
  ASSERT_TRUE(chess);
  const auto t0 = unix_ms() - 100000;
  ASSERT_TRUE(store.write(StoredRoomInfo{id, options, t0}));
  ASSERT_TRUE(store.write(StoredSeat{id, {0, "A", sha256_hex("tokenA")}}));
  ASSERT_TRUE(store.write(StoredSeat{id, {1, "B", sha256_hex("tokenB")}}));
  ASSERT_TRUE(store.write(
      StoredGameStart{id, 1, "chess", options, chess.value()->initial_position(), {0, 1}, t0}));
  int ply = 0;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
    if (!finished && ply == 3) break;  // the fourth is mate: under way, the game stops short
    ASSERT_TRUE(store.write(StoredMove{id, 1, ++ply, m, {0, 0}, {0, 0}, t0 + ply}));
  }
  if (finished) {
    ASSERT_TRUE(store.write(StoredFinish{id, 1, {"win", 1, "checkmate"}, t0 + 10}));
  }
}

void store_finished_room(Store& store, const std::string& id) {
  store_room(store, id, true);
}

struct Opened {
  Result<std::shared_ptr<Room>> room = make_error(errc::internal_error, "no answer");
  bool on_worker = false;
};

std::future<Opened> open_room(Hub& hub, const std::string& id, const std::string& address) {
  auto answer = std::make_shared<std::promise<Opened>>();
  auto f = answer->get_future();
  hub.rooms.open(id, address, [answer](Result<std::shared_ptr<Room>> r) {
    answer->set_value({std::move(r), RoomWorkers::on_worker_thread()});
  });
  return f;
}

Opened wait(std::future<Opened> f) {
  if (f.wait_for(10s) != std::future_status::ready) return {};
  return f.get();
}

TEST(HostileWork, AStoredRoomsReplayRunsOnAWorkerChargedByItsPlies) {
  boost::asio::io_context ioc;
  auto owned = std::make_unique<GatedStore>();
  auto& store = *owned;
  store.gate.set_value();
  for (const char* id : {"r1", "r2", "r3"}) store_finished_room(store, id);
  Hub hub(ioc, Config{}, std::move(owned));
  {
    // The attacker's share nearly spent: the five plies of r1 no longer fit.
    Hold hold;
    ASSERT_TRUE(hold.take(hub.workers, kAttacker, kShare - 4));
    auto refused = wait(open_room(hub, "r1", kAttacker));
    ASSERT_FALSE(refused.room);
    EXPECT_EQ(refused.room.error().code, errc::rate_limited);
    EXPECT_EQ(hub.metrics.refused.get(Refusal::room_work_busy), 1u);
    // The bystander's open of the same room goes ahead, replayed on a worker.
    auto opened = wait(open_room(hub, "r1", kBystander));
    ASSERT_TRUE(opened.room) << opened.room.error().message;
    EXPECT_TRUE(opened.on_worker);
    hold.release();
  }
  {
    // Admission by cost, not by count: with as much again under way but ten plies of its
    // share left, the attacker's five-ply room is taken (and replayed once the hold is
    // done: one job of an address runs at a time on two workers).
    Hold hold;
    ASSERT_TRUE(hold.take(hub.workers, kAttacker, kShare - 10));
    auto pending = open_room(hub, "r2", kAttacker);
    hold.release();
    auto opened = wait(std::move(pending));
    ASSERT_TRUE(opened.room) << opened.room.error().message;
    EXPECT_TRUE(opened.on_worker);
    EXPECT_EQ(hub.metrics.refused.get(Refusal::room_work_busy), 1u);
  }
  for (const char* id : {"r1", "r2"})
    if (auto room = hub.rooms.find(id)) room->shutdown();
  ioc.run_for(50ms);
}

TEST(HostileWork, ARestartAnswersBeforeItsRoomsAreReplayedAndAnOpenWaitsForItsRoomAlone) {
  // Issue 33: a restart replayed every unfinished game, one after another, before the
  // server answered anyone. Now the start reads them and the server answers; the replays
  // come after, on the room workers, and a player opening one not yet back waits for that
  // room alone.
  boost::asio::io_context ioc;
  auto owned = std::make_unique<GatedStore>();
  auto& store = *owned;
  store.gate.set_value();
  constexpr std::size_t kRooms = 24;
  for (std::size_t i = 0; i < kRooms; ++i) {
    std::string id = "u";  // appended: GCC 12 warns falsely (-Wrestrict) on "u" + to_string
    id += std::to_string(i);
    store_room(store, id, false);
  }
  Hub hub(ioc, Config{}, std::move(owned));
  auto read = hub.rooms.restore_all();
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(*read, kRooms);
  // Nothing was replayed on this thread (the one that makes the server ready).
  EXPECT_EQ(hub.rooms.size(), 0u);
  EXPECT_EQ(hub.rooms.restores_waiting(), kRooms);
  // Before the background starts: an open replays its room at once, on a worker (charged
  // to the opener, as a load), and that room only; a second open finds it in memory.
  auto opened = wait(open_room(hub, "u17", kBystander));
  ASSERT_TRUE(opened.room) << opened.room.error().message;
  EXPECT_TRUE(opened.on_worker);
  EXPECT_EQ(hub.rooms.size(), 1u);
  EXPECT_EQ(hub.rooms.restores_waiting(), kRooms - 1);
  auto again = wait(open_room(hub, "u17", kAttacker));
  ASSERT_TRUE(again.room);
  EXPECT_EQ(*again.room, *opened.room);
  EXPECT_EQ(hub.metrics.rooms_loaded_total, 0u);  // restored, not loaded by a link
  // The rest come back behind the server's back, one after another on the workers, and an
  // open meanwhile is answered with its room, whichever comes first.
  hub.rooms.start_restoring();
  auto during = wait(open_room(hub, "u3", kAttacker));
  ASSERT_TRUE(during.room) << during.room.error().message;
  EXPECT_EQ((*during.room)->id(), "u3");
  for (int tries = 0; tries < 1000 && hub.rooms.size() < kRooms; ++tries)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(hub.rooms.size(), kRooms);
  EXPECT_EQ(hub.rooms.restores_waiting(), 0u);
  EXPECT_EQ(hub.metrics.refused.get(Refusal::room_work_busy), 0u);
  // An id that was never stored is still a made-up one.
  auto unknown = wait(open_room(hub, "u999", kAttacker));
  ASSERT_FALSE(unknown.room);
  EXPECT_EQ(unknown.room.error().code, errc::no_such_room);
  hub.rooms.stop();
  ioc.run_for(50ms);
}

TEST(HostileWork, MadeUpRoomIdsFromOneAddressCannotFillTheLoadsForOthers) {
  boost::asio::io_context ioc;
  auto owned = std::make_unique<GatedStore>();
  auto& store = *owned;
  store_finished_room(store, "r1");
  Hub hub(ioc, Config{}, std::move(owned));
  // The reading thread is held by the attacker's first open; its next ones wait behind it.
  std::vector<std::future<Opened>> pending;
  pending.push_back(open_room(hub, "gate-1", kAttacker));
  for (std::size_t i = 1; i < RoomRegistry::kMaxLoadingPerAddress; ++i)
    pending.push_back(open_room(hub, "made-up-" + std::to_string(i), kAttacker));
  // One more from the attacker is refused at once...
  auto refused = wait(open_room(hub, "made-up-more", kAttacker));
  ASSERT_FALSE(refused.room);
  EXPECT_EQ(refused.room.error().code, errc::rate_limited);
  EXPECT_EQ(hub.metrics.refused.get(Refusal::room_work_busy), 1u);
  // ... while the bystander's is taken (answered once the reads before it are done).
  auto bystander = open_room(hub, "r1", kBystander);
  store.gate.set_value();
  auto opened = wait(std::move(bystander));
  ASSERT_TRUE(opened.room) << opened.room.error().message;
  for (auto& f : pending) {
    auto r = wait(std::move(f));
    ASSERT_FALSE(r.room);
    EXPECT_EQ(r.room.error().code, errc::no_such_room);
  }
  (*opened.room)->shutdown();
  ioc.run_for(50ms);
}

}  // namespace
}  // namespace banmen::server

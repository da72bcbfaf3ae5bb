// Each side's first move of a timed game has a countdown (--first-move-ms,
// docs/rules/play.md): when it runs out the game is aborted (no result, no series points);
// a move in time ends it; the computer has none; a restart charges nobody. The rooms are
// driven directly, and every wait is on a condition (the room's messages or the store).
#include <gtest/gtest.h>

#include <chrono>
#include <functional>

#include "app/hub.h"
#include "games/registry.h"
#include "recording_client.h"
#include "room_waits.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

using namespace std::chrono_literals;
using room_waits::last_of;
using room_waits::run_until;

bool got(RecordingClient& c, std::string_view type) {
  return !last_of(c, type).is_null();
}

const json kByoyomi10s = {
    {"kind", "byoyomi"}, {"base_ms", 0}, {"period_ms", 10000}, {"periods", 1}};

Config with_first_move_ms(std::int64_t ms) {
  Config c;
  c.first_move_ms = ms;
  return c;
}

// A room of two people playing `game` with `clock`, the host first.
struct TwoPlayers {
  boost::asio::io_context ioc;
  MemoryStore* store = nullptr;
  std::unique_ptr<Hub> hub;
  std::shared_ptr<Room> room;
  std::shared_ptr<RecordingClient> host = std::make_shared<RecordingClient>(1);
  std::shared_ptr<RecordingClient> guest = std::make_shared<RecordingClient>(2);

  TwoPlayers(Config config, const json& clock, std::string game = "shogi") {
    auto owned = std::make_unique<MemoryStore>();
    store = owned.get();
    hub = std::make_unique<Hub>(ioc, std::move(config), std::move(owned));
    auto created = hub->rooms.create("203.0.113.1");
    EXPECT_TRUE(created);
    room = *created;
    auto options = parse_room_options(
        {{"type", "create_room"}, {"game", game}, {"side", "first"}, {"clock", clock}});
    EXPECT_TRUE(options) << options.error().message;
    if (!options) return;
    room->create(host, *options, "Host", 1);
    EXPECT_TRUE(run_until(ioc, [&] { return got(*host, "snapshot"); }));
    room->join(guest, {{"type", "join_room"}, {"room", room->id()}, {"id", 2}});
    EXPECT_TRUE(run_until(ioc, [&] {
      auto s = last_of(*guest, "snapshot");
      return !s.is_null() && s["status"] == "playing";
    }));
  }
  ~TwoPlayers() {
    room->shutdown();
    ioc.restart();
    ioc.run_for(20ms);
  }
  // `who` plays its first legal move, as of `seen` (a snapshot or a move event).
  void move(const std::shared_ptr<RecordingClient>& who, const json& seen, const char* id) {
    ASSERT_FALSE(seen["legal_moves"].empty()) << seen.dump();
    room->request(who, {{"type", "move"},
                        {"id", 9},
                        {"move", seen["legal_moves"][0]},
                        {"version", seen["version"]},
                        {"move_id", id}});
  }
};

TEST(RoomFirstMove, TheFirstMoverWhoDoesNotMoveHasTheGameAborted) {
  TwoPlayers t(with_first_move_ms(150), kByoyomi10s);
  const auto snap = last_of(*t.guest, "snapshot");
  // The countdown is in the clock, for seat 0, as a deadline in the server's Unix time.
  ASSERT_TRUE(snap["clock"]["first_move"].is_object()) << snap["clock"].dump();
  EXPECT_EQ(snap["clock"]["first_move"]["seat"], 0);
  const auto left = snap["clock"]["first_move"]["deadline_ms"].get<std::int64_t>() -
                    snap["clock"]["server_time_ms"].get<std::int64_t>();
  EXPECT_GT(left, 0);
  EXPECT_LE(left, 150);
  EXPECT_EQ(snap["clock"]["running"], nullptr);
  ASSERT_TRUE(run_until(t.ioc, [&] { return got(*t.guest, "game_over"); }));
  const auto over = last_of(*t.guest, "game_over");
  EXPECT_EQ(over["result"], "aborted");
  EXPECT_EQ(over["reason"], "no_first_move");
  EXPECT_EQ(over["score"], json::array({0, 0})) << "an aborted game scores nothing";
  EXPECT_EQ(over["clock"]["first_move"], nullptr);
  // The record has no result (aborted), and the room goes on to another game.
  auto series = t.store->list_games(t.room->id());
  ASSERT_TRUE(series);
  ASSERT_EQ(series->games.size(), 1u);
  EXPECT_TRUE(series->games[0].finished);
  EXPECT_EQ(series->games[0].outcome.kind, "aborted");
  EXPECT_EQ(series->games[0].outcome.reason, "no_first_move");
  t.room->request(t.host, {{"type", "rematch_offer"}, {"id", 5}});
  t.room->request(t.guest, {{"type", "rematch_accept"}, {"id", 6}});
  ASSERT_TRUE(run_until(t.ioc, [&] {
    auto s = last_of(*t.guest, "snapshot");
    return s["game_no"] == 2 && s["status"] == "playing";
  }));
  EXPECT_TRUE(last_of(*t.guest, "snapshot")["clock"]["first_move"].is_object());
}

TEST(RoomFirstMove, TheSecondSideHasItsOwnCountdown) {
  TwoPlayers t(with_first_move_ms(150), kByoyomi10s);
  t.move(t.host, last_of(*t.host, "snapshot"), "h1");
  ASSERT_TRUE(run_until(t.ioc, [&] { return got(*t.guest, "move"); }));
  const auto moved = last_of(*t.guest, "move");
  ASSERT_TRUE(moved["clock"]["first_move"].is_object()) << moved.dump();
  EXPECT_EQ(moved["clock"]["first_move"]["seat"], 1);
  EXPECT_EQ(moved["clock"]["running"], nullptr) << "the clocks wait for both first moves";
  ASSERT_TRUE(run_until(t.ioc, [&] { return got(*t.host, "game_over"); }));
  EXPECT_EQ(last_of(*t.host, "game_over")["reason"], "no_first_move");
}

TEST(RoomFirstMove, BothFirstMovesInTimeEndTheCountdownAndStartTheClocks) {
  TwoPlayers t(with_first_move_ms(60000), kByoyomi10s);
  t.move(t.host, last_of(*t.host, "snapshot"), "h1");
  ASSERT_TRUE(run_until(t.ioc, [&] { return got(*t.guest, "move"); }));
  t.move(t.guest, last_of(*t.guest, "move"), "g1");
  ASSERT_TRUE(run_until(t.ioc, [&] {
    return t.host->messages().back()["type"] == "move" && t.host->messages().back()["ply"] == 2;
  }));
  const auto second = last_of(*t.host, "move");
  EXPECT_EQ(second["clock"]["first_move"], nullptr) << "no countdown is left to abort the game";
  EXPECT_EQ(second["clock"]["running"], 0) << "the clocks run from here";
  EXPECT_FALSE(got(*t.host, "game_over"));
}

TEST(RoomFirstMove, AGameWithoutAClockHasNoCountdown) {
  TwoPlayers t(with_first_move_ms(150), json{{"kind", "none"}});
  EXPECT_EQ(last_of(*t.guest, "snapshot")["clock"]["first_move"], nullptr);
}

TEST(RoomFirstMove, TheComputersSeatHasNoCountdownItsOpponentHasOne) {
  boost::asio::io_context ioc;
  Hub hub(ioc, with_first_move_ms(60000), std::make_unique<MemoryStore>());
  auto created = hub.rooms.create("203.0.113.1");
  ASSERT_TRUE(created);
  auto room = *created;
  auto host = std::make_shared<RecordingClient>(1);
  // The person plays second: the computer moves first.
  auto options = parse_room_options({{"type", "create_room"},
                                     {"game", "shogi"},
                                     {"side", "second"},
                                     {"clock", kByoyomi10s},
                                     {"computer", {{"level", 1}}}});
  ASSERT_TRUE(options) << options.error().message;
  room->create(host, *options, "Host", 1);
  ASSERT_TRUE(run_until(ioc, [&] {
    auto s = last_of(*host, "snapshot");
    return !s.is_null() && s["status"] == "playing";
  }));
  EXPECT_EQ(last_of(*host, "snapshot")["clock"]["first_move"], nullptr)
      << "the computer is to move: no countdown";
  ASSERT_TRUE(run_until(ioc, [&] { return got(*host, "move"); }));
  const auto moved = last_of(*host, "move");
  ASSERT_TRUE(moved["clock"]["first_move"].is_object()) << moved.dump();
  EXPECT_EQ(moved["clock"]["first_move"]["seat"], 1);
  room->shutdown();
  ioc.restart();
  ioc.run_for(20ms);
}

// A restart before the first moves: the countdown starts afresh, and only once the person
// to move is back (like the held clock of docs/operations.md, "Restarts").
TEST(RoomFirstMove, ARestartChargesNobodyTheCountdownStartsWhenTheMoverIsBack) {
  auto shogi = create_game("shogi");
  ASSERT_TRUE(shogi) << shogi.error().message;
  boost::asio::io_context ioc;
  auto store = std::make_unique<MemoryStore>();
  const std::string opts = json{{"game", "shogi"}, {"clock", kByoyomi10s}}.dump();
  const auto t0 = unix_ms() - 10000;
  ASSERT_TRUE(store->write(StoredRoomInfo{"fm1", opts, t0}));
  ASSERT_TRUE(store->write(StoredSeat{"fm1", {0, "A", sha256_hex("tokenA")}}));
  ASSERT_TRUE(store->write(StoredSeat{"fm1", {1, "B", sha256_hex("tokenB")}}));
  ASSERT_TRUE(store->write(
      StoredGameStart{"fm1", 1, "shogi", opts, shogi.value()->initial_position(), {0, 1}, t0}));
  ASSERT_TRUE(store->write(StoredMove{"fm1", 1, 1, "7g7f", {10000, 10000}, {1, 1}, t0 + 1000}));

  // A countdown far shorter than the time the room was down: a restart that charged it
  // would abort the game at once.
  Hub hub(ioc, with_first_move_ms(3000), std::move(store));
  auto stored = hub.store->load_unfinished();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  ASSERT_TRUE(hub.rooms.restore(stored->front()));
  auto room = hub.rooms.find("fm1");
  ASSERT_TRUE(room);
  // The player who is not to move comes back first: nothing counts yet.
  auto a = std::make_shared<RecordingClient>(7);
  room->join(a, {{"type", "join_room"}, {"room", "fm1"}, {"token", "tokenA"}, {"id", 1}});
  ASSERT_TRUE(run_until(ioc, [&] { return got(*a, "snapshot"); }));
  EXPECT_EQ(last_of(*a, "snapshot")["clock"]["first_move"], nullptr);
  // Gote, to move, comes back: a whole countdown, shown to both.
  auto b = std::make_shared<RecordingClient>(8);
  room->join(b, {{"type", "join_room"}, {"room", "fm1"}, {"token", "tokenB"}, {"id", 2}});
  ASSERT_TRUE(run_until(ioc, [&] {
    return got(*b, "snapshot") && last_of(*a, "snapshot")["clock"]["first_move"].is_object();
  }));
  const auto snap = last_of(*b, "snapshot");
  ASSERT_TRUE(snap["clock"]["first_move"].is_object()) << snap.dump();
  EXPECT_EQ(snap["clock"]["first_move"]["seat"], 1);
  const auto left = snap["clock"]["first_move"]["deadline_ms"].get<std::int64_t>() -
                    snap["clock"]["server_time_ms"].get<std::int64_t>();
  EXPECT_GT(left, 0) << "the time the server was down was charged";
  EXPECT_FALSE(got(*a, "game_over"));
  // And it still runs out like any other.
  ASSERT_TRUE(run_until(ioc, [&] { return got(*a, "game_over"); }));
  EXPECT_EQ(last_of(*a, "game_over")["reason"], "no_first_move");
  room->shutdown();
  ioc.restart();
  ioc.run_for(20ms);
}

}  // namespace
}  // namespace banmen::server

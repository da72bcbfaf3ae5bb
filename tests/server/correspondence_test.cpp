// Correspondence games (days per move): the clock gives the mover the whole time back after
// every move, nobody may claim a win for absence, no first-move countdown, and a restart
// or a failover charges the side to move only the time some server ran the game
// (rooms/correspondence_clock.h), right to the second.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "app/hub.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "push/push_notices.h"
#include "recording_client.h"
#include "room_waits.h"
#include "rooms/conditional_moves.h"
#include "rooms/correspondence_clock.h"
#include "rooms/endings.h"
#include "rooms/pauses.h"
#include "rooms/room.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

using room_waits::last_of;
using room_waits::run_until;

constexpr std::int64_t kDay = 86'400'000;

ClockSpec days(int n, std::int64_t day_ms = kDay) {
  ClockSpec spec;
  spec.kind = ClockSpec::Kind::correspondence;
  spec.days = n;
  spec.base_ms = n * day_ms;
  return spec;
}

TEST(CorrespondenceClock, EveryMoveGivesTheMoverTheWholeTimeBack) {
  GameClock clock(days(3));
  clock.start(0, 0);
  ASSERT_TRUE(clock.stop_after_move(2 * kDay));  // two of the three days used
  EXPECT_EQ(clock.settled().remaining_ms[0], 3 * kDay);
  clock.start(1, 2 * kDay);
  EXPECT_EQ(clock.ms_until_flag(2 * kDay + 1000), 3 * kDay - 1000);
  EXPECT_FALSE(clock.flagged(5 * kDay - 1));
  EXPECT_TRUE(clock.flagged(5 * kDay));  // the end of its days
  EXPECT_FALSE(clock.stop_after_move(5 * kDay + 1));
}

TEST(CorrespondenceClock, OptionsReadDaysAndRefuseTheRest) {
  auto read = [](const char* text) { return parse_clock(json::parse(text)); };
  auto three = read(R"({"kind":"correspondence","days":3})");
  ASSERT_TRUE(three) << three.error().message;
  EXPECT_EQ(three->kind, ClockSpec::Kind::correspondence);
  EXPECT_EQ(three->days, 3);
  EXPECT_EQ(three->base_ms, 3 * correspondence_day_ms());
  EXPECT_EQ(clock_spec_json(*three), json::parse(R"({"kind":"correspondence","days":3})"));
  EXPECT_EQ(three->human(), "3d");
  for (const char* bad :
       {R"({"kind":"correspondence"})", R"({"kind":"correspondence","days":0})",
        R"({"kind":"correspondence","days":31})", R"({"kind":"correspondence","days":"3"})"})
    EXPECT_FALSE(read(bad)) << bad;
}

TEST(CorrespondenceClock, AbsenceIsNeverClaimedNorCountedDown) {
  ClaimFacts facts{0, false, false, 10'000'000, 1000, true};
  auto claimed = claim_outcome(facts, ClaimFields{true});
  ASSERT_FALSE(claimed);
  EXPECT_EQ(claimed.error().code, errc::opponent_present);
  FirstMoveFacts first{true, true, 30000, false, 0, false, true};
  EXPECT_FALSE(Pauses::first_move_counts(first));
  first.correspondence = false;
  EXPECT_TRUE(Pauses::first_move_counts(first));
}

// A stored game of two plies whose last move came at `last_ms`, the side to move (seat 0)
// having `left` then.
StoredRoom two_plies(std::int64_t last_ms, std::int64_t left) {
  StoredRoom r;
  r.game.game_no = 1;
  r.moves.push_back(StoredMove{"r", 1, 1, "e2e4", {kDay, kDay}, {0, 0}, last_ms - 1000});
  r.moves.push_back(StoredMove{"r", 1, 2, "e7e5", {left, kDay}, {0, 0}, last_ms});
  return r;
}

TEST(CorrespondenceClock, TheTimeNoServerRanIsChargedToNobody) {
  const std::int64_t t = 1'000'000'000;
  // No mark at all: nothing says when the clock stopped, so the wall clock decides.
  auto r = two_plies(t, kDay);
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 5000), kDay - 5000);
  // The server that had it was last alive 2 s after the move, and the next takes it up
  // an hour later: 2 s are charged.
  r.clock_mark = StoredClockMark{"r", 1, 0, kDay, t - 5000, t + 2000};
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 3'600'000), kDay - 2000);
  // A mark of the same ply (a server took it up) is the base; its server's alive mark ends
  // what is charged.
  r.clock_mark = StoredClockMark{"r", 1, 2, kDay - 2000, t + 3'600'000, t + 3'600'000 + 7000};
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 7'200'000), kDay - 9000);
  // An alive mark from before the base charges nothing; one from the future is now.
  r.clock_mark->alive_ms = t;
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 7'200'000), kDay - 2000);
  r.clock_mark->alive_ms = t + 10 * kDay;
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 3'600'000 + 1000), kDay - 3000);
  // A mark of another game is not this one's.
  r.clock_mark->game_no = 2;
  EXPECT_EQ(correspondence_time_left(r, 0, 2, t + 5000), kDay - 5000);
}

// The first message of type `type` `client` got, or null.
json first_of(RecordingClient& client, const std::string& type) {
  for (const auto& m : client.messages())
    if (m.value("type", "") == type) return m;
  return nullptr;
}

// A stored correspondence chess room (one day per move) with two plies, the last at
// `last_ms`, the server that ran it last alive at `alive_ms`.
// Chess after 1. e4 e5; another game (`game_id`) at its start, with no move yet.
std::unique_ptr<MemoryStore> stored_room(
    std::int64_t last_ms, std::int64_t alive_ms, std::int64_t day_ms,
    const char* clock = R"({"kind":"correspondence","days":1})",
    std::optional<StoredConditionals> lines = {}, const std::string& game_id = "chess") {
  auto chess = create_game(game_id);
  EXPECT_TRUE(chess);
  auto store = std::make_unique<MemoryStore>();
  const std::string opts = std::string(R"({"game":")") + game_id + R"(","clock":)" + clock + "}";
  const auto t0 = last_ms - 5000;
  EXPECT_TRUE(store->write(StoredRoomInfo{"corr1", opts, t0}));
  EXPECT_TRUE(store->write(StoredSeat{"corr1", {0, "A", sha256_hex("tokenA")}}));
  EXPECT_TRUE(store->write(StoredSeat{"corr1", {1, "B", sha256_hex("tokenB")}}));
  EXPECT_TRUE(store->write(
      StoredGameStart{"corr1", 1, game_id, opts, chess.value()->initial_position(), {0, 1}, t0}));
  EXPECT_TRUE(store->write(StoredClockMark{"corr1", 1, 0, day_ms, t0}));
  if (game_id == "chess") {
    EXPECT_TRUE(store->write(StoredMove{"corr1", 1, 1, "e2e4", {day_ms, day_ms}, {0, 0}, t0 + 1}));
    EXPECT_TRUE(store->write(StoredMove{"corr1", 1, 2, "e7e5", {day_ms, day_ms}, {0, 0}, last_ms}));
  }
  if (lines) {
    EXPECT_TRUE(store->write(*lines));
  }
  EXPECT_TRUE(store->mark_alive(alive_ms));
  return store;
}

TEST(CorrespondenceRestart, TheClockRunsAtOnceWithItsTimeLeftToTheSecond) {
  boost::asio::io_context ioc;
  // The last move 60 s ago; the server died 20 s after it: 40 s charged to nobody.
  const auto now = unix_ms();
  Config config;
  config.alive_mark_ms = 60000;  // no marks of this server's own during the test
  Hub hub(ioc, config, stored_room(now - 60000, now - 40000, kDay));
  auto stored = hub.store->load_unfinished();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  hub.rooms.restore(stored->front());
  auto room = hub.rooms.find("corr1");
  ASSERT_TRUE(room);
  // A spectator sees it: nobody needs to be back for the clock to run.
  auto watcher = std::make_shared<RecordingClient>(9, /*protocol_version=*/1);
  room->join(watcher, {{"type", "join_room"}, {"room", "corr1"}, {"id", 1}});
  ASSERT_TRUE(run_until(ioc, [&] { return !first_of(*watcher, "snapshot").is_null(); }));
  const auto snap = first_of(*watcher, "snapshot");
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["clock"]["kind"], "correspondence");
  EXPECT_EQ(snap["clock"]["running"], 0);
  const auto left = snap["clock"]["remaining_ms"][0].get<std::int64_t>();
  EXPECT_NEAR(left, kDay - 20000, 1000);
  EXPECT_EQ(hub.metrics.correspondence_games.load(), 1);
  // The server took it up with a mark of this ply: the next one starts from here.
  ASSERT_TRUE(run_until(ioc, [&] {
    auto again = hub.store->load_room("corr1");
    return again && again->clock_mark && again->clock_mark->ply == 2;
  }));
  auto again = hub.store->load_room("corr1");
  EXPECT_NEAR(again->clock_mark->remaining_ms, kDay - 20000, 1000);
  EXPECT_NEAR(again->clock_mark->server_ms, unix_ms(), 2000);
  // A second restart an hour later, this server having died 3 s after taking it up.
  ASSERT_TRUE(hub.store->mark_alive(again->clock_mark->server_ms + 3000));
  auto second = hub.store->load_room("corr1");
  ASSERT_TRUE(second);
  EXPECT_NEAR(correspondence_time_left(*second, 0, 2, unix_ms() + 3'600'000), kDay - 23000, 1000);
  room->shutdown();
  ioc.run_for(std::chrono::milliseconds(20));
}

TEST(CorrespondenceRestart, ATimeThatRanOutWhileAServerRanItFlagsAtOnce) {
  boost::asio::io_context ioc;
  const auto now = unix_ms();
  Config config;
  config.alive_mark_ms = 60000;
  config.correspondence_day_ms = 10000;  // a day of 10 s
  // The last move 30 s ago, the server alive until 15 s ago: 15 s of a 10 s day used.
  Hub hub(ioc, config, stored_room(now - 30000, now - 15000, 10000));
  auto stored = hub.store->load_unfinished();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  hub.rooms.restore(stored->front());
  auto room = hub.rooms.find("corr1");
  ASSERT_TRUE(room);
  auto watcher = std::make_shared<RecordingClient>(9, /*protocol_version=*/1);
  room->join(watcher, {{"type", "join_room"}, {"room", "corr1"}, {"id", 1}});
  ASSERT_TRUE(run_until(ioc, [&] {
    auto again = hub.store->load_room("corr1");
    return again && again->finished;
  }));
  auto over = hub.store->load_room("corr1");
  EXPECT_EQ(over->outcome.kind, "win");
  EXPECT_EQ(over->outcome.winner, 1);
  EXPECT_EQ(over->outcome.reason, "timeout");
  EXPECT_EQ(hub.metrics.correspondence_games.load(), 0);
  room->shutdown();
  ioc.run_for(std::chrono::milliseconds(20));
  set_correspondence_day_ms(kDay);
}

TEST(ConditionalMoves, LinesAreCheckedAndAnswerTheMoveTheyBeginWith) {
  auto chess = create_game("chess");
  ASSERT_TRUE(chess);
  ASSERT_TRUE((*chess)->apply("e2e4"));  // black to move: white leaves the lines
  ASSERT_TRUE((*chess)->apply("e7e5"));
  auto read = [&](const char* text) { return ConditionalMoves::read(**chess, json::parse(text)); };
  auto lines = read(R"([["g1f3","b8c6"],["d2d4","d7d5","c2c4","e7e6"],["d2d4","d7d5"]])");
  ASSERT_FALSE(lines);  // it is white's move here: g1f3 is white's, b8c6 is not white's answer
  ASSERT_TRUE((*chess)->apply("g1f3"));
  lines = read(R"([["b8c6","f1b5"],["d7d6","d2d4","c8g4","f1e2"],["d7d6","d2d4"]])");
  ASSERT_TRUE(lines) << lines.error().message;
  EXPECT_EQ(lines->size(), 3u);
  // Refused: an illegal move (named), two answers to the same move, odd or empty lines.
  auto illegal = read(R"([["b8c6","f1f5"]])");
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().code, errc::illegal_move);
  EXPECT_NE(illegal.error().message.find("line 1, move 2"), std::string::npos);
  EXPECT_FALSE(read(R"([["b8c6","f1b5"],["b8c6","f1c4"]])"));
  EXPECT_FALSE(read(R"([["b8c6"]])"));
  EXPECT_FALSE(read(R"([[]])"));
  EXPECT_FALSE(read(R"([["b8c6",3]])"));
  EXPECT_FALSE(read(R"("b8c6 f1b5")"));

  ConditionalMoves kept;
  kept.set(0, 3, *lines);
  // d7d6 begins two lines: d2d4 is the answer, the longer line's rest is kept.
  auto reply = kept.answer(0, "d7d6", 4);
  ASSERT_TRUE(reply);
  EXPECT_EQ(*reply, "d2d4");
  ASSERT_EQ(kept.of(0).size(), 1u);
  EXPECT_EQ(kept.of(0)[0], (ConditionalLine{"c8g4", "f1e2"}));
  EXPECT_EQ(kept.ply_of(0), 5u);
  // Another move drops them all.
  EXPECT_FALSE(kept.answer(0, "g8f6", 6));
  EXPECT_TRUE(kept.of(0).empty());
}

// Every message a client got, as one text (to look for what must never reach it).
std::string all_text(RecordingClient& client) {
  std::string out;
  for (const auto& m : client.messages()) out += m.dump() + "\n";
  return out;
}

std::size_t count_of(RecordingClient& client, const std::string& type) {
  std::size_t n = 0;
  for (const auto& m : client.messages()) n += m.value("type", "") == type;
  return n;
}

// Whom the rooms told Web Push to notify, in order: "room/player/opponent".
struct RecordedPushes final : PushNotices {
  void your_turn(const std::string& room_id, int player, std::string_view opponent) override {
    std::lock_guard lock(mutex);
    told.push_back(room_id + "/" + std::to_string(player) + "/" + std::string(opponent));
  }
  std::vector<std::string> all() {
    std::lock_guard lock(mutex);
    return told;
  }
  std::mutex mutex;
  std::vector<std::string> told;
};

// A correspondence room taken up after a restart, white (player A) to move, both players
// and a spectator connected.
struct ConditionalRoom {
  boost::asio::io_context ioc;
  std::unique_ptr<Hub> hub;
  std::shared_ptr<Room> room;
  std::shared_ptr<RecordingClient> a = std::make_shared<RecordingClient>(1, 2);
  std::shared_ptr<RecordingClient> b = std::make_shared<RecordingClient>(2, 2);
  std::shared_ptr<RecordingClient> watcher = std::make_shared<RecordingClient>(3, 2);
  RecordedPushes* pushes = nullptr;  // owned by the hub
  int next_id = 10;

  explicit ConditionalRoom(const char* clock = R"({"kind":"correspondence","days":1})",
                           std::optional<StoredConditionals> lines = {},
                           const std::string& game_id = "chess") {
    Config config;
    config.alive_mark_ms = 60000;
    const auto now = unix_ms();
    auto recorder = std::make_unique<RecordedPushes>();
    pushes = recorder.get();
    hub = std::make_unique<Hub>(ioc, config,
                                stored_room(now - 1000, now, kDay, clock, lines, game_id),
                                std::move(recorder));
    auto stored = hub->store->load_unfinished();
    EXPECT_TRUE(stored && stored->size() == 1u);
    hub->rooms.restore(stored->front());
    room = hub->rooms.find("corr1");
    room->join(a, {{"type", "join_room"}, {"room", "corr1"}, {"token", "tokenA"}, {"id", 1}});
    room->join(b, {{"type", "join_room"}, {"room", "corr1"}, {"token", "tokenB"}, {"id", 2}});
    room->join(watcher, {{"type", "join_room"}, {"room", "corr1"}, {"id", 3}});
    EXPECT_TRUE(run_until(ioc, [&] {
      return count_of(*a, "snapshot") && count_of(*b, "snapshot") && count_of(*watcher, "snapshot");
    }));
  }
  ~ConditionalRoom() {
    room->shutdown();
    ioc.run_for(std::chrono::milliseconds(20));
  }
  // The position's version as the spectator last heard it (snapshots and move events).
  std::int64_t version() {
    std::int64_t v = 0;
    for (const auto& m : watcher->messages())
      if (m.contains("version") && m["version"].is_number_integer())
        v = std::max(v, m["version"].get<std::int64_t>());
    return v;
  }
  // Sends `msg` from `c` and waits for its answer (an ack, an error or, for a move, the event).
  json ask(const std::shared_ptr<RecordingClient>& c, json msg) {
    const int id = ++next_id;
    msg["id"] = id;
    room->request(c, msg);
    json answer;
    EXPECT_TRUE(run_until(ioc, [&] {
      for (const auto& m : c->messages())
        if (m.contains("re") && m["re"] == id) answer = m;
      return !answer.is_null();
    }));
    return answer;
  }
  std::size_t plies() {
    auto stored = hub->store->load_room("corr1");
    return stored ? stored->moves.size() : 0;
  }
};

json set_lines(const char* lines) {
  return json{{"type", "conditional_set"}, {"lines", json::parse(lines)}};
}

json move(const char* text, std::int64_t version, const char* id) {
  return json{{"type", "move"}, {"move", text}, {"version", version}, {"move_id", id}};
}

TEST(ConditionalMoves, PlayedWhenTheAnswerMatchesDroppedWhenNotNeverSeenByOthers) {
  ConditionalRoom t;
  // Black (B) waits: it leaves lines after e4 e5, white to move.
  auto acked = t.ask(t.b, set_lines(R"([["g1f3","b8c6"],["d2d4","e5d4","c2c3","d4c3"]])"));
  ASSERT_EQ(acked["type"], "ack") << acked.dump();
  const auto kept = last_of(*t.b, "conditionals");
  ASSERT_EQ(kept["lines"].size(), 2u);
  EXPECT_EQ(kept["ply"], 2);
  // White plays d4: black's e5d4 follows at once, the rest of that line is kept.
  auto moved = t.ask(t.a, move("d2d4", t.version(), "a1"));
  ASSERT_EQ(moved["type"], "move") << moved.dump();
  ASSERT_TRUE(run_until(t.ioc, [&] { return count_of(*t.watcher, "move") == 2; }));
  auto stored = t.hub->store->load_room("corr1");
  ASSERT_EQ(stored->moves.size(), 4u);
  EXPECT_EQ(stored->moves.back().move, "e5d4");
  ASSERT_TRUE(run_until(t.ioc, [&] { return last_of(*t.b, "conditionals")["ply"] == 4; }));
  EXPECT_EQ(last_of(*t.b, "conditionals")["lines"], json::parse(R"([["c2c3","d4c3"]])"));
  // White plays something else: the lines are dropped.
  moved = t.ask(t.a, move("d1d4", t.version(), "a2"));
  ASSERT_EQ(moved["type"], "move") << moved.dump();
  ASSERT_TRUE(run_until(t.ioc, [&] { return last_of(*t.b, "conditionals")["lines"].empty(); }));
  EXPECT_EQ(t.plies(), 5u);
  stored = t.hub->store->load_room("corr1");
  ASSERT_EQ(stored->conditionals.size(), 1u);
  EXPECT_EQ(stored->conditionals[0].lines_json, "[]");
  // White and the spectator heard of the answer only as a move: never of the lines.
  for (auto* other : {t.a.get(), t.watcher.get()}) {
    const auto seen = all_text(*other);
    EXPECT_EQ(seen.find("conditional"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("\"lines\""), std::string::npos) << seen;
  }
}

TEST(ConditionalMoves, RefusedOutOfTurnToSpectatorsInLiveGamesAndWhenIllegal) {
  ConditionalRoom t;
  EXPECT_EQ(t.ask(t.a, set_lines(R"([["e8e7","d2d4"]])"))["code"], "your_turn");
  EXPECT_EQ(t.ask(t.watcher, set_lines(R"([["g1f3","b8c6"]])"))["code"], "not_a_player");
  EXPECT_EQ(t.ask(t.b, set_lines(R"([["g1f3","b8b5"]])"))["code"], "illegal_move");
  EXPECT_EQ(t.ask(t.b, set_lines(R"([["g1f3"]])"))["code"], "bad_request");
  EXPECT_EQ(t.ask(t.b, set_lines(R"({"g1f3":"b8c6"})"))["code"], "bad_request");
  EXPECT_EQ(count_of(*t.b, "conditionals"), 0u);
  ConditionalRoom live(R"({"kind":"fischer","base_ms":60000,"increment_ms":0})");
  EXPECT_EQ(live.ask(live.b, set_lines(R"([["g1f3","b8c6"]])"))["code"], "unsupported");
}

TEST(ConditionalMoves, ComeBackAfterARestartOnlyForThePositionTheyWereLeftFor) {
  // Kept from before the restart, left at ply 2: white's g1f3 is answered.
  ConditionalRoom t(R"({"kind":"correspondence","days":1})",
                    StoredConditionals{"corr1", 1, 1, 2, R"([["g1f3","b8c6"]])"});
  const auto snap = last_of(*t.b, "snapshot");
  ASSERT_TRUE(snap.contains("conditionals")) << snap.dump();
  EXPECT_FALSE(last_of(*t.a, "snapshot").contains("conditionals"));
  EXPECT_FALSE(last_of(*t.watcher, "snapshot").contains("conditionals"));
  ASSERT_EQ(t.ask(t.a, move("g1f3", t.version(), "a1"))["type"], "move");
  ASSERT_TRUE(run_until(t.ioc, [&] { return t.plies() == 4; }));
  EXPECT_EQ(t.hub->store->load_room("corr1")->moves.back().move, "b8c6");
  // Left for another position (ply 1): not brought back.
  ConditionalRoom stale(R"({"kind":"correspondence","days":1})",
                        StoredConditionals{"corr1", 1, 1, 1, R"([["g1f3","b8c6"]])"});
  EXPECT_FALSE(last_of(*stale.b, "snapshot").contains("conditionals"));
}

TEST(ConditionalMoves, NoPushTellsAPlayerOfAMoveTheirLineAnswersAtOnce) {
  ConditionalRoom t;
  ASSERT_EQ(t.ask(t.b, set_lines(R"([["d2d4","e5d4"]])"))["type"], "ack");
  // d4 is answered at once: only white hears it is their move (after e5d4), from B.
  ASSERT_EQ(t.ask(t.a, move("d2d4", t.version(), "a1"))["type"], "move");
  // Played and told in the room (the store has the move a moment before the room does).
  ASSERT_TRUE(run_until(
      t.ioc, [&] { return count_of(*t.watcher, "move") == 2 && !t.pushes->all().empty(); }));
  EXPECT_EQ(t.pushes->all(), std::vector<std::string>{"corr1/0/B"});
  // A move no line answers tells black, from A.
  ASSERT_EQ(t.ask(t.a, move("d1d4", t.version(), "a2"))["type"], "move");
  EXPECT_EQ(t.pushes->all(), (std::vector<std::string>{"corr1/0/B", "corr1/1/A"}));
}

TEST(ConditionalMoves, ATakebackDropsThemInMemoryAndInTheStore) {
  ConditionalRoom t;
  ASSERT_EQ(t.ask(t.b, set_lines(R"([["g1f3","b8c6"]])"))["type"], "ack");
  ASSERT_EQ(t.hub->store->load_room("corr1")->conditionals.size(), 1u);
  // Black takes e7e5 back (white to move: one ply), white agrees.
  ASSERT_EQ(t.ask(t.b, json{{"type", "takeback_request"}})["type"], "ack");
  ASSERT_EQ(t.ask(t.a, json{{"type", "takeback_accept"}})["type"], "ack");
  ASSERT_TRUE(run_until(t.ioc, [&] { return t.plies() == 1; }));
  // The room has taken it back too (the store has it a moment before the room does).
  ASSERT_TRUE(run_until(t.ioc, [&] {
    const auto snap = last_of(*t.watcher, "snapshot");
    return snap.contains("moves") && snap["moves"].size() == 1u;
  }));
  ASSERT_TRUE(run_until(t.ioc, [&] { return last_of(*t.b, "conditionals")["lines"].empty(); }));
  ASSERT_TRUE(run_until(t.ioc, [&] {
    auto stored = t.hub->store->load_room("corr1");
    return stored && stored->conditionals.size() == 1u &&
           stored->conditionals[0].lines_json == "[]";
  }));
  // The same moves again: nothing answers for black, who plays b8c6 itself.
  ASSERT_EQ(t.ask(t.b, move("e7e5", t.version(), "b1"))["type"], "move");
  ASSERT_EQ(t.ask(t.a, move("g1f3", t.version(), "a1"))["type"], "move");
  const auto own = t.ask(t.b, move("b8c6", t.version(), "b2"));
  EXPECT_EQ(own["type"], "move") << own.dump();
  EXPECT_EQ(t.plies(), 4u);
}

TEST(ConditionalMoves, RefusedAlikeInDogCatWhateverIsHidden) {
  // Checking a line there would answer questions about the hidden kings: the refusal comes
  // first, the same for both players and any lines, and nothing is kept.
  ConditionalRoom t(R"({"kind":"correspondence","days":1})", {}, "dogcat");
  std::set<std::string> answers;
  for (const auto& who : {t.a, t.b})
    for (const char* lines :
         {R"([["a1a2","e5e4"]])", R"([["garbage","x"]])", R"([["c1c2","c5c4"],["b1b2","d5d4"]])"}) {
      auto answer = t.ask(who, set_lines(lines));
      answer.erase("re");
      answers.insert(answer.dump());
    }
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(json::parse(*answers.begin())["code"], "unsupported");
  EXPECT_EQ(count_of(*t.a, "conditionals") + count_of(*t.b, "conditionals"), 0u);
  EXPECT_TRUE(t.hub->store->load_room("corr1")->conditionals.empty());
}

}  // namespace
}  // namespace banmen::server

// The Store contract, run over every implementation: what rooms write must come back the
// same from load_unfinished(), list_games() and load_game(), and what breaks the record's
// order must be refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "storage/memory_store.h"
#include "storage/sqlite_store.h"
#include "temp_dir.h"
#ifdef BANMEN_TEST_POSTGRES
#include "pg_cluster.h"
#include "storage/pg_store.h"
#endif

namespace banmen::server {
namespace {

struct Maker {
  const char* name;
  std::function<std::unique_ptr<Store>(const test::TempDir&)> make;
};

const Maker kMakers[] = {
    {"memory", [](const test::TempDir&) { return std::make_unique<MemoryStore>(); }},
    {"sqlite_file",
     [](const test::TempDir& dir) -> std::unique_ptr<Store> {
       auto s = SqliteStore::open({dir.file("banmen.db")});
       EXPECT_TRUE(s.ok());
       return s ? std::move(s.value()) : nullptr;
     }},
    {"sqlite_memory",
     [](const test::TempDir&) -> std::unique_ptr<Store> {
       auto s = SqliteStore::open({":memory:"});
       EXPECT_TRUE(s.ok());
       return s ? std::move(s.value()) : nullptr;
     }},
#ifdef BANMEN_TEST_POSTGRES
    // A real PostgreSQL (pg_cluster.h), emptied before each test.
    {"postgres",
     [](const test::TempDir&) -> std::unique_ptr<Store> {
       auto* cluster = test::PgCluster::shared();
       EXPECT_NE(cluster, nullptr) << test::PgCluster::shared_error();
       if (!cluster) return nullptr;
       EXPECT_EQ(cluster->reset_database(), "");
       auto s = PgStore::open({cluster->url()});
       EXPECT_TRUE(s.ok()) << s.error().message;
       return s ? std::move(s.value()) : nullptr;
     }},
#endif
};

class StoreContract : public ::testing::TestWithParam<Maker> {
 protected:
  void SetUp() override {
    store_ = GetParam().make(dir_);
    ASSERT_NE(store_, nullptr);
  }
  StoredMove move(int game_no, int ply, std::string text) {
    StoredMove m;
    m.room_id = "r1";
    m.game_no = game_no;
    m.ply = ply;
    m.move = std::move(text);
    m.remaining_ms[0] = 60000 - ply;
    m.remaining_ms[1] = 50000 + ply;
    m.periods_left[0] = 3;
    m.periods_left[1] = 2;
    m.server_ms = 1000 + ply;
    m.used_ms = 10 * ply;
    m.in_byoyomi[1] = ply % 2 == 1;
    return m;
  }
  StoredGameStart game(int no, int host_seat) {
    StoredGameStart g{"r1", no, "chess", R"({"clock":"5+3"})", "startpos", {0, 1}, 500 + no};
    g.seat_of_player[0] = host_seat;
    g.seat_of_player[1] = 1 - host_seat;
    return g;
  }
  void seed_room() {
    ASSERT_TRUE(store_->write(StoredRoomInfo{"r1", R"({"game":"chess"})", 42}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{"r1", {0, "Alice", "aa11"}}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{"r1", {1, "Bob", "bb22"}}).ok());
  }

  test::TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_P(StoreContract, RoomWithoutGameIsRestored) {
  seed_room();
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  const auto& r = rooms->front();
  EXPECT_EQ(r.info.room_id, "r1");
  EXPECT_EQ(r.info.options_json, R"({"game":"chess"})");
  EXPECT_EQ(r.info.created_ms, 42);
  ASSERT_EQ(r.players.size(), 2u);
  EXPECT_EQ(r.players[1].name, "Bob");
  EXPECT_EQ(r.players[1].token_hash, "bb22");
  EXPECT_EQ(r.game.game_no, 0);
  EXPECT_TRUE(r.moves.empty());
}

TEST_P(StoreContract, MovesClocksAndChatComeBack) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 1)).ok());
  for (int ply = 1; ply <= 3; ++ply)
    ASSERT_TRUE(store_->write(move(1, ply, "m" + std::to_string(ply))).ok());
  ASSERT_TRUE(store_->write(StoredChat{"r1", 0, "Alice", "players", "good luck", 77}).ok());
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  const auto& r = rooms->front();
  EXPECT_EQ(r.game.game_no, 1);
  EXPECT_EQ(r.game.game_id, "chess");
  EXPECT_EQ(r.game.seat_of_player[0], 1);
  EXPECT_EQ(r.game.started_ms, 501);
  ASSERT_EQ(r.moves.size(), 3u);
  const auto& last = r.moves.back();
  EXPECT_EQ(last.move, "m3");
  EXPECT_EQ(last.remaining_ms[0], 59997);
  EXPECT_EQ(last.remaining_ms[1], 50003);
  EXPECT_EQ(last.periods_left[0], 3);
  EXPECT_EQ(last.periods_left[1], 2);
  EXPECT_EQ(last.server_ms, 1003);
  EXPECT_EQ(last.used_ms, 30);
  EXPECT_FALSE(last.in_byoyomi[0]);
  EXPECT_TRUE(last.in_byoyomi[1]);
  ASSERT_EQ(r.chat.size(), 1u);
  EXPECT_EQ(r.chat[0].text, "good luck");
  EXPECT_EQ(r.chat[0].channel, "players");
}

TEST_P(StoreContract, RefusesMovesOutOfOrderOrAfterTheEnd) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  EXPECT_FALSE(store_->write(move(1, 2, "skip")).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "a")).ok());
  EXPECT_FALSE(store_->write(move(1, 1, "again")).ok());
  EXPECT_FALSE(store_->write(move(2, 2, "other game")).ok());
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 1, {"win", 0, "resignation"}, 900}).ok());
  auto e = store_->write(move(1, 2, "late"));
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().code, storage_error);
}

// A move whose commit answer was lost (PostgreSQL committed, then the connection broke) is
// sent again by its room when the player resends it: the store takes it as the same move.
TEST_P(StoreContract, AMoveSentAgainAfterALostAnswerIsStoredOnce) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "a")).ok());
  ASSERT_TRUE(store_->write(move(1, 2, "b")).ok());
  auto again = move(1, 2, "b");
  again.remaining_ms[0] = 1234;
  EXPECT_TRUE(store_->write(again).ok());
  EXPECT_FALSE(store_->write(move(1, 1, "a")).ok());  // not the last ply: out of order
  EXPECT_FALSE(store_->write(move(1, 2, "c")).ok());  // another move at that ply
  ASSERT_TRUE(store_->write(move(1, 3, "d")).ok());
  auto room = store_->load_room("r1");
  ASSERT_TRUE(room.ok());
  ASSERT_EQ(room->moves.size(), 3u);
  EXPECT_EQ(room->moves[1].move, "b");
  EXPECT_EQ(room->moves[1].remaining_ms[0], 1234);  // the clocks of the attempt answered
  EXPECT_EQ(room->moves[2].move, "d");
}

TEST_P(StoreContract, TakebackDropsLaterMovesOnly) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  for (int ply = 1; ply <= 4; ++ply) ASSERT_TRUE(store_->write(move(1, ply, "x")).ok());
  EXPECT_FALSE(store_->write(StoredTakeback{"r1", 1, 5}).ok());
  ASSERT_TRUE(store_->write(StoredTakeback{"r1", 1, 2}).ok());
  ASSERT_TRUE(store_->write(move(1, 3, "y")).ok());
  auto g = store_->load_game("r1", 1);
  ASSERT_TRUE(g.ok());
  ASSERT_EQ(g->moves.size(), 3u);
  EXPECT_EQ(g->moves[2].move, "y");
}

TEST_P(StoreContract, FinishedSeriesIsListedAndScored) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "e2e4")).ok());
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 1, {"win", 1, "resignation"}, 2000}).ok());
  // Finished last game: nothing to restore.
  auto none = store_->load_unfinished();
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  ASSERT_TRUE(store_->write(game(2, 1)).ok());  // rematch, seats swapped
  ASSERT_TRUE(store_->write(move(2, 1, "d2d4")).ok());

  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  // Seat 1 won game 1, and player 1 sat there.
  EXPECT_EQ(rooms->front().score[0], 0);
  EXPECT_EQ(rooms->front().score[1], 1);
  EXPECT_EQ(rooms->front().game.game_no, 2);

  auto series = store_->list_games("r1");
  ASSERT_TRUE(series.ok());
  ASSERT_EQ(series->games.size(), 2u);
  EXPECT_EQ(series->players.size(), 2u);
  const auto& g1 = series->games[0];
  EXPECT_TRUE(g1.finished);
  EXPECT_EQ(g1.outcome.kind, "win");
  EXPECT_EQ(g1.outcome.winner, 1);
  EXPECT_EQ(g1.outcome.reason, "resignation");
  EXPECT_EQ(g1.finished_ms, 2000);
  EXPECT_EQ(g1.plies, 1);
  EXPECT_TRUE(g1.moves.empty());
  EXPECT_FALSE(series->games[1].finished);

  auto first = store_->load_game("r1", 1);
  ASSERT_TRUE(first.ok());
  ASSERT_EQ(first->moves.size(), 1u);
  EXPECT_EQ(first->moves[0].move, "e2e4");
  auto missing = store_->load_game("r1", 3);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, stored_not_found);
  auto nobody = store_->list_games("nope");
  ASSERT_FALSE(nobody.ok());
  EXPECT_EQ(nobody.error().code, stored_not_found);
}

TEST_P(StoreContract, ClosedRoomsAreNotRestoredButStayReadable) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(StoredClose{"r1", 3000}).ok());
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  EXPECT_TRUE(rooms->empty());
  EXPECT_TRUE(store_->load_game("r1", 1).ok());
}

TEST_P(StoreContract, TextIsKeptByteForByte) {
  ASSERT_TRUE(store_->write(StoredRoomInfo{"r1", "{}", 1}).ok());
  std::string name = "将棋の名人 'quote' \"dq\" ; DROP TABLE rooms; --";
  ASSERT_TRUE(store_->write(StoredSeat{"r1", {0, name, "h"}}).ok());
  auto series = store_->list_games("r1");
  ASSERT_TRUE(series.ok());
  ASSERT_EQ(series->players.size(), 1u);
  EXPECT_EQ(series->players[0].name, name);
}

TEST_P(StoreContract, LoadRoomGivesAFinishedLastGameWithItsOutcomeAndReview) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "e2e4")).ok());
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 1, {"win", 0, "resignation"}, 2000}).ok());
  ASSERT_TRUE(store_->write(game(2, 1)).ok());
  ASSERT_TRUE(store_->write(move(2, 1, "d2d4")).ok());
  ASSERT_TRUE(store_->write(move(2, 2, "d7d5")).ok());
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 2, {"draw", -1, "agreement"}, 3000}).ok());
  ASSERT_TRUE(store_->write(StoredChat{"r1", 1, "Bob", "players", "again?", 3100}).ok());
  ASSERT_TRUE(store_->write(StoredReview{"r1", 2, "tree one", true, 3200}).ok());
  // A later review of the same game replaces the first.
  ASSERT_TRUE(store_->write(StoredReview{"r1", 2, "tree two", false, 3300}).ok());
  ASSERT_TRUE(store_->write(StoredReview{"r1", 1, "old game", true, 3400}).ok());

  auto r = store_->load_room("r1");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->info.options_json, R"({"game":"chess"})");
  ASSERT_EQ(r->players.size(), 2u);
  EXPECT_EQ(r->players[0].token_hash, "aa11");
  EXPECT_EQ(r->game.game_no, 2);
  EXPECT_EQ(r->game.seat_of_player[0], 1);
  ASSERT_EQ(r->moves.size(), 2u);
  EXPECT_EQ(r->moves[1].move, "d7d5");
  EXPECT_TRUE(r->finished);
  EXPECT_EQ(r->outcome.kind, "draw");
  EXPECT_EQ(r->outcome.reason, "agreement");
  EXPECT_EQ(r->finished_ms, 3000);
  // Player 0 won game 1 (seat 0), then a draw.
  EXPECT_EQ(r->score[0], 1.5);
  EXPECT_EQ(r->score[1], 0.5);
  ASSERT_EQ(r->chat.size(), 1u);
  EXPECT_EQ(r->chat[0].text, "again?");
  ASSERT_TRUE(r->review.has_value());
  EXPECT_EQ(r->review->room_id, "r1");
  EXPECT_EQ(r->review->game_no, 2);
  EXPECT_EQ(r->review->tree_text, "tree two");
  EXPECT_FALSE(r->review->open);
  EXPECT_EQ(r->review->server_ms, 3300);
}

TEST_P(StoreContract, LoadRoomGivesAnUnfinishedOrUnstartedGame) {
  seed_room();
  auto waiting = store_->load_room("r1");
  ASSERT_TRUE(waiting.ok());
  EXPECT_EQ(waiting->game.game_no, 0);
  EXPECT_FALSE(waiting->finished);
  EXPECT_FALSE(waiting->review.has_value());
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "e2e4")).ok());
  auto playing = store_->load_room("r1");
  ASSERT_TRUE(playing.ok());
  EXPECT_EQ(playing->game.game_no, 1);
  EXPECT_FALSE(playing->finished);
  EXPECT_EQ(playing->moves.size(), 1u);
}

TEST_P(StoreContract, ASeatHandedToTheComputerKeepsItsPersonAndComesBack) {
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  // Bob hands his seat to the computer (level 4) for game 1: his name and token stay.
  ASSERT_TRUE(store_->write(StoredSeat{"r1", {1, "Bob", "bb22", 1, 4}}).ok());
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  ASSERT_EQ(rooms->front().players.size(), 2u);
  const auto& bob = rooms->front().players[1];
  EXPECT_EQ(bob.name, "Bob");
  EXPECT_EQ(bob.token_hash, "bb22");
  EXPECT_EQ(bob.computer_game, 1);
  EXPECT_EQ(bob.computer_level, 4);
  EXPECT_EQ(rooms->front().players[0].computer_game, 0);
  EXPECT_EQ(rooms->front().players[0].computer_level, 0);
  // Given back after the game: the same write with zeros.
  ASSERT_TRUE(store_->write(StoredSeat{"r1", {1, "Bob", "bb22", 0, 0}}).ok());
  auto room = store_->load_room("r1");
  ASSERT_TRUE(room.ok());
  EXPECT_EQ(room->players[1].computer_game, 0);
  EXPECT_EQ(room->players[1].computer_level, 0);
  auto series = store_->list_games("r1");
  ASSERT_TRUE(series.ok());
  EXPECT_EQ(series->players[1].token_hash, "bb22");
}

TEST_P(StoreContract, LoadRoomRefusesUnknownAndClosedRooms) {
  auto unknown = store_->load_room("nope");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, stored_not_found);
  seed_room();
  ASSERT_TRUE(store_->write(StoredClose{"r1", 10}).ok());
  auto closed = store_->load_room("r1");
  ASSERT_FALSE(closed.ok());
  EXPECT_EQ(closed.error().code, stored_not_found);
}

TEST_P(StoreContract, ReviewsOfUnknownRoomsOrGamesAreRefused) {
  seed_room();
  EXPECT_FALSE(store_->write(StoredReview{"r1", 1, "t", true, 5}).ok());
  EXPECT_FALSE(store_->write(StoredReview{"nope", 1, "t", true, 5}).ok());
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  EXPECT_FALSE(store_->write(StoredReview{"r1", 2, "t", true, 5}).ok());
  EXPECT_TRUE(store_->write(StoredReview{"r1", 1, "t", true, 5}).ok());
}

TEST_P(StoreContract, AnalysesComeBackWithTheirGameAndGameZero) {
  seed_room();
  // Game 0 (the record brought in) needs the room only; a series game needs its game.
  EXPECT_FALSE(store_->write(StoredAnalysis{"nope", 0, "{}", 5}).ok());
  EXPECT_FALSE(store_->write(StoredAnalysis{"r1", 1, "{}", 5}).ok());
  ASSERT_TRUE(store_->write(StoredAnalysis{"r1", 0, R"({"imported":1})", 5}).ok());
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "e2e4")).ok());
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 1, {"win", 0, "resignation"}, 2000}).ok());
  ASSERT_TRUE(store_->write(StoredAnalysis{"r1", 1, R"({"first":1})", 2100}).ok());
  // A later analysis of the same game replaces the first.
  ASSERT_TRUE(store_->write(StoredAnalysis{"r1", 1, R"({"second":1})", 2200}).ok());
  auto g = store_->load_game("r1", 1);
  ASSERT_TRUE(g.ok()) << g.error().message;
  ASSERT_TRUE(g->analysis.has_value());
  EXPECT_EQ(*g->analysis, R"({"second":1})");
  auto r = store_->load_room("r1");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->analyses.size(), 2u);
  EXPECT_EQ(r->analyses[0].game_no, 1);
  EXPECT_EQ(r->analyses[0].analysis_json, R"({"second":1})");
  EXPECT_EQ(r->analyses[1].game_no, 0);
  EXPECT_EQ(r->analyses[1].analysis_json, R"({"imported":1})");
  // A new game: its room brings back game 0's analysis alone.
  ASSERT_TRUE(store_->write(game(2, 1)).ok());
  r = store_->load_room("r1");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->analyses.size(), 1u);
  EXPECT_EQ(r->analyses[0].game_no, 0);
  auto g2 = store_->load_game("r1", 2);
  ASSERT_TRUE(g2.ok());
  EXPECT_FALSE(g2->analysis.has_value());
}

TEST_P(StoreContract, ARecordBroughtInIsKeptOnePerRoomAndComesBackWithIt) {
  seed_room();
  EXPECT_FALSE(
      store_->write(StoredImport{"nope", "chess", "p", "t", "a.pgn", "pgn", true, 5}).ok());
  auto none = store_->load_room("r1");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->imported.has_value());
  // Before any game, then replaced by a later one (another game, another name).
  ASSERT_TRUE(store_->write(StoredImport{"r1", "chess", "p", "t1", "a.pgn", "pgn", true, 6}).ok());
  ASSERT_TRUE(
      store_->write(StoredImport{"r1", "shogi", "sfen", "t2", "棋譜.kif", "kif", false, 7}).ok());
  auto room = store_->load_room("r1");
  ASSERT_TRUE(room.ok());
  ASSERT_TRUE(room->imported.has_value());
  const StoredImport& kept = *room->imported;
  EXPECT_EQ(kept.game_id, "shogi");
  EXPECT_EQ(kept.root_position, "sfen");
  EXPECT_EQ(kept.tree_text, "t2");
  EXPECT_EQ(kept.name, "棋譜.kif");
  EXPECT_EQ(kept.format, "kif");
  EXPECT_FALSE(kept.open);
  EXPECT_EQ(kept.server_ms, 7);
  // A waiting room comes back at a restart with it.
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  ASSERT_TRUE(rooms->front().imported.has_value());
  EXPECT_EQ(rooms->front().imported->tree_text, "t2");
}

TEST_P(StoreContract, AClockMarkComesBackWithItsServersLastAliveMark) {
  seed_room();
  // Only for a game under way.
  EXPECT_FALSE(store_->write(StoredClockMark{"r1", 1, 0, 5000, 600}).ok());
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  ASSERT_TRUE(store_->write(move(1, 1, "e2e4")).ok());
  ASSERT_TRUE(store_->write(StoredClockMark{"r1", 1, 0, 5000, 600}).ok());
  ASSERT_TRUE(store_->write(StoredClockMark{"r1", 1, 1, 4000, 700}).ok());  // replaces it
  auto unknown = store_->load_room("r1");
  ASSERT_TRUE(unknown.ok());
  ASSERT_TRUE(unknown->clock_mark.has_value());
  EXPECT_EQ(unknown->clock_mark->alive_ms, 0);  // this server never said it was alive
  ASSERT_TRUE(store_->mark_alive(900).ok());
  ASSERT_TRUE(store_->mark_alive(800).ok());  // a late mark never moves it back
  auto rooms = store_->load_unfinished();
  ASSERT_TRUE(rooms.ok());
  ASSERT_EQ(rooms->size(), 1u);
  ASSERT_TRUE(rooms->front().clock_mark.has_value());
  const StoredClockMark& mark = *rooms->front().clock_mark;
  EXPECT_EQ(mark.game_no, 1);
  EXPECT_EQ(mark.ply, 1);
  EXPECT_EQ(mark.remaining_ms, 4000);
  EXPECT_EQ(mark.server_ms, 700);
  EXPECT_EQ(mark.alive_ms, 900);
  // Over: no more marks, and none read back.
  ASSERT_TRUE(store_->write(StoredFinish{"r1", 1, {"win", 0, "resign"}, 1000}).ok());
  EXPECT_FALSE(store_->write(StoredClockMark{"r1", 1, 1, 3000, 1100}).ok());
  auto over = store_->load_room("r1");
  ASSERT_TRUE(over.ok());
  EXPECT_FALSE(over->clock_mark.has_value());
}

TEST_P(StoreContract, RetentionClosesRoomsIdleSinceBeforeTheCutOnly) {
  // "r1": created at 42, last written at 501 (a game start); "chatty": a chat line at
  // 5000; "mover": a game started at 501 whose last move came at 6000.
  seed_room();
  ASSERT_TRUE(store_->write(game(1, 0)).ok());
  for (const char* id : {"chatty", "mover"}) {
    ASSERT_TRUE(store_->write(StoredRoomInfo{id, "{}", 40}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{id, {0, "A", "h"}}).ok());
  }
  ASSERT_TRUE(store_->write(StoredChat{"chatty", 0, "A", "players", "hi", 5000}).ok());
  auto g = game(1, 0);
  g.room_id = "mover";
  ASSERT_TRUE(store_->write(g).ok());
  auto m = move(1, 1, "e2e4");
  m.room_id = "mover";
  m.server_ms = 6000;
  ASSERT_TRUE(store_->write(m).ok());

  auto none = store_->close_idle_rooms(500, 9000, 10);
  ASSERT_TRUE(none.ok()) << none.error().message;
  EXPECT_TRUE(none->empty());
  auto closed = store_->close_idle_rooms(5500, 9000, 10);
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  std::sort(closed->begin(), closed->end());
  EXPECT_EQ(*closed, (std::vector<std::string>{"chatty", "r1"}));
  EXPECT_FALSE(store_->load_room("r1").ok());
  EXPECT_TRUE(store_->load_room("mover").ok());
  // Closed rooms keep their games downloadable, and are not closed twice.
  EXPECT_TRUE(store_->load_game("r1", 1).ok());
  EXPECT_TRUE(store_->list_games("r1").ok());
  auto again = store_->close_idle_rooms(5500, 9500, 10);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->empty());
  // Bounded: one room per call when asked so.
  auto one = store_->close_idle_rooms(7000, 9600, 1);
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->size(), 1u);
}

// Web Push subscriptions (StoredPushSubscription, StoredPushWithdrawal).
StoredPushSubscription push_sub(const std::string& room, int player, const std::string& endpoint,
                                std::int64_t ms, const std::string& key = "key") {
  return StoredPushSubscription{
      room, player, "https://push.example/" + endpoint, key + "-p256dh", key + "-auth", ms};
}

// The endpoints (their last part) of one player's subscriptions, as load_push_subscriptions()
// gives them.
std::vector<std::string> endpoints(Store& store, const std::string& room, int player) {
  auto subs = store.load_push_subscriptions(room, player);
  EXPECT_TRUE(subs.ok()) << subs.error().message;
  std::vector<std::string> out;
  if (!subs) return out;
  for (const auto& s : *subs) {
    EXPECT_EQ(s.room_id, room);
    EXPECT_EQ(s.player, player);
    out.push_back(s.endpoint.substr(std::string("https://push.example/").size()));
  }
  return out;
}

using Names = std::vector<std::string>;

TEST_P(StoreContract, PushSubscriptionsComeBackOldestFirstForTheirPlayerOnly) {
  seed_room();
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "b", 200, "kb")).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "a", 100, "ka")).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 1, "c", 150, "kc")).ok());
  auto subs = store_->load_push_subscriptions("r1", 0);
  ASSERT_TRUE(subs.ok()) << subs.error().message;
  ASSERT_EQ(subs->size(), 2u);
  const StoredPushSubscription& first = subs->front();
  EXPECT_EQ(first.room_id, "r1");
  EXPECT_EQ(first.player, 0);
  EXPECT_EQ(first.endpoint, "https://push.example/a");
  EXPECT_EQ(first.p256dh, "ka-p256dh");
  EXPECT_EQ(first.auth, "ka-auth");
  EXPECT_EQ(first.server_ms, 100);
  EXPECT_EQ(subs->back().endpoint, "https://push.example/b");
  EXPECT_EQ(subs->back().p256dh, "kb-p256dh");
  EXPECT_EQ(subs->back().server_ms, 200);
  EXPECT_EQ(endpoints(*store_, "r1", 1), Names{"c"});
  // An unknown room, or a player with none: an empty list, not an error.
  EXPECT_EQ(endpoints(*store_, "nope", 0), Names{});
  EXPECT_EQ(endpoints(*store_, "r1", 5), Names{});
}

TEST_P(StoreContract, APushEndpointWrittenAgainTakesTheNewKeysOnce) {
  seed_room();
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "a", 100, "old")).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "b", 200)).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "a", 300, "new")).ok());
  auto subs = store_->load_push_subscriptions("r1", 0);
  ASSERT_TRUE(subs.ok()) << subs.error().message;
  ASSERT_EQ(subs->size(), 2u);
  EXPECT_EQ(subs->front().endpoint, "https://push.example/b");
  const StoredPushSubscription& again = subs->back();
  EXPECT_EQ(again.endpoint, "https://push.example/a");
  EXPECT_EQ(again.p256dh, "new-p256dh");
  EXPECT_EQ(again.auth, "new-auth");
  EXPECT_EQ(again.server_ms, 300);
}

TEST_P(StoreContract, APlayerKeepsItsNewestPushSubscriptionsUpToTheCap) {
  ASSERT_EQ(kPushSubscriptionsPerPlayer, 8u);
  seed_room();
  ASSERT_TRUE(store_->write(push_sub("r1", 1, "other", 50)).ok());
  // Ten endpoints, e0 the oldest: the two oldest go.
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(store_->write(push_sub("r1", 0, "e" + std::to_string(i), 100 + i)).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), (Names{"e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"}));
  // One of the eight written again is not one more: nothing else goes.
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "e2", 200)).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), (Names{"e3", "e4", "e5", "e6", "e7", "e8", "e9", "e2"}));
  // A new one drops the oldest then.
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "e10", 210)).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), (Names{"e4", "e5", "e6", "e7", "e8", "e9", "e2", "e10"}));
  // The other player's are counted apart.
  EXPECT_EQ(endpoints(*store_, "r1", 1), Names{"other"});
}

TEST_P(StoreContract, APushSubscriptionIsWithdrawnForItsPlayerOnly) {
  seed_room();
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "a", 100)).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "b", 110)).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 1, "a", 120)).ok());
  ASSERT_TRUE(store_->write(StoredPushWithdrawal{"r1", 0, "https://push.example/a"}).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), Names{"b"});
  EXPECT_EQ(endpoints(*store_, "r1", 1), Names{"a"});
  // Withdrawing what is not there is not an error, in a known room or not.
  EXPECT_TRUE(store_->write(StoredPushWithdrawal{"r1", 0, "https://push.example/a"}).ok());
  EXPECT_TRUE(store_->write(StoredPushWithdrawal{"nope", 0, "https://push.example/b"}).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), Names{"b"});
}

TEST_P(StoreContract, APushEndpointWithdrawnWithoutARoomGoesFromEveryRoom) {
  seed_room();
  ASSERT_TRUE(store_->write(StoredRoomInfo{"r2", "{}", 43}).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "gone", 100)).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 0, "kept", 110)).ok());
  ASSERT_TRUE(store_->write(push_sub("r1", 1, "gone", 120)).ok());
  ASSERT_TRUE(store_->write(push_sub("r2", 0, "gone", 130)).ok());
  ASSERT_TRUE(store_->write(push_sub("r2", 1, "kept", 140)).ok());
  ASSERT_TRUE(store_->write(StoredPushWithdrawal{"", 0, "https://push.example/gone"}).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), Names{"kept"});
  EXPECT_EQ(endpoints(*store_, "r1", 1), Names{});
  EXPECT_EQ(endpoints(*store_, "r2", 0), Names{});
  EXPECT_EQ(endpoints(*store_, "r2", 1), Names{"kept"});
}

TEST_P(StoreContract, PushSubscriptionsOfUnknownOrClosedRoomsAreRefused) {
  seed_room();
  auto unknown = store_->write(push_sub("nope", 0, "a", 100));
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, storage_error);
  EXPECT_EQ(endpoints(*store_, "nope", 0), Names{});
  ASSERT_TRUE(store_->write(StoredClose{"r1", 90}).ok());
  auto closed = store_->write(push_sub("r1", 0, "a", 100));
  ASSERT_FALSE(closed.ok());
  EXPECT_EQ(closed.error().code, storage_error);
  EXPECT_EQ(endpoints(*store_, "r1", 0), Names{});
}

TEST_P(StoreContract, ClosingARoomDropsItsPushSubscriptionsOnly) {
  seed_room();
  ASSERT_TRUE(store_->write(StoredRoomInfo{"r2", "{}", 43}).ok());
  ASSERT_TRUE(store_->write(StoredRoomInfo{"idle", "{}", 44}).ok());
  for (const char* room : {"r1", "r2", "idle"}) {
    ASSERT_TRUE(store_->write(push_sub(room, 0, "a", 100)).ok());
    ASSERT_TRUE(store_->write(push_sub(room, 1, "b", 100)).ok());
  }
  // r2 stays active after the cut below; r1 and idle are closed, one each way.
  ASSERT_TRUE(store_->write(StoredChat{"r2", 0, "A", "players", "hi", 5000}).ok());
  ASSERT_TRUE(store_->write(StoredClose{"r1", 900}).ok());
  EXPECT_EQ(endpoints(*store_, "r1", 0), Names{});
  EXPECT_EQ(endpoints(*store_, "r1", 1), Names{});
  EXPECT_EQ(endpoints(*store_, "idle", 0), Names{"a"});
  auto closed = store_->close_idle_rooms(1000, 6000, 10);
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  EXPECT_EQ(*closed, Names{"idle"});
  EXPECT_EQ(endpoints(*store_, "idle", 0), Names{});
  EXPECT_EQ(endpoints(*store_, "idle", 1), Names{});
  EXPECT_EQ(endpoints(*store_, "r2", 0), Names{"a"});
  EXPECT_EQ(endpoints(*store_, "r2", 1), Names{"b"});
}

INSTANTIATE_TEST_SUITE_P(AllStores, StoreContract, ::testing::ValuesIn(kMakers),
                         [](const auto& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace banmen::server

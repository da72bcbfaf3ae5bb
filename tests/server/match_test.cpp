// The match part alone (rooms/match.h): deciding a move without changing anything, its
// commit, takebacks from kept positions or by replay, endings and a restart's replay,
// without a room, a strand, sockets or a store.
#include "rooms/match.h"

#include <gtest/gtest.h>

#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

const ClockSpec kFischer{ClockSpec::Kind::fischer, 60000, 2000, 0, 0};

RoomOptions chess() {
  RoomOptions o;
  o.game = "chess";
  return o;
}

Match started(const RoomOptions& options, std::int64_t now = 1000) {
  Match m;
  m.set_up(options.new_game().value(), kFischer, 1);
  m.begin(now);
  return m;
}

// Plays `move` arriving at `at`, committed `commit_delay` ms later.
void play(Match& m, std::string_view move, std::int64_t at, std::int64_t commit_delay = 0) {
  auto step = m.decide_move(move, "room", at, 1'700'000'000'000);
  ASSERT_TRUE(step) << move << ": " << step.error().message;
  m.commit_move(std::move(step.value()), at + commit_delay);
}

std::string last_move(const Match& m) {
  const auto n = m.game().history_size();
  return n == 0 ? "" : m.game().notation(n - 1, Viewer::referee);
}

TEST(Match, ADecidedMoveChangesNothingUntilCommitted) {
  Match m = started(chess());
  auto step = m.decide_move("e2e4", "r1", 1500, 42);
  ASSERT_TRUE(step);
  EXPECT_EQ(m.game().history_size(), 0u);
  EXPECT_EQ(step.value().next->history_size(), 1u);
  const StoredMove& rec = step.value().record;
  EXPECT_EQ(rec.room_id, "r1");
  EXPECT_EQ(rec.game_no, 1);
  EXPECT_EQ(rec.ply, 1);
  EXPECT_EQ(rec.move, step.value().next->notation(0, Viewer::referee));
  EXPECT_EQ(rec.server_ms, 42);
  EXPECT_EQ(rec.used_ms, 500);  // the turn began at 1000
  m.commit_move(std::move(step.value()), 1510);
  EXPECT_EQ(m.game().history_size(), 1u);
  ASSERT_EQ(m.move_times().size(), 1u);
  EXPECT_EQ(m.move_times()[0], 500);
  EXPECT_EQ(m.clock_before().size(), 1u);
}

TEST(Match, AnIllegalMoveIsRefusedWithTheRulesCodeAndNothingChanges) {
  Match m = started(chess());
  auto step = m.decide_move("e2e5", "r", 1100, 0);
  ASSERT_FALSE(step);
  EXPECT_EQ(step.error().code, errc::illegal_move);
  auto garbage = m.decide_move("zz", "r", 1100, 0);
  ASSERT_FALSE(garbage);
  EXPECT_EQ(m.game().history_size(), 0u);
  EXPECT_TRUE(m.playing());
}

TEST(Match, ClocksRunFromTheSecondPlyAndTheCommitIsChargedToNobody) {
  Match m = started(chess(), 0);
  play(m, "e2e4", 3000);
  EXPECT_EQ(m.clock().running(), -1);  // the first moves have their own countdown
  play(m, "e7e5", 5000);
  EXPECT_EQ(m.clock().running(), 0);
  // White thinks 4 s; the store takes 300 ms to commit: only the 4 s are charged.
  auto step = m.decide_move("g1f3", "r", 9000, 0);
  ASSERT_TRUE(step);
  EXPECT_EQ(step.value().record.remaining_ms[0], 60000 - 4000 + 2000);
  m.commit_move(std::move(step.value()), 9300);
  EXPECT_EQ(m.clock().running(), 1);
  EXPECT_EQ(m.clock().at(9300).remaining_ms[1], 60000);
  EXPECT_EQ(m.move_times()[2], 4000);
}

TEST(Match, ATakebackOfOneOrTwoPliesReplaysNothing) {
  for (std::size_t keep : {3u, 2u}) {
    Match m = started(chess(), 0);
    for (auto mv : {"e2e4", "e7e5", "g1f3", "b8c6"}) play(m, mv, 100 * m.game().history_size());
    const ClockState then = m.clock_before()[keep];
    auto back = m.take_back(keep, chess(), 10'000);
    ASSERT_TRUE(back);
    EXPECT_EQ(back.value(), 0u) << "to ply " << keep;
    EXPECT_EQ(m.game().history_size(), keep);
    EXPECT_EQ(m.clock_before().size(), keep);
    EXPECT_EQ(m.move_times().size(), keep);
    EXPECT_EQ(m.clock().running(), static_cast<int>(keep % 2));  // the side to move's
    for (int s = 0; s < 2; ++s)
      EXPECT_EQ(m.clock().at(10'000).remaining_ms[s], then.remaining_ms[s]);
  }
  // Before the second ply no clock runs.
  Match m = started(chess(), 0);
  play(m, "e2e4", 0);
  play(m, "e7e5", 0);
  ASSERT_TRUE(m.take_back(1, chess(), 0));
  EXPECT_EQ(m.clock().running(), -1);
}

TEST(Match, ATakebackPastTheKeptPositionsReplaysAndIsTheSameGame) {
  Match m = started(chess(), 0);
  for (auto mv : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) play(m, mv, 0);
  auto back = m.take_back(2, chess(), 0);
  ASSERT_TRUE(back);
  EXPECT_EQ(back.value(), 2u);  // replayed from the start
  EXPECT_EQ(m.game().history_size(), 2u);
  EXPECT_EQ(last_move(m), "e7e5");
  // And play goes on from there.
  play(m, "d2d4", 0);
  EXPECT_EQ(m.game().history_size(), 3u);
}

TEST(Match, AKeptPositionOfAnotherGameIsNeverUsed) {
  Match m = started(chess(), 0);
  play(m, "e2e4", 0);
  play(m, "e7e5", 0);
  // A new game (a rematch) from the same start, with different moves.
  m.set_up(chess().new_game().value(), kFischer, 2);
  m.begin(0);
  play(m, "d2d4", 0);
  play(m, "d7d5", 0);
  play(m, "c2c4", 0);
  auto back = m.take_back(2, chess(), 0);
  ASSERT_TRUE(back);
  EXPECT_EQ(last_move(m), "d7d5");
}

TEST(Match, AStartTheStoreRefusedIsPutBack) {
  Match m = started(chess(), 0);
  play(m, "e2e4", 0);
  m.end(Outcome::win(0, "resign"), 10);
  auto replaced = m.set_up(chess().new_game().value(), kFischer, 2);
  EXPECT_EQ(m.game_no(), 2);
  EXPECT_EQ(m.game().history_size(), 0u);
  m.put_back(std::move(replaced));
  EXPECT_EQ(m.game_no(), 1);
  EXPECT_EQ(m.game().history_size(), 1u);
  EXPECT_EQ(m.status(), Match::Status::over);
}

TEST(Match, EndingHaltsTheClocksAndTheRecordKeepsTheRulesEnding) {
  Match m = started(chess(), 0);
  for (auto mv : {"f2f3", "e7e5", "g2g4", "d8h4"}) play(m, mv, 0);
  ASSERT_TRUE(m.game().over());  // fool's mate
  // A resignation claimed after the mate is recorded as the rules' ending.
  const auto rec = m.finish_record(Outcome::win(0, "resign"), "r", 7);
  EXPECT_EQ(rec.outcome.kind, "win");
  EXPECT_EQ(rec.outcome.winner, 1);
  EXPECT_EQ(rec.game_no, 1);
  EXPECT_TRUE(m.playing());  // a record changes nothing
  m.end(m.game().outcome(), 100);
  EXPECT_EQ(m.status(), Match::Status::over);
  EXPECT_EQ(m.clock().running(), -1);
  const int seats[2] = {0, 1};
  m.add_points(seats);
  EXPECT_EQ(m.score()[0], 0);
  EXPECT_EQ(m.score()[1], 1);
}

TEST(Match, AStoredGameReplaysWithEachPlysClocks) {
  Match live = started(chess(), 0);
  std::vector<StoredMove> stored;
  std::int64_t t = 0;
  for (auto mv : {"e2e4", "e7e5", "g1f3", "b8c6"}) {
    t += 1000;
    auto step = live.decide_move(mv, "r", t, 0);
    ASSERT_TRUE(step);
    stored.push_back(step.value().record);
    live.commit_move(std::move(step.value()), t);
  }
  Match restored;
  restored.set_up(chess().new_game().value(), kFischer, 1);
  ASSERT_TRUE(restored.replay_stored(stored, kFischer));
  restored.restore_playing(0);
  EXPECT_EQ(restored.game().history_size(), 4u);
  EXPECT_EQ(restored.move_times(), live.move_times());
  ASSERT_EQ(restored.clock_before().size(), live.clock_before().size());
  for (std::size_t i = 0; i < stored.size(); ++i)
    for (int s = 0; s < 2; ++s)
      EXPECT_EQ(restored.clock_before()[i].remaining_ms[s], live.clock_before()[i].remaining_ms[s])
          << "ply " << i << " seat " << s;
  // A stored ply that does not replay is an error naming it.
  stored[2].move = "a1a8";
  Match broken;
  broken.set_up(chess().new_game().value(), kFischer, 1);
  auto r = broken.replay_stored(stored, kFischer);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("stored ply 3"), std::string::npos);
}

}  // namespace
}  // namespace banmen::server

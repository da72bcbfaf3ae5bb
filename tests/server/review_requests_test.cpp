// The review's requests as values (rooms/review_requests.h): each step's refusal, event and
// whether older moves become stale, and when the store is asked to keep the review; on a
// board of a finished chess game, without a room, a strand, a store or sockets.
#include "rooms/review_requests.h"

#include <gtest/gtest.h>

#include "core/variation_text.h"
#include "games/registry.h"
#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

using Event = ReviewStep::Event;

// The review of a chess game of `plies` plies (the first legal moves), resigned.
ReviewBoard review_of_chess(int plies) {
  auto game = create_game("chess").value();
  for (int i = 0; i < plies; ++i) EXPECT_TRUE(game->apply(game->legal_moves()[0]));
  game->finish(Outcome::win(1, "resignation"));
  auto start = create_game("chess", game->initial_position()).value();
  return std::move(ReviewBoard::of_game(*start, *game, 1).value());
}

TEST(ReviewRequests, TheStartPlyIsTheOneAskedForOrTheLastWithinTheGame) {
  EXPECT_EQ(review_start_ply({}, 7).value(), 7u);
  EXPECT_EQ(review_start_ply({0}, 7).value(), 0u);
  EXPECT_EQ(review_start_ply({7}, 7).value(), 7u);
  for (std::int64_t outside : {-1, 8}) {
    auto ply = review_start_ply({outside}, 7);
    ASSERT_FALSE(ply);
    EXPECT_EQ(ply.error().code, errc::bad_request);
    EXPECT_EQ(ply.error().message, "ply is 0..7");
  }
}

TEST(ReviewRequests, OpeningAndClosingSendTheWholeReview) {
  auto board = review_of_chess(4);
  board.set_open(false);
  const auto opened = review_open(board, 2);
  EXPECT_FALSE(opened.refusal);
  EXPECT_EQ(opened.event, Event::whole);
  EXPECT_TRUE(opened.moved);
  EXPECT_TRUE(board.open());
  const auto closed = review_close(board);
  EXPECT_EQ(closed.event, Event::whole);
  EXPECT_FALSE(closed.moved);
  EXPECT_FALSE(board.open());
}

TEST(ReviewRequests, AMoveFromAnOlderVersionIsStaleAndChangesNothing) {
  auto board = review_of_chess(2);
  board.set_moved_version(10);
  const auto nodes = board.tree().size();
  const auto stale = review_move(board, {"e2e4", 9});
  ASSERT_TRUE(stale.refusal);
  EXPECT_EQ(stale.refusal->code, errc::stale_version);
  EXPECT_EQ(stale.event, Event::none);
  EXPECT_EQ(board.tree().size(), nodes);
  // The version seen, a newer one or none: played, a change that moves the board.
  ASSERT_TRUE(review_goto(board, {0}).refusal == std::nullopt);
  for (std::optional<std::int64_t> seen :
       {std::optional<std::int64_t>(10), std::optional<std::int64_t>()}) {
    ASSERT_FALSE(review_goto(board, {0}).refusal);
    const auto played = review_move(board, {"d2d4", seen});
    EXPECT_FALSE(played.refusal) << played.refusal->message;
    EXPECT_EQ(played.event, Event::change);
    EXPECT_TRUE(played.moved);
  }
  EXPECT_EQ(board.tree().size(), nodes + 1);  // the second time the same child is reused
}

TEST(ReviewRequests, AnIllegalMoveOrAnUnknownNodeIsRefusedWithTheBoardsReason) {
  auto board = review_of_chess(2);
  const auto illegal = review_move(board, {"e2e5", std::nullopt});
  ASSERT_TRUE(illegal.refusal);
  EXPECT_EQ(illegal.refusal->code, errc::illegal_move);
  for (std::int64_t node : {std::int64_t{-1}, static_cast<std::int64_t>(board.tree().size())}) {
    const auto nowhere = review_goto(board, {node});
    ASSERT_TRUE(nowhere.refusal);
    EXPECT_EQ(nowhere.refusal->code, errc::unknown_node);
  }
}

TEST(ReviewRequests, ShapesAndTheSpectatorsLeaveChangeButDoNotMoveTheBoard) {
  auto board = review_of_chess(2);
  const auto drawn = review_draw(board, {{{"e2", std::string("e4"), "green"}}});
  EXPECT_FALSE(drawn.refusal);
  EXPECT_EQ(drawn.event, Event::change);
  EXPECT_FALSE(drawn.moved);
  const auto off_board = review_draw(board, {{{"z9", std::nullopt, "green"}}});
  ASSERT_TRUE(off_board.refusal);
  EXPECT_EQ(off_board.refusal->code, errc::bad_request);
  const auto allowed = review_allow(board, {true});
  EXPECT_FALSE(allowed.moved);
  EXPECT_TRUE(board.spectators_may_drive());
}

TEST(ReviewRequests, TheStoreKeepsTheReviewOnlyWhenItsTreeOrOpennessChanged) {
  auto board = review_of_chess(2);
  ReviewKeeping keeping;
  auto first = keeping.write_for(board, "room1", 5);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->room_id, "room1");
  EXPECT_EQ(first->game_no, 1);
  EXPECT_EQ(first->tree_text, write_variation_text(board.tree()));
  EXPECT_EQ(first->server_ms, 5);
  EXPECT_FALSE(keeping.write_for(board, "room1", 6));  // nothing changed
  // A goto or an arrow: no write.
  ASSERT_FALSE(review_goto(board, {0}).refusal);
  ASSERT_FALSE(review_draw(board, {{{"e2", std::nullopt, "red"}}}).refusal);
  EXPECT_FALSE(keeping.write_for(board, "room1", 7));
  // A new node: written; closing: written.
  ASSERT_FALSE(review_move(board, {"g1f3", std::nullopt}).refusal);
  EXPECT_TRUE(keeping.write_for(board, "room1", 8));
  review_close(board);
  auto closed = keeping.write_for(board, "room1", 9);
  ASSERT_TRUE(closed);
  EXPECT_FALSE(closed->open);
  // A review read back from the store counts as kept.
  ReviewKeeping restored;
  restored.kept(board);
  EXPECT_FALSE(restored.write_for(board, "room1", 10));
}

TEST(ReviewRequests, TheSavedRecordNamesThePlayersByTheirSeatsAndTheGame) {
  const std::string players[2] = {"Hanako", ""};
  const auto info = review_save_info("abc", 3, players, "10+5");
  EXPECT_EQ(info.players[0], "Hanako");
  EXPECT_EQ(info.players[1], "");
  EXPECT_EQ(info.event, "Banmen room abc, game 3, review");
  EXPECT_EQ(info.time_control, "10+5");
}

}  // namespace
}  // namespace banmen::server

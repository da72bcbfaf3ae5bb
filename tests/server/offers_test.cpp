// The offers part alone (rooms/offers.h): each request's step and the state it leaves,
// without a room, a strand, sockets or a store.
#include "rooms/offers.h"

#include <gtest/gtest.h>

#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

using Then = OfferStep::Then;
const OfferFacts kSeat0{0, false};
const OfferFacts kSeat1{1, false};

TEST(Offers, DrawOfferIsMadeOnceAndDeclined) {
  Offers o;
  auto made = o.draw("draw_offer", kSeat0);
  EXPECT_EQ(made.then, Then::ack);
  ASSERT_EQ(made.events.size(), 1u);
  EXPECT_EQ(made.events[0], (OfferEvent{"draw", 0, "made"}));
  EXPECT_TRUE(made.computer_answers.empty());
  EXPECT_EQ(o.draw_by(), 0);
  // Offered again: acknowledged, nothing published.
  auto again = o.draw("draw_offer", kSeat0);
  EXPECT_EQ(again.then, Then::ack);
  EXPECT_TRUE(again.events.empty());
  auto declined = o.draw("draw_decline", kSeat1);
  EXPECT_EQ(declined.then, Then::ack);
  ASSERT_EQ(declined.events.size(), 1u);
  EXPECT_EQ(declined.events[0], (OfferEvent{"draw", 0, "declined"}));
  EXPECT_EQ(o.draw_by(), -1);
}

TEST(Offers, DrawAgreedOnlyOnceRecorded) {
  Offers o;
  o.draw("draw_offer", kSeat0);
  // Both offering is an agreement, as is accepting; the offer stays until it is recorded.
  EXPECT_EQ(o.draw("draw_offer", kSeat1).then, Then::agree_draw);
  EXPECT_EQ(o.draw("draw_accept", kSeat1).then, Then::agree_draw);
  EXPECT_EQ(o.draw_by(), 0);
  EXPECT_EQ(o.draw_agreed(), (OfferEvent{"draw", 0, "accepted"}));
  EXPECT_EQ(o.draw_by(), -1);
}

TEST(Offers, AnsweringNoDrawIsRefused) {
  Offers o;
  auto s = o.draw("draw_accept", kSeat1);
  EXPECT_EQ(s.then, Then::refuse);
  EXPECT_EQ(s.code, errc::no_offer);
  o.draw("draw_offer", kSeat0);
  // One's own offer is not the other's to answer.
  EXPECT_EQ(o.draw("draw_decline", kSeat0).code, errc::no_offer);
}

TEST(Offers, TheComputerDeclinesDrawsAndAcceptsTakebacks) {
  Offers o;
  const OfferFacts vs_computer{0, true};
  EXPECT_EQ(o.draw("draw_offer", vs_computer).computer_answers, "draw_decline");
  EXPECT_EQ(o.takeback("takeback_request", vs_computer, true, 1, 1).computer_answers,
            "takeback_accept");
}

TEST(Offers, TakebackNeedsTheOptionAndAMove) {
  Offers o;
  EXPECT_EQ(o.takeback("takeback_request", kSeat0, false, 1, 3).code, errc::takebacks_disabled);
  // Seat 0 to move with one ply played: seat 0 has no move of its own to take back.
  EXPECT_EQ(o.takeback("takeback_request", kSeat0, true, 0, 1).code, errc::nothing_to_take_back);
  EXPECT_EQ(o.takeback("takeback_accept", kSeat1, true, 1, 1).code, errc::no_offer);
  EXPECT_EQ(o.takeback_by(), -1);
}

TEST(Offers, TakebackAcceptedKeepsThePliesBeforeTheAskersMove) {
  Offers o;
  // Seat 0 moved last (seat 1 to move, 3 plies): one ply back.
  auto made = o.takeback("takeback_request", kSeat0, true, 1, 3);
  ASSERT_EQ(made.events.size(), 1u);
  EXPECT_EQ(made.events[0], (OfferEvent{"takeback", 0, "made"}));
  auto accepted = o.takeback("takeback_accept", kSeat1, true, 1, 3);
  EXPECT_EQ(accepted.then, Then::take_back);
  EXPECT_EQ(accepted.keep, 2u);
  EXPECT_EQ(accepted.by, 0);
  EXPECT_EQ(accepted.events[0], (OfferEvent{"takeback", 0, "accepted"}));
  // Until recorded, the offer stands; then every offer of the position goes.
  EXPECT_EQ(o.takeback_by(), 0);
  o.draw("draw_offer", kSeat1);
  o.taken_back();
  EXPECT_EQ(o.takeback_by(), -1);
  EXPECT_EQ(o.draw_by(), -1);
}

TEST(Offers, TakebackOfTwoPliesWhenTheAskerIsToMove) {
  Offers o;
  o.takeback("takeback_request", kSeat0, true, 0, 4);
  EXPECT_EQ(o.takeback("takeback_accept", kSeat1, true, 0, 4).keep, 2u);
  // Accepting changed nothing yet: the offer may still be declined.
  auto declined = o.takeback("takeback_decline", kSeat1, true, 0, 4);
  EXPECT_EQ(declined.then, Then::ack);
  EXPECT_EQ(declined.events[0], (OfferEvent{"takeback", 0, "declined"}));
  EXPECT_EQ(o.takeback_by(), -1);
}

TEST(Offers, RematchNeedsBothPlayers) {
  Offers o;
  const int seats[2] = {1, 0};  // sides swapped
  EXPECT_EQ(o.rematch("rematch_accept", 0, {1, false}).code, errc::no_offer);
  auto made = o.rematch("rematch_offer", 0, {1, false});
  EXPECT_EQ(made.events[0], (OfferEvent{"rematch", 1, "made"}));
  EXPECT_EQ(o.to_json(seats)["rematch"], 1);
  EXPECT_EQ(o.rematch("rematch_accept", 1, {0, false}).then, Then::start_rematch);
  o.rematch_failed(1);
  EXPECT_FALSE(o.rematch_wanted(1));
  EXPECT_TRUE(o.rematch_wanted(0));
  auto declined = o.rematch("rematch_decline", 1, {0, false});
  EXPECT_EQ(declined.events[0], (OfferEvent{"rematch", 1, "declined"}));
  EXPECT_FALSE(o.rematch_wanted(0));
}

TEST(Offers, TheComputerAlwaysWantsARematch) {
  Offers o;
  EXPECT_EQ(o.rematch("rematch_offer", 0, {0, true}).then, Then::start_rematch);
}

TEST(Offers, ComputerOfferCarriesItsLevel) {
  Offers o;
  auto made = o.computer("computer_offer", kSeat1, 3);
  EXPECT_EQ(made.events[0], (OfferEvent{"computer", 1, "made", 3}));
  EXPECT_EQ(made.events[0].to_json()["level"], 3);
  const int seats[2] = {0, 1};
  EXPECT_EQ(o.to_json(seats)["computer"], (json{{"seat", 1}, {"level", 3}}));
  EXPECT_EQ(o.computer("computer_accept", kSeat1, 0).code, errc::no_offer);
  auto accepted = o.computer("computer_accept", kSeat0, 0);
  EXPECT_EQ(accepted.then, Then::hand_to_computer);
  EXPECT_EQ(accepted.by, 1);
  EXPECT_EQ(accepted.level, 3);
  EXPECT_EQ(o.computer_by(), -1);  // spent before the write, as an answer is given once
}

TEST(Offers, AMoveWithdrawsTheMoversDrawAndEveryTakeback) {
  Offers o;
  o.draw("draw_offer", kSeat1);
  EXPECT_TRUE(o.after_move(0).empty());  // the opponent's draw offer stands
  EXPECT_EQ(o.draw_by(), 1);
  auto gone = o.after_move(1);
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0], (OfferEvent{"draw", 1, "withdrawn"}));
  o.takeback("takeback_request", kSeat0, true, 1, 1);
  o.computer("computer_offer", kSeat1, 2);
  gone = o.withdraw();
  ASSERT_EQ(gone.size(), 2u);
  EXPECT_EQ(gone[0], (OfferEvent{"takeback", 0, "withdrawn"}));
  EXPECT_EQ(gone[1], (OfferEvent{"computer", 1, "withdrawn", 2}));
  EXPECT_EQ(gone[1].to_json(), (json{{"type", "offer"},
                                     {"kind", "computer"},
                                     {"seat", 1},
                                     {"state", "withdrawn"},
                                     {"level", 2}}));
}

}  // namespace
}  // namespace banmen::server

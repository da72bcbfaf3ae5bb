// Every capture shape of the spec, each as a board before and after one black move.
//
// The pictures show ranks a..g; the helper pads ranks h and i with idle pieces so both
// sides have seven before the move and no capture rule ends the game early.
#include <gtest/gtest.h>

#include "hasami_test_util.h"

namespace {

using namespace hasami_test;
using Ranks = std::vector<std::string>;

Ranks padded(Ranks ranks, int black_pad, int white_pad) {
  std::string h(9, '.'), i(9, '.');
  for (int k = 0; k < white_pad; ++k) h[static_cast<std::size_t>(8 - k)] = 'p';
  for (int k = 0; k < black_pad; ++k) i[static_cast<std::size_t>(k)] = 'P';
  ranks.push_back(h);
  ranks.push_back(i);
  return ranks;
}

int count(const Ranks& ranks, char piece) {
  int n = 0;
  for (const auto& r : ranks) n += static_cast<int>(std::count(r.begin(), r.end(), piece));
  return n;
}

// Plays black's `move` on `before` and expects `after`; returns the game for more checks.
banmen::GamePtr expect_capture(const Ranks& before, const std::string& move, const Ranks& after) {
  const int black_pad = 7 - count(before, 'P'), white_pad = 7 - count(before, 'p');
  auto g = make(picture(padded(before, black_pad, white_pad), 'b'));
  EXPECT_TRUE(g);
  if (!g) return nullptr;
  auto r = g->apply(move);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  EXPECT_EQ(g->position(), picture(padded(after, black_pad, white_pad), 'w', 2));
  return g;
}

TEST(HasamiCaptures, SingleSandwich) {
  expect_capture({e, e, e, "........P", "....p....", "....P....", e}, "1d5d",
                 {e, e, e, "....P....", e, "....P....", e});
}

TEST(HasamiCaptures, ALineOfSeveral) {
  expect_capture({e, e, e, e, "Pppp.....", e, "....P...."}, "5g5e",
                 {e, e, e, e, "P...P....", e, e});
}

TEST(HasamiCaptures, TwoDirectionsAtOnce) {
  expect_capture({e, e, e, e, "..Pp.pP..", e, "....P...."}, "5g5e",
                 {e, e, e, e, "..P.P.P..", e, e});
  expect_capture({e, e, "....P....", "....p....", "..Pp....P", e, e}, "1e5e",
                 {e, e, "....P....", e, "..P.P....", e, e});
}

TEST(HasamiCaptures, CornerShutIn) {
  expect_capture({".......Pp", e, e, e, e, e, "........P"}, "1g1b",
                 {".......P.", "........P", e, e, e, e, e});
}

TEST(HasamiCaptures, AnEdgeGroupOfSeveral) {
  // 5a, 4a and 3a against the top edge, shut in when black arrives on 5b.
  expect_capture({"...PpppP.", ".....PP..", e, e, e, e, "....P...."}, "5g5b",
                 {"...P...P.", "....PPP..", e, e, e, e, e});
}

TEST(HasamiCaptures, AnEdgeGroupWithAnEmptyNeighbourStays) {
  expect_capture({"...PpppP.", ".....P...", e, e, e, e, "....P...."}, "5g5b",
                 {"...PpppP.", "....PP...", e, e, e, e, e});
}

TEST(HasamiCaptures, AGroupAwayFromTheEdgeIsOnlySandwiched) {
  // 5e and 4e end up surrounded; arriving on 5d sandwiches 5e (with 5f) but 4e stays.
  expect_capture({e, "....P....", e, ".....P...", "...PppP..", "....PP...", e}, "5b5d",
                 {e, e, e, "....PP...", "...P.pP..", "....PP...", e});
}

TEST(HasamiCaptures, MovingIntoASandwichIsSafe) {
  expect_capture({e, e, e, e, "...p.p...", e, "....P...."}, "5g5e",
                 {e, e, e, e, "...pPp...", e, e});
}

TEST(HasamiCaptures, AShutInPieceTheMoveDoesNotTouchStays) {
  // 9a is already shut in by 8a and 9b; a move elsewhere does not take it.
  expect_capture({"pP.......", "P........", e, e, e, e, "........P"}, "1g1f",
                 {"pP.......", "P........", e, e, e, "........P", e});
}

TEST(HasamiCaptures, APieceTakenByBothRulesCountsOnce) {
  // 5a is sandwiched along the edge (6a and the arrival on 4a) and shut in with 5b.
  auto g = expect_capture({"...Pp...P", "....P....", e, e, e, e, e}, "1a4a",
                          {"...P.P...", "....P....", e, e, e, e, e});
  ASSERT_TRUE(g);
  auto record = g->export_record("transcript", banmen::Viewer::spectator, {});
  ASSERT_TRUE(record.ok());
  EXPECT_NE(record->find("Captures: 3-2\n"), std::string::npos) << *record;
}

}  // namespace

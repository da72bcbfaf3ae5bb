// Positions, moves and views as text: the canonical form round-trips, hands are read in
// any order, malformed or impossible positions are refused, each viewer sees its share,
// and the mover's errors come from what the mover knows.
#include <gtest/gtest.h>

#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Viewer;

TEST(DogcatNotation, StartPositionAndViews) {
  auto g = new_game();
  EXPECT_EQ(g->position(), "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1");
  EXPECT_EQ(g->view(Viewer::seat0), "5/5/5/5/5 b ?K?R?B?G?S?x?x?x?x?x 1");
  EXPECT_EQ(g->view(Viewer::seat1), "5/5/5/5/5 b ?X?X?X?X?X?k?r?b?g?s 1");
  EXPECT_EQ(g->view(Viewer::spectator), "5/5/5/5/5 b ?X?X?X?X?X?x?x?x?x?x 1");
  EXPECT_EQ(g->view(Viewer::referee), g->position());
}

TEST(DogcatNotation, CanonicalRoundTripAndAnyHandOrder) {
  const std::string canonical = "3?k1/1!b3/2+R2/3?K1/5 w ?B?G?SG?r?s 40";
  EXPECT_EQ(new_game(canonical)->position(), canonical);
  EXPECT_EQ(new_game("3?k1/1!b3/2+R2/3?K1/5 w ?sG?r?S?B?G 40")->position(), canonical);
  EXPECT_EQ(new_game("5/5/2?K2/5/5 w ?R?B?G?SG?k?r?b?s 6")->position(),
            "5/5/2?K2/5/5 w ?R?B?G?SG?k?r?b?s 6");
  EXPECT_EQ(new_game("5/5/2?K2/5/5 w 2G?R?B?S?k?r?b?s 6")->position(),
            "5/5/2?K2/5/5 w ?R?B?S2G?k?r?b?s 6");
}

TEST(DogcatNotation, PublicViewsOfAPlayedGame) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b", "2e2d"});
  EXPECT_EQ(g->view(Viewer::seat0), "5/2?x2/5/3?R1/5 w ?K?B?G?S?x?x?x?x 4");
  EXPECT_EQ(g->view(Viewer::seat1), "5/2?g2/5/3?X1/5 w ?X?X?X?X?k?r?b?s 4");
  play(*g, {"?S*2b", "?K*1e", "3b4b", "2d2b"});  // a rook slide that captures the silver
  EXPECT_EQ(g->view(Viewer::seat1), "5/1?g1!X1/5/5/4?X w ?X?X?XS?k?r?b 8");
  EXPECT_EQ(g->view(Viewer::seat0), "5/1?x1!R1/5/5/4?K w ?B?G?SS?x?x?x 8");
  EXPECT_EQ(g->notation(0, Viewer::seat0), "?R*2e");
  EXPECT_EQ(g->notation(0, Viewer::seat1), "?*2e");
  EXPECT_EQ(g->notation(0, Viewer::spectator), "?*2e");
  EXPECT_EQ(g->notation(0, Viewer::referee), "?R*2e");
  EXPECT_EQ(g->notation(1, Viewer::seat1), "?G*3b");
  EXPECT_EQ(g->notation(1, Viewer::seat0), "?*3b");
  EXPECT_EQ(g->notation(6, Viewer::spectator), "2d2b");
  // The captured silver may come back face up, anywhere; hidden drops stay in the camp.
  play(*g, {"4b4c"});
  auto moves = g->legal_moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "S*3a"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "?B*5e"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "?B*3c"), moves.end());
}

TEST(DogcatNotation, RefusesMalformedAndImpossiblePositions) {
  for (const char* bad : {
           " ",
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s",          // no move number
           "5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1",          // four ranks
           "5/5/5/5/6 b ?K?R?B?G?S?k?r?b?g?s 1",        // six squares
           "5/5/5/5/5 x ?K?R?B?G?S?k?r?b?g?s 1",        // side
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 0",        // move number
           "5/5/5/5/5 b ?K?R?B?G?S?X?x?x?x?x 1",        // a public view
           "5/5/5/5/4?X b ?R?B?G?S?k?r?b?g?s 1",        // a public view
           "5/5/5/5/5 b ?K?K?B?G?S?k?r?b?g?s 1",        // two hidden kings
           "5/5/5/5/5 b ?R?B?G?S?k?r?b?g?s 1",          // Dog has no king
           "5/5/5/5/4!K b ?R?B?G?S?k?r?b?g?s 1",        // a king that is no candidate
           "5/5/5/5/4K b ?R?B?G?S?k?r?b?g?s 1",         // a face-up king on the board
           "5/5/5/5/4?+R b ?K?B?G?S?k?r?b?g?s 1",       // a hidden promoted piece
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s3R 1",      // three rooks
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?sP 1",       // a pawn
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1 extra",  // five fields
           "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g2?s 1",       // a count on a hidden piece
           "5/5/5/5/5 b K?R?B?G?S?r?b?g?s 1",           // both kings gone
       }) {
    auto r = banmen::create_game("dogcat", bad);
    EXPECT_FALSE(r.ok()) << bad << " -> " << (r.ok() ? (*r)->position() : "");
  }
  auto r = banmen::create_game("dogcat", "5/5/5/5/5 b ?K?R?B?G?S?X?x?x?x?x 1");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "bad_position");
}

TEST(DogcatNotation, CapturedKingInHandEndsTheGame) {
  EXPECT_EQ(status(*new_game("5/5/5/3?R1/5 w ?K?B?G?SK?r?b?g?s 8")), "b king_captured");
}

TEST(DogcatNotation, ErrorsSpeakOnlyOfWhatTheMoverKnows) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b"});
  auto err = [&](const char* m) {
    auto c = g->clone();
    auto r = c->apply(m);
    return r.ok() ? std::string("ok") : r.error().code + ": " + r.error().message;
  };
  EXPECT_EQ(err("?*4e"), "bad_move: name the hidden piece you drop, for example ?R*4e");
  EXPECT_EQ(err("?R*4e"), "illegal_move: you hold no hidden rook");
  EXPECT_EQ(err("?K*4c"),
            "illegal_move: a hidden piece may be dropped only in your own camp (ranks d and e)");
  EXPECT_EQ(err("?K*2e"), "illegal_move: 2e is not empty");
  EXPECT_EQ(err("G*4c"), "illegal_move: you hold no captured gold to drop face up");
  EXPECT_EQ(err("3b3c"), "illegal_move: no piece of yours on 3b");
  EXPECT_EQ(err("2e1d"), "illegal_move: the piece on 2e cannot move to 1d");
  EXPECT_EQ(err("2e2d+"), "illegal_move: the piece on 2e cannot promote on this move");
  EXPECT_EQ(err("k*2e").substr(0, 9), "bad_move:");
  EXPECT_EQ(err("2e2d"), "ok");
}

TEST(DogcatNotation, GameInfo) {
  auto g = new_game();
  EXPECT_EQ(g->info().id, "dogcat");
  EXPECT_TRUE(g->info().hidden_information);
  EXPECT_FALSE(g->in_check());
}

}  // namespace
}  // namespace dogcat_test

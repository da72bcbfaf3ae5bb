// The "record" format: a full record round-trips through import; a record exported for a
// seat or a spectator before the end holds only what that viewer may see.
#include <gtest/gtest.h>

#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Viewer;

banmen::RecordInfo info() {
  banmen::RecordInfo r;
  r.players[0] = "alice";
  r.players[1] = "bob\nEvil: 1";  // a header value may not add lines
  r.time_control = "10+5";
  r.move_times_ms = {1200, 800};
  return r;
}

TEST(DogcatRecord, FullRecordRoundTrips) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b", "2e2d", "3b3c"});
  auto text = g->export_record("record", Viewer::referee, info());
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("View: all\nPosition: 5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1\n"
                       "1 ?R*2e 1200\n2 ?G*3b 800\n3 2e2d\n4 3b3c\nResult: ongoing\n"),
            std::string::npos)
      << *text;
  EXPECT_NE(text->find("Cat: bob Evil: 1\n"), std::string::npos);
  auto back = banmen::import_game("dogcat", "record", *text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->position(), g->position());
  EXPECT_EQ((*back)->history_size(), 4u);
}

TEST(DogcatRecord, ViewerRecordHidesTheOtherSide) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b"});
  auto cat = g->export_record("record", Viewer::seat1, info());
  ASSERT_TRUE(cat.ok());
  EXPECT_NE(cat->find("View: cat\nPosition: 5/5/5/5/5 b ?X?X?X?X?X?k?r?b?g?s 1\n"
                      "1 ?*2e 1200\n2 ?G*3b 800\n"),
            std::string::npos)
      << *cat;
  auto spectator = g->export_record("record", Viewer::spectator, info());
  ASSERT_TRUE(spectator.ok());
  EXPECT_EQ(spectator->find("?R"), std::string::npos);
  EXPECT_EQ(spectator->find("?G"), std::string::npos);
  // Such a record cannot be imported: it lacks the hidden types.
  auto r = banmen::import_game("dogcat", "record", *cat);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "bad_record");
}

TEST(DogcatRecord, ExternalEndingRoundTripsAndRevealsAll) {
  auto g = new_game();
  play(*g, {"?R*2e", "?G*3b"});
  g->finish(banmen::Outcome::win(1, "timeout"));
  auto text = g->export_record("record", Viewer::spectator, info());
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("View: all\n"), std::string::npos);
  EXPECT_NE(text->find("1 ?R*2e"), std::string::npos);
  EXPECT_NE(text->find("Result: w timeout\n"), std::string::npos);
  auto back = banmen::import_game("dogcat", "record", *text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->outcome(), banmen::Outcome::win(1, "timeout"));
}

TEST(DogcatRecord, RefusesBadRecords) {
  const std::string head =
      "dogcat record\nView: all\nPosition: 5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1\n";
  for (const std::string& bad : {
           std::string("not a record"),
           head + "1 ?R*2e\n",                                    // no result
           head + "1 ?R*2e\n3 ?G*3b\nResult: ongoing\n",          // a ply skipped
           head + "1 ?R*3c\nResult: ongoing\n",                   // an illegal move
           head + "1 ?R*2e\nResult: b king_captured\n",           // a result the moves do not give
           head + "1 ?R*2e\n2 ?G*2b\n3 2e2c\nResult: ongoing\n",  // they end the game
       }) {
    auto r = banmen::import_game("dogcat", "record", bad);
    EXPECT_FALSE(r.ok()) << bad;
  }
  EXPECT_EQ(banmen::import_game("dogcat", "kif", "x").error().code, "unsupported");
}

}  // namespace
}  // namespace dogcat_test

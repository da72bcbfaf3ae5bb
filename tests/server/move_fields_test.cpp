// The request table's reading of a `move` request (rooms/request.h): read once, into typed
// fields, or refused as a whole when one is missing, empty or too long.
#include <gtest/gtest.h>

#include <string>

#include "rooms/request.h"

namespace banmen::server {
namespace {

TEST(MoveFields, AWellFormedMoveIsReadOnce) {
  auto m = parse_move_fields(
      json{{"type", "move"}, {"move", "7g7f"}, {"version", 12}, {"move_id", "a1"}});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->text, "7g7f");
  EXPECT_EQ(m->version, 12);
  EXPECT_EQ(m->id, "a1");
}

TEST(MoveFields, EachFieldIsNeeded) {
  const json full{{"move", "e2e4"}, {"version", 1}, {"move_id", "x"}};
  for (const char* key : {"move", "version", "move_id"}) {
    json m = full;
    m.erase(key);
    EXPECT_FALSE(parse_move_fields(m)) << key;
  }
  EXPECT_FALSE(parse_move_fields(json{{"move", ""}, {"version", 1}, {"move_id", "x"}}));
  EXPECT_FALSE(parse_move_fields(json{{"move", "e2e4"}, {"version", 1}, {"move_id", ""}}));
  EXPECT_FALSE(parse_move_fields(json{{"move", "e2e4"}, {"version", "1"}, {"move_id", "x"}}));
  EXPECT_FALSE(parse_move_fields(json{{"move", 5}, {"version", 1}, {"move_id", "x"}}));
}

TEST(MoveFields, SizesAreBounded) {
  EXPECT_TRUE(parse_move_fields(json{{"move", std::string(kMaxMoveText, 'a')},
                                     {"version", 1},
                                     {"move_id", std::string(kMaxMoveId, 'b')}}));
  EXPECT_FALSE(parse_move_fields(
      json{{"move", std::string(kMaxMoveText + 1, 'a')}, {"version", 1}, {"move_id", "x"}}));
  EXPECT_FALSE(parse_move_fields(
      json{{"move", "a"}, {"version", 1}, {"move_id", std::string(kMaxMoveId + 1, 'b')}}));
}

}  // namespace
}  // namespace banmen::server

#include "message_type.h"

#include <gtest/gtest.h>

namespace banmen::load {
namespace {

TEST(MessageType, FindsTheTypeWhereverItIs) {
  EXPECT_EQ(message_type(R"({"type":"joined","re":4})"), "joined");
  EXPECT_EQ(message_type(R"({"re":4,"room":"x","type":"error"})"), "error");
  EXPECT_EQ(message_type(R"({ "type" : "move", "ply": 3 })"), "move");
}

TEST(MessageType, SkipsTheWordTypeInValues) {
  EXPECT_EQ(message_type(R"({"text":"\"type\" is a word","type":"chat"})"), "chat");
}

TEST(MessageType, EmptyWithoutType) {
  EXPECT_EQ(message_type(R"({"kind":"none"})"), "");
  EXPECT_EQ(message_type(R"({"type":)"), "");
  EXPECT_EQ(message_type(R"({"type":"unterminated)"), "");
  EXPECT_EQ(message_type(""), "");
}

}  // namespace
}  // namespace banmen::load

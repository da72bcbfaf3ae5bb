// The table of requests outside a room (app/lobby_requests.h): each type read once into a
// typed request, and each malformed one refused with its code, without a connection.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "app/lobby_requests.h"
#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

std::string code_of(std::string_view text) {
  auto parsed = parse_request(text);
  return parsed.request ? std::string("ok") : parsed.request.error().code;
}

template <class T>
T* typed(ParsedRequest& parsed) {
  return parsed.request ? std::get_if<T>(&parsed.request.value()) : nullptr;
}

TEST(LobbyRequests, MessagesAreJsonObjectsWithAType) {
  auto parsed = parse_request("not json");
  ASSERT_FALSE(parsed.request);
  EXPECT_EQ(parsed.request.error().code, errc::bad_request);
  EXPECT_TRUE(parsed.re.is_null());
  EXPECT_EQ(code_of("[1,2]"), errc::bad_request);
  auto untyped = parse_request(R"({"id":4})");
  ASSERT_FALSE(untyped.request);
  EXPECT_EQ(untyped.request.error().code, errc::bad_request);
  EXPECT_EQ(untyped.re, 4);
  EXPECT_EQ(code_of(R"({"type":"fly"})"), errc::unknown_type);
  EXPECT_EQ(code_of(R"({"type":5})"), errc::bad_request);
}

TEST(LobbyRequests, HelloReadsTheVersionAsked) {
  auto plain = parse_request(R"({"type":"hello","id":"h"})");
  auto* hello = typed<Hello>(plain);
  ASSERT_NE(hello, nullptr);
  EXPECT_FALSE(hello->protocol);
  EXPECT_EQ(plain.re, "h");
  auto asked = parse_request(R"({"type":"hello","protocol":7})");
  ASSERT_NE(typed<Hello>(asked), nullptr);
  EXPECT_EQ(typed<Hello>(asked)->protocol, 7);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":0})"), errc::bad_request);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":"2"})"), errc::bad_request);
}

TEST(LobbyRequests, RequestsWithoutFields) {
  auto ping = parse_request(R"({"type":"ping"})");
  EXPECT_NE(typed<Ping>(ping), nullptr);
  auto list = parse_request(R"({"type":"list_rooms"})");
  EXPECT_NE(typed<ListRooms>(list), nullptr);
  auto leave = parse_request(R"({"type":"leave_room"})");
  EXPECT_NE(typed<LeaveRoom>(leave), nullptr);
  EXPECT_TRUE(leave.room_choice);
  EXPECT_FALSE(ping.room_choice);
}

TEST(LobbyRequests, CheckVariantNeedsText) {
  auto parsed = parse_request(R"({"type":"check_variant","variant":"[x]","variant_name":"x"})");
  auto* check = typed<CheckVariant>(parsed);
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->variant, "[x]");
  EXPECT_EQ(check->variant_name, "x");
  auto unnamed = parse_request(R"({"type":"check_variant","variant":"[x]"})");
  ASSERT_NE(typed<CheckVariant>(unnamed), nullptr);
  EXPECT_EQ(typed<CheckVariant>(unnamed)->variant_name, "");
  EXPECT_EQ(code_of(R"({"type":"check_variant"})"), errc::bad_request);
  EXPECT_EQ(code_of(R"({"type":"check_variant","variant":3})"), errc::bad_request);
  EXPECT_EQ(code_of(R"({"type":"check_variant","variant":"[x]","variant_name":3})"),
            errc::bad_request);
}

TEST(LobbyRequests, CreateRoomReadsItsOptionsAndName) {
  auto parsed = parse_request(R"({"type":"create_room","game":"reversi","name":"Ann"})");
  auto* create = typed<CreateRoom>(parsed);
  ASSERT_NE(create, nullptr);
  EXPECT_EQ(create->options.game, "reversi");
  EXPECT_EQ(create->name, "Ann");
  EXPECT_TRUE(parsed.room_choice);
  auto unknown = parse_request(R"({"type":"create_room","game":"nope"})");
  ASSERT_FALSE(unknown.request);
  EXPECT_EQ(unknown.request.error().code, errc::unknown_game);
  // Refused for its options, it still counts as a choice of room.
  EXPECT_TRUE(unknown.room_choice);
}

TEST(LobbyRequests, ANameMustBePlainTextBeforeAnythingElse) {
  for (std::string_view text :
       {R"({"type":"create_room","game":"nope","name":"a\nb"})",
        R"({"type":"join_room","name":"a\u200bb"})", R"({"type":"join_room","name":5})"}) {
    auto parsed = parse_request(text);
    ASSERT_FALSE(parsed.request) << text;
    EXPECT_EQ(parsed.request.error().code, errc::bad_name) << text;
    // Refused for its name, it is no choice of room.
    EXPECT_FALSE(parsed.room_choice) << text;
  }
}

TEST(LobbyRequests, JoinRoomChecksTheRoomAndToken) {
  auto parsed = parse_request(R"({"type":"join_room","room":"r1","token":"t1","since":3})");
  auto* join = typed<JoinRoom>(parsed);
  ASSERT_NE(join, nullptr);
  EXPECT_EQ(join->room, "r1");
  // The rest of the join message is read here too, typed.
  EXPECT_EQ(join->since, 3);
  EXPECT_EQ(join->token, "t1");
  EXPECT_EQ(join->name, "Player");
  EXPECT_TRUE(parsed.room_choice);
  EXPECT_EQ(code_of(R"({"type":"join_room"})"), errc::bad_request);
  EXPECT_EQ(code_of(R"({"type":"join_room","room":"a b"})"), errc::bad_request);
  EXPECT_EQ(code_of(R"({"type":"join_room","room":"r1","token":"bad token"})"), errc::bad_token);
  EXPECT_EQ(code_of(R"({"type":"join_room","room":"r1","token":7})"), errc::bad_request);
  auto refused = parse_request(R"({"type":"join_room","room":""})");
  EXPECT_TRUE(refused.room_choice);
}

TEST(LobbyRequests, RoomRequestsPassThroughToTheRoom) {
  auto parsed = parse_request(R"({"type":"chat","text":"hi","id":9})");
  auto* in_room = typed<InRoom>(parsed);
  ASSERT_NE(in_room, nullptr);
  EXPECT_EQ(in_room->request.msg.value("text", ""), "hi");
  EXPECT_EQ(parsed.re, 9);
  EXPECT_FALSE(parsed.room_choice);
}

}  // namespace
}  // namespace banmen::server

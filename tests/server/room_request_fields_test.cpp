// The room's request table read alone (rooms/request.h, Room::read_fields): each in-room
// request's fields read once into typed values, or the refusal a malformed one gets (the
// code and text the room answered before the fields were typed), without a room.
#include <gtest/gtest.h>

#include <string>

#include "protocol/error_codes.h"
#include "rooms/request.h"
#include "rooms/room.h"

namespace banmen::server {
namespace {

const Config kRoomLimits;

// The message's line of the table and the fields it reads, as the room's table reads them.
struct InRoomRead {
  std::uint8_t route = 0;
  Result<RequestFields> fields = RequestFields{};
};

InRoomRead read_in_room(const json& msg, const Config& config = kRoomLimits) {
  auto found = Room::find_request(msg.value("type", ""), msg);
  EXPECT_TRUE(found) << msg.dump();
  if (!found) return InRoomRead{};
  return InRoomRead{found->route, Room::read_fields(*found, config)};
}

template <class Fields>
Fields typed_fields(const json& msg) {
  auto r = read_in_room(msg);
  EXPECT_TRUE(r.fields) << msg.dump() << ": " << r.fields.error().message;
  if (!r.fields) return Fields{};
  const auto* f = std::get_if<Fields>(&r.fields.value());
  EXPECT_NE(f, nullptr) << msg.dump();
  return f ? *f : Fields{};
}

Error room_refusal(const json& msg) {
  auto r = read_in_room(msg);
  EXPECT_FALSE(r.fields) << msg.dump();
  return r.fields ? Error{} : r.fields.error();
}

TEST(RoomRequestFields, OnlyTheTablesTypesAreRead) {
  EXPECT_FALSE(Room::find_request("nope", json::object()));
  EXPECT_FALSE(Room::find_request("hello", json::object()));  // outside a room
  for (const char* type : {"resign", "abort", "draw_offer", "takeback_accept", "rematch_decline",
                           "computer_accept", "device_link", "review_close", "review_hint"}) {
    auto r = read_in_room(json{{"type", type}});
    ASSERT_TRUE(r.fields) << type;
    EXPECT_TRUE(std::holds_alternative<std::monostate>(r.fields.value())) << type;
  }
  // Each type is its own line of the table.
  EXPECT_NE(read_in_room(json{{"type", "draw_offer"}}).route,
            read_in_room(json{{"type", "draw_accept"}}).route);
}

TEST(RoomRequestFields, AMoveIsReadOnceOrRefusedAsAWhole) {
  auto m = typed_fields<MoveFields>(
      {{"type", "move"}, {"move", "7g7f"}, {"version", 3}, {"move_id", "a"}});
  EXPECT_EQ(m.text, "7g7f");
  EXPECT_EQ(m.version, 3);
  EXPECT_EQ(m.id, "a");
  auto bad = room_refusal({{"type", "move"}, {"move", "7g7f"}, {"version", "3"}, {"move_id", "a"}});
  EXPECT_EQ(bad.code, errc::bad_request);
  EXPECT_EQ(bad.message, "move needs move, version and move_id");
}

TEST(RoomRequestFields, ClaimNamesAWinOrADraw) {
  EXPECT_TRUE(typed_fields<ClaimFields>({{"type", "claim"}, {"result", "win"}}).win);
  EXPECT_FALSE(typed_fields<ClaimFields>({{"type", "claim"}, {"result", "draw"}}).win);
  for (const json& result : {json("loss"), json(1), json(nullptr)}) {
    auto bad = room_refusal({{"type", "claim"}, {"result", result}});
    EXPECT_EQ(bad.code, errc::bad_request);
    EXPECT_EQ(bad.message, "claim needs result: win or draw");
  }
}

TEST(RoomRequestFields, ChatIsCleanedAndBoundedByTheConfiguration) {
  EXPECT_EQ(typed_fields<ChatFields>({{"type", "chat"}, {"text", "  hello\nthere "}}).text,
            "hello there");
  Config small;
  small.chat_max_chars = 5;
  EXPECT_TRUE(read_in_room({{"type", "chat"}, {"text", "12345"}}, small).fields);
  auto long_line = read_in_room({{"type", "chat"}, {"text", "123456"}}, small);
  ASSERT_FALSE(long_line.fields);
  EXPECT_EQ(long_line.fields.error().message, "chat text must be 1..5 characters");
  for (const json& text : {json(""), json("   "), json(7)}) {
    auto bad = room_refusal({{"type", "chat"}, {"text", text}});
    EXPECT_EQ(bad.code, errc::bad_request) << text.dump();
  }
}

TEST(RoomRequestFields, SwitchGameReadsTheGameItsClockAndStart) {
  auto plain = typed_fields<SwitchGameFields>({{"type", "switch_game"}, {"game", "reversi"}});
  EXPECT_EQ(plain.chosen.game, "reversi");
  EXPECT_FALSE(plain.clock);  // the room's clock stays
  auto timed = typed_fields<SwitchGameFields>(
      {{"type", "switch_game"},
       {"game", "shogi"},
       {"clock", {{"kind", "byoyomi"}, {"base_ms", 60000}, {"period_ms", 10000}}},
       {"handicap", "lance"}});
  ASSERT_TRUE(timed.clock);
  EXPECT_EQ(timed.clock->kind, ClockSpec::Kind::byoyomi);
  EXPECT_EQ(timed.chosen.handicap, "lance");
  EXPECT_EQ(room_refusal({{"type", "switch_game"}}).code, errc::bad_request);
  EXPECT_EQ(room_refusal({{"type", "switch_game"}, {"game", "nope"}}).code, errc::unknown_game);
  EXPECT_EQ(room_refusal({{"type", "switch_game"}, {"game", "chess"}, {"clock", 5}}).code,
            errc::bad_request);
  EXPECT_EQ(room_refusal({{"type", "switch_game"},
                          {"game", "chess"},
                          {"clock", {{"kind", "byoyomi"}, {"base_ms", 60000}}}})
                .code,
            errc::unsupported);
  EXPECT_EQ(room_refusal({{"type", "switch_game"}, {"game", "shogi"}, {"handicap", "queen"}}).code,
            errc::unknown_handicap);
}

TEST(RoomRequestFields, TheComputersLevelIsOneToEight) {
  EXPECT_EQ(typed_fields<ComputerLevelFields>({{"type", "computer_invite"}, {"level", 3}}).level,
            3);
  EXPECT_EQ(typed_fields<ComputerLevelFields>({{"type", "computer_offer"}, {"level", 8}}).level, 8);
  for (const json& level : {json(0), json(9), json("3")}) {
    auto bad = room_refusal({{"type", "computer_invite"}, {"level", level}});
    EXPECT_EQ(bad.code, errc::bad_request);
    EXPECT_EQ(bad.message, "computer.level must be 1..8");
  }
}

TEST(RoomRequestFields, ReviewRequestsAreTyped) {
  EXPECT_FALSE(typed_fields<ReviewStartFields>({{"type", "review_start"}}).ply);
  EXPECT_EQ(typed_fields<ReviewStartFields>({{"type", "review_start"}, {"ply", 4}}).ply, 4);
  // Not a number: a ply outside any game, refused by the room with the game's range.
  EXPECT_EQ(typed_fields<ReviewStartFields>({{"type", "review_start"}, {"ply", "x"}}).ply, -1);

  auto move = typed_fields<ReviewMoveFields>({{"type", "review_move"}, {"move", "e2e4"}});
  EXPECT_EQ(move.move, "e2e4");
  EXPECT_FALSE(move.version);
  EXPECT_EQ(room_refusal({{"type", "review_move"}, {"move", std::string(33, 'a')}}).message,
            "review_move needs a move");

  EXPECT_EQ(typed_fields<ReviewGotoFields>({{"type", "review_goto"}, {"node", 2}}).node, 2);
  EXPECT_EQ(room_refusal({{"type", "review_goto"}, {"node", "2"}}).message,
            "review_goto needs a node");

  EXPECT_TRUE(
      typed_fields<ReviewAllowFields>({{"type", "review_allow"}, {"spectators", true}}).spectators);
  EXPECT_EQ(room_refusal({{"type", "review_allow"}}).message,
            "review_allow needs spectators: true/false");

  auto drawn = typed_fields<ReviewDrawFields>({{"type", "review_draw"},
                                               {"shapes",
                                                {{{"orig", "e2"}, {"dest", "e4"}, {"brush", "red"}},
                                                 {{"orig", "d4"}, {"brush", "green"}}}}});
  ASSERT_EQ(drawn.shapes.size(), 2u);
  EXPECT_EQ(drawn.shapes[0].dest, "e4");
  EXPECT_FALSE(drawn.shapes[1].dest);
  EXPECT_EQ(room_refusal({{"type", "review_draw"}}).message, "review_draw needs shapes");
  EXPECT_EQ(
      room_refusal({{"type", "review_draw"}, {"shapes", {{{"orig", "e2"}, {"brush", "pink"}}}}})
          .message,
      "shapes: brush is one of green, red, blue, yellow");
  json many = json::array();
  for (std::size_t i = 0; i <= kMaxShapes; ++i) many.push_back({{"orig", "e2"}, {"brush", "red"}});
  EXPECT_EQ(room_refusal({{"type", "review_draw"}, {"shapes", many}}).code, errc::bad_request);
}

TEST(JoinRequest, TheJoinMessageIsReadOnce) {
  auto join = read_join_request(json{{"type", "join_room"},
                                     {"room", "r1"},
                                     {"name", "  Ann  "},
                                     {"token", "t1"},
                                     {"device_code", "c1"},
                                     {"since", 12}});
  ASSERT_TRUE(join);
  EXPECT_EQ(join->room, "r1");
  EXPECT_EQ(join->name, "Ann");
  EXPECT_EQ(join->token, "t1");
  EXPECT_EQ(join->device_code, "c1");
  EXPECT_EQ(join->since, 12);
  // Fields of the wrong kind that the room ignored before are absent.
  auto loose =
      read_join_request(json{{"room", "r1"}, {"device_code", 5}, {"since", "x"}, {"name", 3}});
  ASSERT_TRUE(loose);
  EXPECT_FALSE(loose->device_code);
  EXPECT_FALSE(loose->since);
  EXPECT_EQ(loose->name, "Player");
  EXPECT_EQ(read_join_request(json{{"room", "r1"}, {"token", 7}}).error().code, errc::bad_request);
  EXPECT_EQ(read_join_request(json{{"room", "r1"}, {"token", "a b"}}).error().code,
            errc::bad_token);
  EXPECT_EQ(shown_name(std::string(40, 'x')), std::string(32, 'x'));
}

TEST(RoomRequestFields, ARecordsPartIsReadAndBounded) {
  const json part{{"type", "review_import"},
                  {"format", "pgn"},
                  {"name", "a\u202egame.pgn\n"},
                  {"part", 1},
                  {"parts", 3},
                  {"text", "1. e4"}};
  const auto f = typed_fields<ReviewImportFields>(part);
  EXPECT_EQ(f.format, "pgn");
  EXPECT_EQ(f.name, "agame.pgn");  // shown text only: no direction marks, trimmed
  EXPECT_EQ(f.part, 1);
  EXPECT_EQ(f.parts, 3);
  EXPECT_EQ(f.text, "1. e4");
  EXPECT_EQ(typed_fields<ReviewImportFields>(
                json{{"type", "review_import"}, {"part", 0}, {"parts", 1}, {"text", ""}})
                .format,
            "auto");
  auto long_name = part;
  long_name["name"] = std::string(100, 'n');
  EXPECT_EQ(typed_fields<ReviewImportFields>(long_name).name.size(), kMaxImportName);
  for (auto bad : {json{{"format", "docx"}}, json{{"part", 3}}, json{{"part", -1}},
                   json{{"parts", 0}}, json{{"part", "0"}}, json{{"text", 5}}}) {
    json msg = part;
    msg.update(bad);
    EXPECT_EQ(room_refusal(msg).code, errc::bad_request) << msg.dump();
  }
  json no_text = part;
  no_text.erase("text");
  EXPECT_EQ(room_refusal(no_text).code, errc::bad_request);
}

}  // namespace
}  // namespace banmen::server

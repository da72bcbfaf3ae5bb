// Integration, label "hostile": moves a fairy-chess variant's hands, gates and walls could be
// abused with, through the real binary. A drop of a piece not in hand, a gate of a letter
// not in hand, a wall on an occupied square, a spectator's move or a pass out of turn, and
// a host's pasted position with a huge pocket or too many moves: each a clear error, and
// the game goes on.
#include <gtest/gtest.h>

#include <string>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class HostileVariants : public SharedServerSuite<HostileVariants> {
 public:
  static std::vector<std::string> server_args() {
    return {"--max-rooms-per-address", "1000", "--messages-per-second", "1000",
            "--message-burst",         "2000"};
  }
};

// `side` sends `move`; the answer's code ("ack" when accepted).
std::string try_move(Side& side, const std::string& move, const std::string& id) {
  auto ans = side.ws.request(
      {{"type", "move"}, {"move", move}, {"version", side.version}, {"move_id", id}}, 5000ms,
      side.absorber());
  if (!ans) return "timeout";
  return ans->value("code", ans->value("type", ""));
}

bool lists(const Side& side, const std::string& move) {
  for (const auto& m : side.legal)
    if (m == move) return true;
  return false;
}

TEST_F(HostileVariants, ADropOfAPieceNotInHandIsRefused) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "crazyhouse"}, {"side", "first"}}));
  for (const char* move : {"N@e4", "P@e4", "K@e4", "n@e4", "+P@e4", "Z@e4", "N@e9", "N@@e4"})
    EXPECT_NE(try_move(m.a, move, std::string("d-") + move), "ack") << move;
  EXPECT_EQ(try_move(m.a, "N@e4", "d-again"), "illegal_move");
  // A capture puts a piece in hand: then that one drops, and no other.
  ASSERT_TRUE(play_one(m, "e2e4", "e4"));
  ASSERT_TRUE(play_one(m, "d7d5", "d5"));
  ASSERT_TRUE(play_one(m, "e4d5", "xd5"));
  ASSERT_TRUE(play_one(m, "d8d5", "qxd5"));
  EXPECT_TRUE(lists(m.a, "P@e4"));
  EXPECT_FALSE(lists(m.a, "N@e4"));
  EXPECT_EQ(try_move(m.a, "N@e4", "n-drop"), "illegal_move");
  EXPECT_EQ(try_move(m.a, "P@d5", "p-occupied"), "illegal_move");
  EXPECT_TRUE(play_one(m, "P@e4", "p-drop"));
  // White's pawn is on e4, Black keeps the pawn it took.
  EXPECT_NE(m.a.events.back()["position"].get<std::string>().find("[p]"), std::string::npos)
      << m.a.events.back().dump();
}

TEST_F(HostileVariants, AGateOfALetterNotInHandIsRefused) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "seirawan"}, {"side", "first"}}));
  EXPECT_TRUE(lists(m.a, "b1c3h"));
  EXPECT_EQ(try_move(m.a, "b1c3q", "gate-q"), "illegal_move");
  EXPECT_EQ(try_move(m.a, "e2e4h", "gate-pawn"), "illegal_move");  // a pawn leaves no gate
  ASSERT_TRUE(play_one(m, "b1c3h", "gate-h"));
  ASSERT_TRUE(play_one(m, "b8c6h", "gate-h-black"));
  // The hawk is gone from White's hand: no second hawk, the elephant still.
  EXPECT_FALSE(lists(m.a, "g1f3h"));
  EXPECT_EQ(try_move(m.a, "g1f3h", "gate-h-again"), "illegal_move");
  EXPECT_TRUE(play_one(m, "g1f3e", "gate-e"));
  EXPECT_NE(m.a.events.back()["position"].get<std::string>().find("[e]"), std::string::npos)
      << m.a.events.back().dump();
}

TEST_F(HostileVariants, AWallOnAnOccupiedSquareIsRefused) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "duck"}, {"side", "first"}}));
  for (const char* move : {"e2e4,e4e7", "e2e4,e4e4", "e2e4,e4e2x", "e2e4,", "e2e4,e4", "e2e4"})
    EXPECT_NE(try_move(m.a, move, std::string("w-") + move), "ack") << move;
  EXPECT_EQ(try_move(m.a, "e2e4,e4e7", "w-occupied"), "illegal_move");
  ASSERT_TRUE(play_one(m, "e2e4,e4e5", "duck-e5"));
  // The duck stands on e5: no piece moves there, and it must move on.
  EXPECT_EQ(try_move(m.b, "e7e5,e5d4", "onto-duck"), "illegal_move");
  EXPECT_EQ(try_move(m.b, "d7d6,d6e5", "duck-stays"), "illegal_move");
  EXPECT_NE(m.a.events.back()["position"].get<std::string>().find('*'), std::string::npos);
}

TEST_F(HostileVariants, ASpectatorsMoveAndAPassOutOfTurnAreRefused) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "janggi"}, {"side", "first"}}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  auto snap = spec.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_TRUE((*snap)["legal_moves"].empty());
  for (const std::string move : {"e2e2", "a1a2", "e9e9"}) {
    auto ans = spec.request({{"type", "move"},
                             {"move", move},
                             {"version", (*snap)["version"]},
                             {"move_id", "spec-" + move}});
    ASSERT_TRUE(ans);
    EXPECT_EQ((*ans)["code"], "not_a_player") << move;
  }
  EXPECT_TRUE(lists(m.a, "e2e2"));  // the first player may pass
  EXPECT_EQ(try_move(m.b, "e9e9", "pass-early"), "not_your_turn");
  EXPECT_EQ(try_move(m.a, "e9e9", "pass-their-king"), "illegal_move");
  ASSERT_TRUE(play_one(m, "e2e2", "pass"));
  ASSERT_TRUE(play_one(m, "e9e9", "pass-back"));
}

TEST_F(HostileVariants, AHugePocketOrTooManyMovesInAPastedPositionIsRefused) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto create = [&](const std::string& game, const std::string& position) {
    auto ans = c.request({{"type", "create_room"},
                          {"name", "Host"},
                          {"game", game},
                          {"side", "first"},
                          {"position", position}});
    return ans ? *ans : json("timeout");
  };
  // More pieces than squares: 200 queens in hand on a 64-square board.
  const std::string pockets = std::string(100, 'Q') + std::string(100, 'q');
  json ans = create("crazyhouse", "4k3/8/8/8/8/8/8/4K3[" + pockets + "] w - - 0 1");
  EXPECT_EQ(ans["code"], "bad_position") << ans.dump();
  EXPECT_NE(ans.value("message", "").find("more than the board's 64 squares"), std::string::npos)
      << ans.dump();
  // More of one type than a hand may hold.
  ans = create("crazyhouse", "4k3/8/8/8/8/8/8/4K3[" + std::string(130, 'P') + "] w - - 0 1");
  EXPECT_EQ(ans["code"], "bad_position") << ans.dump();
  // A pocket in a variant without hands, a pocket letter of no piece.
  ans =
      create("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[Q] w - - 0 1");
  EXPECT_EQ(ans["code"], "bad_position") << ans.dump();
  ans = create("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Z] w - - 0 1");
  EXPECT_EQ(ans["code"], "bad_position") << ans.dump();
  // A duck among queens: more moves than a room lists for one position.
  ans = create("duck", "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1");
  EXPECT_EQ(ans["code"], "bad_position") << ans.dump();
  EXPECT_NE(ans.value("message", "").find("legal moves"), std::string::npos) << ans.dump();
  // A full but possible pocket is played.
  ans = create("crazyhouse", "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w - - 0 1");
  EXPECT_EQ(ans["type"], "room_created") << ans.dump();
}

}  // namespace
}  // namespace banmen::testing

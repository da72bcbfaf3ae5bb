// Which way a join_room takes into the room (rooms/admission.h), for every state a room and
// a connection can be in, alone: without a room, a store or sockets.
#include "rooms/admission.h"

#include <gtest/gtest.h>

namespace banmen::server {
namespace {

JoinRequest plain() {
  return JoinRequest{"room1", "Taro", std::nullopt, std::nullopt, std::nullopt};
}
JoinRequest with_token() {
  auto r = plain();
  r.token = "secret";
  return r;
}
JoinFacts open_room() {
  return JoinFacts{false, false, nullptr, true, true, 0, 200};
}

TEST(Admission, AClosedRoomSendsToItsNewServerOrIsGone) {
  auto f = open_room();
  f.closed = true;
  EXPECT_EQ(join_path(with_token(), f), JoinPath::gone);
  f.moved = true;
  EXPECT_EQ(join_path(with_token(), f), JoinPath::moved_away);
}

TEST(Admission, AJoinSentTwiceIsAnsweredAgainUnlessASpectatorBringsAToken) {
  const Member player{{}, 0, "Hanako"}, spectator{{}, -1, "Taro"};
  auto f = open_room();
  f.here = &player;
  EXPECT_EQ(join_path(plain(), f), JoinPath::again);
  EXPECT_EQ(join_path(with_token(), f), JoinPath::again);
  f.here = &spectator;
  EXPECT_EQ(join_path(plain(), f), JoinPath::again);
  EXPECT_EQ(join_path(with_token(), f), JoinPath::with_token);  // claiming a seat
}

TEST(Admission, ATokenOrADeviceCodeComesBeforeTheFreeSeat) {
  auto code = plain();
  code.device_code = "ABCD";
  EXPECT_EQ(join_path(with_token(), open_room()), JoinPath::with_token);
  EXPECT_EQ(join_path(code, open_room()), JoinPath::with_device_code);
  EXPECT_EQ(join_path(plain(), open_room()), JoinPath::as_guest);
}

TEST(Admission, WithBothSeatsTakenANewcomerWatchesIfTheRoomAllowsAndHasRoom) {
  auto f = open_room();
  f.guest_seat_free = false;  // taken, or the computer's
  EXPECT_EQ(join_path(plain(), f), JoinPath::as_spectator);
  f.spectators = 199;
  EXPECT_EQ(join_path(plain(), f), JoinPath::as_spectator);
  f.spectators = 200;
  EXPECT_EQ(join_path(plain(), f), JoinPath::spectators_full);
  f.spectators_allowed = false;
  EXPECT_EQ(join_path(plain(), f), JoinPath::no_spectators);
}

}  // namespace
}  // namespace banmen::server

// The request table: every in-room request, what it needs, and its handler. The checks run
// here, once, in the fixed order of docs/architecture.md; handlers find them done.
#include <algorithm>
#include <array>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "rooms/room_requests.h"
#include "util/metric_families.h"

namespace banmen::server {

namespace {
// What acting on the game being played needs: a player, of a game under way.
constexpr unsigned kInGame = kSeat | kStarted | kNotOver;
// ...and, to change it or offer something, both players there (not adjourned).
constexpr unsigned kInPlay = kInGame | kNotAdjourned;
// What driving the review board needs: the game over, its review open, a driver.
constexpr unsigned kReviewing = kAfterGame | kReviewOpen | kReviewDriver;
}  // namespace

const Room::Route* Room::route(std::string_view type) {
  static const std::array<Route, 29> kRoutes{{
      {"move",
       kWellFormedMove | kSeat | kFirstTime | kStarted | kNotOver | kNotAdjourned | kTurn |
           kFreshVersion,
       &Room::on_move, "spectators cannot move"},
      {"declare", kInPlay | kTurn, &Room::on_declare, "spectators cannot declare"},
      {"resign", kInGame, &Room::on_resign},
      {"abort", kInGame, &Room::on_abort},
      {"claim", kInGame, &Room::on_claim},
      {"draw_offer", kInPlay, &Room::on_draw},
      {"draw_accept", kInPlay, &Room::on_draw},
      {"draw_decline", kInPlay, &Room::on_draw},
      {"takeback_request", kInPlay, &Room::on_takeback},
      {"takeback_accept", kInPlay, &Room::on_takeback},
      {"takeback_decline", kInPlay, &Room::on_takeback},
      {"rematch_offer", kSeat | kAfterGame, &Room::on_rematch},
      {"rematch_accept", kSeat | kAfterGame, &Room::on_rematch},
      {"rematch_decline", kSeat | kAfterGame, &Room::on_rematch},
      {"switch_game", kHost | kNoGameRunning, &Room::on_switch_game},
      {"computer_invite", kHost | kNoGameRunning, &Room::on_computer_invite},
      {"computer_offer", kInPlay, &Room::on_computer_offer},
      {"computer_accept", kInPlay, &Room::on_computer_offer},
      {"computer_decline", kInPlay, &Room::on_computer_offer},
      {"chat", kNothing, &Room::on_chat},
      {"device_link", kSeat, &Room::on_device_link, "spectators have no seat to move"},
      {"review_start", kSeat | kAfterGame, &Room::on_review_start, "players open the review"},
      {"review_move", kReviewing, &Room::on_review_move},
      {"review_goto", kReviewing, &Room::on_review_goto},
      {"review_draw", kReviewing, &Room::on_review_draw},
      {"review_allow", kSeat | kAfterGame | kReviewOpen, &Room::on_review_allow},
      {"review_close", kSeat | kAfterGame | kReviewOpen, &Room::on_review_close},
      // Writing a record of the whole tree is work: only those who may drive ask for it.
      {"review_save", kAfterGame | kReviewDriver, &Room::on_review_save},
      {"review_hint", kReviewing, &Room::on_review_hint},
  }};
  auto it =
      std::find_if(kRoutes.begin(), kRoutes.end(), [&](const Route& r) { return r.type == type; });
  return it == kRoutes.end() ? nullptr : &*it;
}

bool Room::handles(std::string_view type) {
  return route(type) != nullptr;
}

void Room::do_request(std::shared_ptr<Client> client, json req) {
  const json re = request_id(req);
  Member* m = seating_.find(client->client_id());
  if (!m || closed_) {
    refuse(*client, re, errc::not_in_room, "join a room first");
    return client->left_room(this);
  }
  touch();
  auto type = get_string(req, "type").value_or("");
  const Route* route = Room::route(type);
  if (!route) return refuse(*client, re, errc::unknown_type, "unknown message type");
  Request r{*m, std::move(client), std::move(type), std::move(req), re};
  if (preconditions_hold(*route, r)) (this->*route->handle)(r);
}

std::optional<MoveFields> parse_move_fields(const json& msg) {
  auto move = get_string(msg, "move");
  auto version = get_int(msg, "version");
  auto move_id = get_string(msg, "move_id");
  if (!move || move->empty() || move->size() > kMaxMoveText || !version || !move_id ||
      move_id->empty() || move_id->size() > kMaxMoveId)
    return std::nullopt;
  return MoveFields{std::move(*move), *version, std::move(*move_id)};
}

bool Room::preconditions_hold(const Route& route, Request& r) {
  const auto needs = route.needs;
  const auto& msg = r.msg;
  if (needs & kWellFormedMove) {
    r.move = parse_move_fields(msg);
    if (!r.move) {
      refuse(r, errc::bad_request, "move needs move, version and move_id");
      return false;
    }
  }
  if ((needs & kHost) && r.member.player != 0) {
    refuse(r, errc::not_host, "only the host may do that");
    return false;
  }
  if ((needs & kSeat) && r.member.player < 0) {
    refuse(r, errc::not_a_player, route.spectator_refusal);
    return false;
  }
  // A seat handed to the computer is the computer's until the game ends.
  if ((needs & kSeat) && seating_.is_computer(r.member.player) && r.client != computer_client_) {
    refuse(r, errc::not_a_player, "the computer plays this seat");
    return false;
  }
  if (needs & kFirstTime) {
    // A resent move (same move_id) is applied once: acknowledge it again.
    const auto& move_id = r.move->id;
    const auto& seen = seating_.player(r.member.player).move_ids;
    if (std::find(seen.begin(), seen.end(), move_id) != seen.end()) {
      reply(*r.client, json{{"type", "ack"}, {"move_id", move_id}, {"duplicate", true}}, r.re);
      return false;
    }
  }
  if ((needs & kStarted) && status_ == Status::waiting) {
    refuse(r, errc::game_not_started, "the opponent has not arrived yet");
    return false;
  }
  if ((needs & kNotOver) && status_ == Status::over) {
    refuse(r, errc::game_over, "the game is over");
    return false;
  }
  if ((needs & kNotAdjourned) && adjourned_) {
    refuse(r, errc::game_adjourned, "the game is adjourned until both players are back");
    return false;
  }
  if ((needs & kAfterGame) && status_ != Status::over) {
    refuse(r, errc::game_in_progress, "only after the game");
    return false;
  }
  if ((needs & kNoGameRunning) && status_ == Status::playing) {
    refuse(r, errc::game_in_progress, "switch the game between games");
    return false;
  }
  if ((needs & kTurn) && game_->to_move() != seating_.seat_of(r.member.player)) {
    refuse(r, errc::not_your_turn, "it is not your turn");
    return false;
  }
  if ((needs & kFreshVersion) &&
      r.move->version < static_cast<std::int64_t>(events_.position_version())) {
    refuse(r, errc::stale_version, "the position changed since your version");
    return false;
  }
  if ((needs & kReviewOpen) && !(review_ && review_->open())) {
    refuse(r, errc::no_review, "no review is open");
    return false;
  }
  if ((needs & kReviewDriver) && r.member.player < 0 &&
      !(review_ && review_->spectators_may_drive())) {
    services_.metrics.refused.add(Refusal::review_spectator);
    refuse(r, errc::not_a_player, "the players have not let spectators drive the review");
    return false;
  }
  return true;
}

}  // namespace banmen::server

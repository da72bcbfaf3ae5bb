// The request table: every in-room request, what it needs, the reader of its fields and its
// handler. The type is found once (Room::find_request), the fields read once at their place
// among the checks, which run here, once, in the fixed order of docs/architecture.md;
// handlers find them done and see typed fields only.
#include <algorithm>
#include <array>
#include <span>

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
// What driving the review board needs: no game in play (the game over, or a record brought
// in before the first), its review open, a driver.
constexpr unsigned kReviewing = kNoGameRunning | kReviewOpen | kReviewDriver;
}  // namespace

std::span<const Room::Route> Room::routes() {
  static const std::array<Route, 32> kRoutes{{
      {"move",
       kFieldsFirst | kSeat | kFirstTime | kStarted | kNotOver | kNotAdjourned | kTurn |
           kFreshVersion,
       &Room::on_move, read_move, "spectators cannot move"},
      {"declare", kInPlay | kTurn, &Room::on_declare, nullptr, "spectators cannot declare"},
      {"resign", kInGame, &Room::on_resign},
      {"abort", kInGame, &Room::on_abort},
      {"claim", kInGame, &Room::on_claim, read_claim},
      // The room checks the rest (a correspondence game, the opponent to move):
      // room_conditionals.cpp.
      {"conditional_set", kInGame, &Room::on_conditional_set, read_conditional_set,
       "spectators leave no conditional moves"},
      {"draw_offer", kInPlay, &Room::on_draw},
      {"draw_accept", kInPlay, &Room::on_draw},
      {"draw_decline", kInPlay, &Room::on_draw},
      {"takeback_request", kInPlay, &Room::on_takeback},
      {"takeback_accept", kInPlay, &Room::on_takeback},
      {"takeback_decline", kInPlay, &Room::on_takeback},
      {"rematch_offer", kSeat | kAfterGame, &Room::on_rematch},
      {"rematch_accept", kSeat | kAfterGame, &Room::on_rematch},
      {"rematch_decline", kSeat | kAfterGame, &Room::on_rematch},
      {"switch_game", kHost | kNoGameRunning, &Room::on_switch_game, read_switch_game},
      {"computer_invite", kHost | kNoGameRunning | kPlaceFree, &Room::on_computer_invite,
       read_computer_level},
      {"computer_offer", kInPlay, &Room::on_computer_offer, read_computer_level},
      {"computer_accept", kInPlay, &Room::on_computer_offer},
      {"computer_decline", kInPlay, &Room::on_computer_offer},
      {"chat", kNothing, &Room::on_chat, read_chat},
      {"device_link", kSeat, &Room::on_device_link, nullptr, "spectators have no seat to move"},
      {"review_start", kSeat | kAfterGame, &Room::on_review_start, read_review_start,
       "players open the review"},
      {"review_move", kReviewing, &Room::on_review_move, read_review_move},
      {"review_goto", kReviewing, &Room::on_review_goto, read_review_goto},
      {"review_draw", kReviewing, &Room::on_review_draw, read_review_draw},
      {"review_allow", kSeat | kNoGameRunning | kReviewOpen, &Room::on_review_allow,
       read_review_allow},
      {"review_close", kSeat | kNoGameRunning | kReviewOpen, &Room::on_review_close},
      // Writing a record of the whole tree is work: only those who may drive ask for it.
      {"review_save", kNoGameRunning | kReviewDriver, &Room::on_review_save},
      {"review_hint", kReviewing, &Room::on_review_hint},
      // The room checks the game (over, known) itself: game 0 is not the match's.
      {"analysis_request", kSeat, &Room::on_analysis_request, read_analysis_request,
       "spectators cannot ask for an analysis"},
      // Bringing a record in: players, while no game is in play (record_uploads.h).
      {"review_import", kSeat | kNoGameRunning, &Room::on_review_import, read_review_import,
       "players bring records in"},
  }};
  static_assert(kRoutes.size() <= 256, "RoomRequest::route is one byte");
  return kRoutes;
}

const Room::Route* Room::route(std::string_view type) {
  const auto all = routes();
  auto it = std::find_if(all.begin(), all.end(), [&](const Route& r) { return r.type == type; });
  return it == all.end() ? nullptr : &*it;
}

bool Room::handles(std::string_view type) {
  return route(type) != nullptr;
}

std::optional<RoomRequest> Room::find_request(std::string_view type, json msg) {
  const Route* found = route(type);
  if (!found) return std::nullopt;
  return RoomRequest{static_cast<std::uint8_t>(found - routes().data()), std::move(msg)};
}

Result<RequestFields> Room::read_fields(const RoomRequest& request, const Config& config) {
  const Route& line = routes()[request.route];
  return line.read ? line.read(request.msg, config) : Result<RequestFields>(RequestFields{});
}

bool Room::fields_read(const Route& route, Request& r, const json& msg) {
  if (!route.read) return true;
  auto fields = route.read(msg, services_.config);
  if (!fields) {
    refuse(r, fields.error().code, fields.error().message);
    return false;
  }
  r.fields = std::move(fields.value());
  return true;
}

void Room::do_request(std::shared_ptr<Client> client, std::optional<RoomRequest> req, json re) {
  Member* m = seating_.find(client->client_id());
  if (!m || closed_) {
    refuse(*client, re, errc::not_in_room, "join a room first");
    return client->left_room(this);
  }
  touch();
  if (!req) return refuse(*client, re, errc::unknown_type, "unknown message type");
  const Route& route = routes()[req->route];
  Request r{*m, std::move(client), route.type, RequestFields{}, std::move(re)};
  if (preconditions_hold(route, r, &req->msg)) (this->*route.handle)(r);
}

bool Room::preconditions_hold(const Route& route, Request& r, const json* msg) {
  const auto needs = route.needs;
  if (msg && (needs & kFieldsFirst) && !fields_read(route, r, *msg)) return false;
  if ((needs & kHost) && r.member.player != 0) {
    refuse(r, errc::not_host, "only the host may do that");
    return false;
  }
  if ((needs & kSeat) && r.member.player < 0) {
    refuse(r, errc::not_a_player, route.spectator_refusal);
    return false;
  }
  // A seat handed to the computer is the computer's until the game ends.
  if ((needs & kSeat) && seating_.is_computer(r.member.player) && r.client != computer_.client()) {
    refuse(r, errc::not_a_player, "the computer plays this seat");
    return false;
  }
  if (needs & kFirstTime) {
    // A resent move (same move_id) is applied once: acknowledge it again.
    const auto& move_id = r.as<MoveFields>().id;
    const auto& seen = seating_.player(r.member.player).move_ids;
    if (std::find(seen.begin(), seen.end(), move_id) != seen.end()) {
      reply(*r.client, json{{"type", "ack"}, {"move_id", move_id}, {"duplicate", true}}, r.re);
      return false;
    }
  }
  if ((needs & kStarted) && match_.status() == Status::waiting) {
    refuse(r, errc::game_not_started, "the opponent has not arrived yet");
    return false;
  }
  if ((needs & kNotOver) && match_.status() == Status::over) {
    refuse(r, errc::game_over, "the game is over");
    return false;
  }
  if ((needs & kNotAdjourned) && pauses_.adjourned()) {
    refuse(r, errc::game_adjourned, "the game is adjourned until both players are back");
    return false;
  }
  if ((needs & kAfterGame) && match_.status() != Status::over) {
    refuse(r, errc::game_in_progress, "only after the game");
    return false;
  }
  if ((needs & kNoGameRunning) && match_.status() == Status::playing) {
    refuse(r, errc::game_in_progress, "switch the game between games");
    return false;
  }
  if ((needs & kTurn) && match_.game().to_move() != seating_.seat_of(r.member.player)) {
    refuse(r, errc::not_your_turn, "it is not your turn");
    return false;
  }
  if ((needs & kFreshVersion) &&
      r.as<MoveFields>().version < static_cast<std::int64_t>(events_.position_version())) {
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
  if ((needs & kPlaceFree) && (match_.status() != Status::waiting || seating_.player(1).taken)) {
    refuse(r, errc::room_full, "the second place is already taken");
    return false;
  }
  // The request's own fields, after the line's needs: read only for a sender who may ask.
  if (msg && !(needs & kFieldsFirst) && !fields_read(route, r, *msg)) return false;
  return true;
}

}  // namespace banmen::server

// The review (感想戦) of the room's finished game: requests and the `review` event
// (docs/protocol.md, "Review"). The request table has checked the game is over, the review
// is open and the sender may drive it; the board (review_board.h) checks every move through
// the rules core and every size. The event goes through the EventLog like every other, so
// a reconnecting client catches up from it, and snapshots carry the review.
#include <spdlog/spdlog.h>

#include "core/variation_text.h"
#include "games/review_record.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {
json seat_or_null(const Seating& seating, const Member& m) {
  return m.player >= 0 ? json(seating.seat_of(m.player)) : json(nullptr);
}
}  // namespace

void Room::on_review_start(const Request& r) {
  const auto plies = static_cast<std::int64_t>(match_.game().history_size());
  const auto ply = r.as<ReviewStartFields>().ply.value_or(plies);
  if (ply < 0 || ply > plies)
    return refuse(r, errc::bad_request, "ply is 0.." + std::to_string(plies));
  if (review_ && review_->game_no() == match_.game_no())
    return open_review(r, static_cast<std::size_t>(ply));
  // The root is a fresh game at the finished game's start, made as a restart makes it.
  auto start = options_.new_game(match_.game().initial_position());
  if (!start || (*start)->info().id != match_.game().info().id)
    return refuse(r, errc::unsupported, "the room has switched to another game");
  // The tree is made on a worker (a pass over the whole game through the rules), from
  // copies: the room holds its other requests until it is in.
  std::shared_ptr<const Game> first(std::move(*start));
  std::shared_ptr<const Game> finished(match_.game().clone());
  const int game_no = match_.game_no();
  work_then(
      r, static_cast<std::uint64_t>(plies),
      [this, r, first, finished, game_no, at = static_cast<std::size_t>(ply)] {
        auto board =
            std::make_shared<Result<ReviewBoard>>(ReviewBoard::of_game(*first, *finished, game_no));
        return std::function<void()>([this, r, board, game_no, at] {
          if (!*board) {
            spdlog::error("room {} game {}: no review: {}", id_, game_no, board->error().message);
            return refuse(r, errc::internal_error, "the game cannot be reviewed");
          }
          // The room held every request meanwhile, so its game is the one reviewed.
          if (!review_ || review_->game_no() != game_no)
            review_ = std::make_unique<ReviewBoard>(std::move(**board));
          open_review(r, at);
        });
      });
}

void Room::open_review(const Request& r, std::size_t ply) {
  review_->set_open(true);
  if (auto moved = review_->go_to_ply(ply); !moved)
    return refuse(r, moved.error().code, moved.error().message);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), true, true);
}

void Room::on_review_move(const Request& r) {
  const auto& f = r.as<ReviewMoveFields>();
  // A move is played from the node its sender saw: a client that missed a change is stale.
  if (f.version && *f.version < static_cast<std::int64_t>(review_->moved_version()))
    return refuse(r, errc::stale_version, "the review moved since your version");
  if (auto played = review_->play(f.move); !played)
    return refuse(r, played.error().code, played.error().message);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), true);
}

void Room::on_review_goto(const Request& r) {
  const auto node = r.as<ReviewGotoFields>().node;
  if (node < 0 || static_cast<std::uint64_t>(node) >= review_->tree().size())
    return refuse(r, errc::unknown_node, "no such node");
  if (auto moved = review_->go_to(static_cast<NodeId>(node)); !moved)
    return refuse(r, moved.error().code, moved.error().message);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), true);
}

void Room::on_review_draw(const Request& r) {
  if (auto drawn = review_->draw(r.as<ReviewDrawFields>().shapes); !drawn)
    return refuse(r, drawn.error().code, drawn.error().message);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), false);
}

void Room::on_review_allow(const Request& r) {
  review_->set_spectators_may_drive(r.as<ReviewAllowFields>().spectators);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), false);
}

void Room::on_review_close(const Request& r) {
  review_->set_open(false);
  ack(r);
  publish_review(seat_or_null(seating_, r.member), false, true);
}

void Room::on_review_save(const Request& r) {
  if (!review_) return refuse(r, errc::no_review, "no review to save");
  RecordInfo info;
  for (int p = 0; p < 2; ++p)
    if (seating_.player(p).taken) info.players[seating_.seat_of(p)] = seating_.player(p).name;
  info.event = "Banmen room " + id_ + ", game " + std::to_string(review_->game_no()) + ", review";
  info.time_control = options_.clock.human();
  const std::string name = "banmen-" + id_ + "-game-" + std::to_string(review_->game_no());
  // The record plays every node of the tree: on a worker, from a copy of the tree.
  auto tree = std::make_shared<const VariationTree>(review_->tree());
  work_then(r, tree->size(), [this, r, tree, info = std::move(info), name] {
    auto record = std::make_shared<const ReviewRecord>(review_record(*tree, info));
    return std::function<void()>([this, r, record, name] {
      reply(*r.client,
            json{{"type", "review_record"},
                 {"format", record->format},
                 {"filename", name + "-review." + record->extension},
                 {"text", record->text}},
            r.re);
    });
  });
}

void Room::publish_review(json by, bool moved, bool whole) {
  review_->set_by(std::move(by));
  // Opening and closing send the whole review; every other change only itself, so an
  // arrow drawn on a long review costs its own bytes, not the tree's.
  if (whole) review_->changes_sent();
  events_.publish_same(whole ? review_->event() : review_->change_event());
  review_->set_version(events_.version());
  if (moved) review_->set_moved_version(events_.version());
  record_review();
}

void Room::close_review_for_switch() {
  if (!review_ || !review_->open()) return;
  review_->set_open(false);
  publish_review(json(seating_.seat_of(0)), false, true);
}

json Room::review_json() const {
  return review_ && review_->open() ? review_->event() : json(nullptr);
}

void Room::record_review() {
  // Only what the store keeps (the tree and whether it is open) is written, and only when it
  // changed: a goto or an arrow costs no write. Not waited for: a review is a pastime, and
  // losing its last change to a crash is no harm. Shapes and the node looked at are not kept.
  if (!review_) return;
  const RecordedReview now{review_->game_no(), review_->tree().size(), review_->open()};
  if (now == recorded_review_) return;
  recorded_review_ = now;
  StoredReview kept{id_, review_->game_no(), write_variation_text(review_->tree()), review_->open(),
                    unix_ms()};
  services_.store.submit(std::move(kept), [id = id_](Result<void> stored) {
    if (!stored) spdlog::warn("room {} review not kept: {}", id, stored.error().message);
  });
}

}  // namespace banmen::server

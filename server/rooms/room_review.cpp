// The review (感想戦) of the room's finished game: carrying out its requests' steps
// (review_requests.h) and the `review` event (docs/protocol.md, "Review"). The request
// table has checked the game is over, the review is open and the sender may drive it; the
// board (review_board.h) checks every move through the rules core and every size. The
// event goes through the EventLog like every other, so a reconnecting client catches up
// from it, and snapshots carry the review.
#include <spdlog/spdlog.h>

#include "core/variation_text.h"
#include "games/review_record.h"
#include "protocol/error_codes.h"
#include "rooms/review_requests.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::carry_out(const Request& r, const ReviewStep& step) {
  if (step.refusal) return refuse(r, step.refusal->code, step.refusal->message);
  ack(r);
  const json by = r.member.player >= 0 ? json(seating_.seat_of(r.member.player)) : json(nullptr);
  publish_review(by, step.moved, step.event == ReviewStep::Event::whole);
}

void Room::on_review_start(const Request& r) {
  const auto ply = review_start_ply(r.as<ReviewStartFields>(), match_.game().history_size());
  if (!ply) return refuse(r, ply.error().code, ply.error().message);
  // A record brought in gives the board back to the game's review it replaced.
  if (review_ && review_->imported() && set_aside_review_ &&
      set_aside_review_->game_no() == match_.game_no())
    review_ = std::move(set_aside_review_);
  if (review_ && review_->game_no() == match_.game_no())
    return carry_out(r, review_open(*review_, *ply));
  // The root is a fresh game at the finished game's start, made as a restart makes it.
  auto start = options_.new_game(match_.game().initial_position());
  if (!start || (*start)->info().id != match_.game().info().id)
    return refuse(r, errc::unsupported, "the room has switched to another game");
  // The tree is made on a worker (a pass over the whole game through the rules), from
  // copies: the room holds its other requests until it is in.
  std::shared_ptr<const Game> first(std::move(*start));
  std::shared_ptr<const Game> finished(match_.game().clone());
  const int game_no = match_.game_no();
  work_then(r, match_.game().history_size(), [this, r, first, finished, game_no, at = *ply] {
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
      carry_out(r, review_open(*review_, at));
    });
  });
}

void Room::on_review_move(const Request& r) {
  carry_out(r, review_move(*review_, r.as<ReviewMoveFields>()));
}

void Room::on_review_goto(const Request& r) {
  carry_out(r, review_goto(*review_, r.as<ReviewGotoFields>()));
}

void Room::on_review_draw(const Request& r) {
  carry_out(r, review_draw(*review_, r.as<ReviewDrawFields>()));
}

void Room::on_review_allow(const Request& r) {
  carry_out(r, review_allow(*review_, r.as<ReviewAllowFields>()));
}

void Room::on_review_close(const Request& r) {
  carry_out(r, review_close(*review_));
}

void Room::on_review_save(const Request& r) {
  if (!review_) return refuse(r, errc::no_review, "no review to save");
  std::string players[2];
  for (int p = 0; p < 2; ++p)
    if (seating_.player(p).taken) players[seating_.seat_of(p)] = seating_.player(p).name;
  auto info = review_save_info(id_, review_->game_no(), players, options_.clock.human());
  std::string name = "banmen-" + id_ + "-game-" + std::to_string(review_->game_no());
  if (const auto& imported = review_->imported()) {
    // A record brought in is nobody's game here: no players, no clock.
    info = RecordInfo{};
    info.event = "Banmen room " + id_ + ", record brought in" +
                 (imported->name.empty() ? std::string() : ": " + imported->name);
    name = "banmen-" + id_ + "-record";
  }
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
  // Not waited for: a review is a pastime, and losing its last change to a crash is no
  // harm. Shapes and the node looked at are not kept.
  if (!review_) return;
  auto write = review_keeping_.change_for(*review_, id_, unix_ms());
  if (!write) return;
  services_.store.submit(std::move(*write), [id = id_](Result<void> stored) {
    if (!stored) spdlog::warn("room {} review not kept: {}", id, stored.error().message);
  });
}

}  // namespace banmen::server

// A record brought into the room (review_import, docs/protocol.md "Bringing a record in"):
// its parts gathered by RecordUploads (record_uploads.h), the whole text read by the
// record importer (games/record_import.h) on a worker, then, once stored, shown on the
// room's review board for everyone as the review of game 0. Never half-imported: a record
// that does not read is refused with its line and nothing changes; one that reads replaces
// the board only after the store has it.
#include <spdlog/spdlog.h>

#include "core/variation_text.h"
#include "games/record_import.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {

// The board of a record read from `text` (the whole work of an import, off the strand).
Result<ReviewBoard> board_of_record(const ReceivedRecord& record, std::string_view room_game) {
  auto read = import_record_tree(record.text, record.format, room_game);
  if (!read) return read.error();
  ImportedFacts facts{record.name, read->format, read->game_id};
  ReviewBoard board = ReviewBoard::of_tree(std::move(read->tree), 0, true);
  board.set_imported(std::move(facts));
  return board;
}

// The board of a record kept in the store, as it was kept (looking at its start).
Result<ReviewBoard> board_of_kept(const StoredImport& kept) {
  auto root = create_game(kept.game_id, kept.root_position);
  if (!root) return root.error();
  auto tree = read_variation_text(**root, kept.tree_text);
  if (!tree) return tree.error();
  ReviewBoard board = ReviewBoard::of_tree(std::move(*tree), 0, kept.open);
  board.set_imported({kept.name, kept.format, kept.game_id});
  return board;
}

}  // namespace

void Room::refuse_record(const Request& r, const Error& e) {
  services_.metrics.errors_total++;
  json error = error_message(r.re, e.code, e.message);
  if (e.code == errc::bad_record) error["line"] = import_error_of(e).line;
  r.client->send(encode(error));
}

void Room::on_review_import(const Request& r) {
  auto step = uploads_.receive(r.client->client_id(), r.as<ReviewImportFields>(), unix_ms());
  if (step.refusal) return refuse_record(r, *step.refusal);
  if (!step.record) return ack(r);
  // Reading up to 256 KiB through the rules is work: on a worker, counted by kilobytes.
  auto record = std::make_shared<const ReceivedRecord>(std::move(*step.record));
  const std::string room_game(match_.game().info().id);
  const std::uint64_t cost = record->text.size() / 1024 + 1;
  work_then(r, cost, [this, r, record, room_game] {
    auto board = std::make_shared<Result<ReviewBoard>>(board_of_record(*record, room_game));
    auto write = std::make_shared<std::optional<StoredImport>>();
    if (*board) *write = ReviewKeeping::import_write(**board, id_, unix_ms());
    return std::function<void()>([this, r, board, write] {
      if (!*board) return refuse_record(r, board->error());
      // The room held every other request meanwhile: no game has started since.
      commit_then(std::move(**write), r, [this, r, board] {
        show_imported(std::make_unique<ReviewBoard>(std::move(**board)));
        review_keeping_.kept(*review_);
        spdlog::info("room {} record brought in: {} ({}, {} nodes)", id_, review_->imported()->game,
                     review_->imported()->format, review_->tree().size());
        carry_out(r, ReviewStep{std::nullopt, ReviewStep::Event::whole, true});
        forget_imported_analysis();  // after the review event: the new record is on the board
      });
    });
  });
}

void Room::show_imported(std::unique_ptr<ReviewBoard> board) {
  // The game's own review steps aside, its variations kept for a review_start.
  if (review_ && !review_->imported()) set_aside_review_ = std::move(review_);
  review_ = std::move(board);
}

void Room::restore_import(const StoredRoom& stored) {
  if (!stored.imported || match_.status() == Status::playing) return;
  const StoredImport& kept = *stored.imported;
  // Brought in before the last game started: that game took the board since. Or the game's
  // review was written after it: the review is what was on the board.
  if (stored.game.game_no > 0 && kept.server_ms < stored.game.started_ms) return;
  if (review_ && stored.review && stored.review->server_ms > kept.server_ms) return;
  auto board = board_of_kept(kept);
  if (!board) {  // kept by another version of the rules: the room comes back without it
    spdlog::warn("room {}: kept record not read back: {}", id_, board.error().message);
    return;
  }
  show_imported(std::make_unique<ReviewBoard>(std::move(*board)));
  review_keeping_.kept(*review_);
}

}  // namespace banmen::server

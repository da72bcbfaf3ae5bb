#include "rooms/review_requests.h"

#include "core/variation_text.h"
#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
ReviewStep done(ReviewStep::Event event, bool moved) {
  return {std::nullopt, event, moved};
}
}  // namespace

Result<std::size_t> review_start_ply(const ReviewStartFields& f, std::size_t plies) {
  const auto last = static_cast<std::int64_t>(plies);
  const auto ply = f.ply.value_or(last);
  if (ply < 0 || ply > last)
    return make_error(errc::bad_request, "ply is 0.." + std::to_string(plies));
  return static_cast<std::size_t>(ply);
}

ReviewStep review_open(ReviewBoard& board, std::size_t ply) {
  board.set_open(true);
  if (auto moved = board.go_to_ply(ply); !moved) return ReviewStep::refused(moved.error());
  return done(ReviewStep::Event::whole, true);
}

ReviewStep review_move(ReviewBoard& board, const ReviewMoveFields& f) {
  if (f.version && *f.version < static_cast<std::int64_t>(board.moved_version()))
    return ReviewStep::refused(
        make_error(errc::stale_version, "the review moved since your version"));
  if (auto played = board.play(f.move); !played) return ReviewStep::refused(played.error());
  return done(ReviewStep::Event::change, true);
}

ReviewStep review_goto(ReviewBoard& board, const ReviewGotoFields& f) {
  if (f.node < 0 || static_cast<std::uint64_t>(f.node) >= board.tree().size())
    return ReviewStep::refused(make_error(errc::unknown_node, "no such node"));
  if (auto moved = board.go_to(static_cast<NodeId>(f.node)); !moved)
    return ReviewStep::refused(moved.error());
  return done(ReviewStep::Event::change, true);
}

ReviewStep review_draw(ReviewBoard& board, const ReviewDrawFields& f) {
  if (auto drawn = board.draw(f.shapes); !drawn) return ReviewStep::refused(drawn.error());
  return done(ReviewStep::Event::change, false);
}

ReviewStep review_allow(ReviewBoard& board, const ReviewAllowFields& f) {
  board.set_spectators_may_drive(f.spectators);
  return done(ReviewStep::Event::change, false);
}

ReviewStep review_close(ReviewBoard& board) {
  board.set_open(false);
  return done(ReviewStep::Event::whole, false);
}

RecordInfo review_save_info(const std::string& room_id, int game_no,
                            const std::string (&players_by_seat)[2], std::string time_control) {
  RecordInfo info;
  for (int seat = 0; seat < 2; ++seat) info.players[seat] = players_by_seat[seat];
  info.event = "Banmen room " + room_id + ", game " + std::to_string(game_no) + ", review";
  info.time_control = std::move(time_control);
  return info;
}

std::optional<StoredReview> ReviewKeeping::write_for(const ReviewBoard& board,
                                                     const std::string& room_id,
                                                     std::int64_t now_ms) {
  const Kept now = of(board);
  if (now == last_) return std::nullopt;
  last_ = now;
  return StoredReview{room_id, board.game_no(), write_variation_text(board.tree()), board.open(),
                      now_ms};
}

std::optional<StoreWrite> ReviewKeeping::change_for(const ReviewBoard& board,
                                                    const std::string& room_id,
                                                    std::int64_t now_ms) {
  if (!board.imported()) {
    auto review = write_for(board, room_id, now_ms);
    if (!review) return std::nullopt;
    return StoreWrite{std::move(*review)};
  }
  const Kept now = of(board);
  if (now == last_) return std::nullopt;
  last_ = now;
  return StoreWrite{import_write(board, room_id, now_ms)};
}

StoredImport ReviewKeeping::import_write(const ReviewBoard& board, const std::string& room_id,
                                         std::int64_t now_ms) {
  const ImportedFacts& facts = *board.imported();
  return StoredImport{room_id,
                      facts.game,
                      board.tree().root_game().position(),
                      write_variation_text(board.tree()),
                      facts.name,
                      facts.format,
                      board.open(),
                      now_ms};
}

}  // namespace banmen::server

// The review's requests as values (docs/protocol.md, "Review"): each takes the room's review
// board and the request's typed fields and answers with a ReviewStep, which the room carries
// out in one place (room_review.cpp): the refusal, or the ack and the event. What the store
// keeps of a review, and when it changed, is decided here too. No strand, socket or store:
// each is tested alone (tests/server/review_requests_test.cpp). The request table has already
// checked the game is over, the review is open and the sender may drive it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "games/review_record.h"
#include "rooms/request.h"
#include "rooms/review_board.h"
#include "storage/store.h"

namespace banmen::server {

// What the room does with a review request.
struct ReviewStep {
  enum class Event {
    none,    // nothing to publish (a refusal)
    change,  // the change alone (ReviewBoard::change_event)
    whole,   // the whole review (opened, closed)
  };
  std::optional<Error> refusal;  // set: refused with it, nothing changed
  Event event = Event::none;
  bool moved = false;  // the tree or the node looked at changed: older moves are stale

  static ReviewStep refused(Error e) { return {std::move(e), Event::none, false}; }
};

// review_start: the ply to look at, that asked for or the game's last. Errors: bad_request
// for a ply outside 0..plies.
Result<std::size_t> review_start_ply(const ReviewStartFields& f, std::size_t plies);
// Opens `board` looking at ply `ply` of the game (after review_start).
ReviewStep review_open(ReviewBoard& board, std::size_t ply);
// review_move: a move from the node its sender saw; refused stale_version when the review
// moved since the version it names.
ReviewStep review_move(ReviewBoard& board, const ReviewMoveFields& f);
ReviewStep review_goto(ReviewBoard& board, const ReviewGotoFields& f);
ReviewStep review_draw(ReviewBoard& board, const ReviewDrawFields& f);
ReviewStep review_allow(ReviewBoard& board, const ReviewAllowFields& f);
ReviewStep review_close(ReviewBoard& board);

// review_save's record header: the players by seat (empty: a seat nobody took), the room
// and the game reviewed, the clock as people read it.
RecordInfo review_save_info(const std::string& room_id, int game_no,
                            const std::string (&players_by_seat)[2], std::string time_control);

// What the store keeps of a review (its tree and whether it is open), written only when that
// changed: a goto or an arrow costs no write.
class ReviewKeeping {
 public:
  // The write for `board` when it differs from the last one kept; the keeping then counts
  // it as kept.
  std::optional<StoredReview> write_for(const ReviewBoard& board, const std::string& room_id,
                                        std::int64_t now_ms);
  // The write for `board` when it differs from the last one kept, of its kind: a
  // StoredImport for a record brought in (game 0), else write_for()'s StoredReview.
  std::optional<StoreWrite> change_for(const ReviewBoard& board, const std::string& room_id,
                                       std::int64_t now_ms);
  // A record brought in (imported() set) as the store keeps it.
  static StoredImport import_write(const ReviewBoard& board, const std::string& room_id,
                                   std::int64_t now_ms);
  // `board` came back from the store as it is.
  void kept(const ReviewBoard& board) { last_ = of(board); }

 private:
  struct Kept {
    int game_no = 0;
    std::size_t nodes = 0;  // a tree only grows, so its size says whether it changed
    bool open = false;
    bool operator==(const Kept&) const = default;
  };
  static Kept of(const ReviewBoard& board) {
    return {board.game_no(), board.tree().size(), board.open()};
  }
  Kept last_;
};

}  // namespace banmen::server

#include "storage/store.h"

namespace banmen::server {

void add_series_points(const StoredOutcome& outcome, const int seat_of_player[2], double score[2]) {
  if (outcome.kind == "draw") {
    score[0] += 0.5;
    score[1] += 0.5;
  } else if (outcome.kind == "win" && (outcome.winner == 0 || outcome.winner == 1)) {
    score[seat_of_player[0] == outcome.winner ? 0 : 1] += 1;
  }
}

Result<void> Store::write(const StoreWrite& w) {
  struct Dispatch {
    Store& s;
    Result<void> operator()(const StoredRoomInfo& x) { return s.create_room(x); }
    Result<void> operator()(const StoredSeat& x) { return s.seat_taken(x.room_id, x.player); }
    Result<void> operator()(const StoredGameStart& x) { return s.game_started(x); }
    Result<void> operator()(const StoredMove& x) { return s.move_appended(x); }
    Result<void> operator()(const StoredTakeback& x) {
      return s.takeback(x.room_id, x.game_no, x.plies);
    }
    Result<void> operator()(const StoredFinish& x) {
      return s.game_finished(x.room_id, x.game_no, x.outcome, x.server_ms);
    }
    Result<void> operator()(const StoredChat& x) { return s.chat_line(x); }
    Result<void> operator()(const StoredClose& x) { return s.room_closed(x.room_id, x.server_ms); }
  };
  return std::visit(Dispatch{*this}, w);
}

}  // namespace banmen::server

#include "storage/store.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>

namespace banmen::server {

StoredOutcome stored_outcome(const Outcome& o) {
  const char* kind = o.kind == Outcome::Kind::win    ? "win"
                     : o.kind == Outcome::Kind::draw ? "draw"
                                                     : "aborted";
  return StoredOutcome{kind, o.winner, o.reason};
}

Outcome outcome_of(const StoredOutcome& stored) {
  if (stored.kind == "win") return Outcome::win(stored.winner, stored.reason);
  if (stored.kind == "draw") return Outcome::draw(stored.reason);
  return Outcome::abort(stored.reason);
}

void add_series_points(const StoredOutcome& outcome, const int seat_of_player[2], double score[2]) {
  if (outcome.kind == "draw") {
    score[0] += 0.5;
    score[1] += 0.5;
  } else if (outcome.kind == "win" && (outcome.winner == 0 || outcome.winner == 1)) {
    score[seat_of_player[0] == outcome.winner ? 0 : 1] += 1;
  }
}

Result<void> Store::write(StoreWrite w) {
  std::mutex mu;
  std::condition_variable cv;
  std::optional<Result<void>> answer;
  submit(std::move(w), [&](Result<void> r) {
    std::lock_guard lock(mu);
    answer = std::move(r);
    cv.notify_one();
  });
  std::unique_lock lock(mu);
  cv.wait(lock, [&] { return answer.has_value(); });
  return std::move(*answer);
}

Error schema_too_new(int found, int known) {
  return make_error(storage_error, "the database has schema version " + std::to_string(found) +
                                       " but this server knows only up to " +
                                       std::to_string(known) +
                                       "; run a newer banmen-server (the database was left "
                                       "untouched)");
}

std::string this_process_owner(const std::string& server_id) {
  static const std::int64_t started = std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::system_clock::now().time_since_epoch())
                                          .count();
  return server_id + "@" + std::to_string(started);
}

const std::string& room_of(const StoreWrite& w) {
  return std::visit([](const auto& x) -> const std::string& { return x.room_id; }, w);
}

}  // namespace banmen::server

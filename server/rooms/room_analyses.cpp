#include "rooms/room_analyses.h"

#include "rooms/analysis_json.h"

namespace banmen::server {

RoomAnalyses::Decision RoomAnalyses::decide(int game_no) const {
  if (run_ && run_->game_no == game_no) return Decision::already_running;
  if (known(game_no)) return Decision::send_stored;
  if (run_) return Decision::other_running;
  return Decision::start;
}

RoomAnalyses::Run& RoomAnalyses::begin(int game_no, std::shared_ptr<void> slot) {
  run_.emplace();
  run_->game_no = game_no;
  run_->id = ++next_id_;
  run_->slot = std::move(slot);
  return *run_;
}

RoomAnalyses::Run* RoomAnalyses::current(std::uint64_t id) {
  return run_ && run_->id == id ? &*run_ : nullptr;
}

void RoomAnalyses::cancel() {
  if (run_ && run_->handle) run_->handle->cancel();
  run_.reset();
}

bool RoomAnalyses::forget(int game_no) {
  const bool running = run_ && run_->game_no == game_no;
  if (running) cancel();
  return known_.erase(game_no) > 0 || running;
}

bool RoomAnalyses::progress_due(std::int64_t now_ms) {
  if (!run_ || now_ms - run_->last_progress_ms < kProgressMs) return false;
  run_->last_progress_ms = now_ms;
  return true;
}

void RoomAnalyses::remember(int game_no, json analysis) {
  known_[game_no] = std::move(analysis);
  // The oldest series games go first; game 0 (the record brought in) stays.
  while (known_.size() > kKept) {
    auto oldest = known_.begin();
    if (oldest->first == 0) ++oldest;
    known_.erase(oldest);
  }
}

const json* RoomAnalyses::known(int game_no) const {
  auto it = known_.find(game_no);
  return it == known_.end() ? nullptr : &it->second;
}

json RoomAnalyses::state_of(int game_no) const {
  if (run_ && run_->game_no == game_no)
    return analysis_state(game_no, run_->done == 0 ? "queued" : "running", run_->done, run_->total,
                          nullptr);
  if (const json* a = known(game_no)) {
    const std::size_t n = (*a)["positions"].size();
    return analysis_state(game_no, "done", n, n, *a);
  }
  return nullptr;
}

}  // namespace banmen::server

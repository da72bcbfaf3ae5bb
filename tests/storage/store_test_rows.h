// What the store tests use again and again: names numbered by appending, a move of a room at
// a ply, and a waiter for submit()'s answer. One home, so every store test does it alike.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>

#include "storage/store.h"

namespace banmen::server::test_rows {

// prefix + n, built by appending (GCC 12 warns falsely on "literal" + std::to_string()).
inline std::string named(const char* prefix, int n) {
  std::string s = prefix;
  s += std::to_string(n);
  return s;
}

// Game 1's move at `ply` in `room`: the move text "p<ply>" (plus `padding` x's, for tests
// that need big rows) and a remaining time that tells plies apart.
inline StoredMove move_of(const std::string& room, int ply, std::size_t padding = 0) {
  StoredMove m;
  m.room_id = room;
  m.game_no = 1;
  m.ply = ply;
  m.move = named("p", ply);
  m.move.append(padding, 'x');
  m.remaining_ms[0] = 1000 + ply;
  return m;
}

// Waits for submit()'s answer, as a room waits before its next move.
class Answer {
 public:
  Store::Committed callback() {
    return [this](Result<void> r) {
      std::lock_guard lock(mu_);
      result_ = std::move(r);
      done_ = true;
      cv_.notify_one();
    };
  }
  Result<void> wait() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return done_; });
    done_ = false;
    return result_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  Result<void> result_;
};

}  // namespace banmen::server::test_rows

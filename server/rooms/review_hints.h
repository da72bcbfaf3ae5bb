// Who may ask for a hint on the review board, and which answer counts (a part of the room,
// rooms/room.h; the search itself runs on the engine pool, room_review_hint.cpp). Bounded
// two ways here: one hint under way per room, and one per client every kIntervalMs (the
// pool bounds the rest: its share per address and its queue). The table of askers forgets
// a client once its interval is over, so it never outgrows the room. Tested on its own
// (tests/server/review_hints_test.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string_view>

#include "engine/engine_pool.h"

namespace banmen::server {

class ReviewHints {
 public:
  static constexpr std::int64_t kIntervalMs = 3000;

  // Why client `client` may not ask at `now` (steady ms), or empty when it may.
  std::string_view refusal(std::uint64_t client, std::int64_t now);
  // Client `client` asked at `now` and its search is being handed to the pool: the
  // search's number, which its answer carries back.
  std::uint64_t next_search() { return ++search_no_; }
  // The pool took the search of client `client`, asked at `now`.
  void searching(std::shared_ptr<EnginePool::Handle> handle, std::uint64_t client,
                 std::int64_t now);
  // The answer of search `search` arrived: true when it is the one under way (it is then
  // no longer under way).
  bool answered(std::uint64_t search);
  bool thinking() const { return search_ != nullptr; }
  std::size_t askers() const { return asked_ms_.size(); }

 private:
  std::shared_ptr<EnginePool::Handle> search_;
  std::uint64_t search_no_ = 0;
  std::map<std::uint64_t, std::int64_t> asked_ms_;  // by client id: steady ms
};

}  // namespace banmen::server

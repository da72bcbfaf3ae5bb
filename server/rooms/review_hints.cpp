#include "rooms/review_hints.h"

#include <utility>

namespace banmen::server {

std::string_view ReviewHints::refusal(std::uint64_t client, std::int64_t now) {
  if (search_) return "a hint is already being worked out";
  std::erase_if(asked_ms_, [now](const auto& e) { return now - e.second >= kIntervalMs; });
  if (asked_ms_.contains(client)) return "one hint every few seconds";
  return {};
}

void ReviewHints::searching(std::shared_ptr<EnginePool::Handle> handle, std::uint64_t client,
                            std::int64_t now) {
  search_ = std::move(handle);
  asked_ms_[client] = now;
}

bool ReviewHints::answered(std::uint64_t search) {
  if (!search_ || search != search_no_) return false;
  search_.reset();
  return true;
}

}  // namespace banmen::server

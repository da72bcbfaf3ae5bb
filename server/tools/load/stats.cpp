#include "stats.h"

namespace banmen::load {

void Stats::error(std::string_view code) {
  auto it = errors.find(code);
  if (it == errors.end()) it = errors.emplace(std::string(code), 0).first;
  ++it->second;
}

void Stats::merge(const Stats& other) {
  latency.merge(other.latency);
  moves += other.moves;
  messages_in += other.messages_in;
  bytes_in += other.bytes_in;
  games_over += other.games_over;
  join_retries += other.join_retries;
  for (const auto& [code, n] : other.errors) errors[code] += n;
}

}  // namespace banmen::load

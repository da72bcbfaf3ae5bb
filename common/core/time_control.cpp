#include "core/time_control.h"

namespace banmen {
namespace {

// Reads a run of 1-6 digits from the front of `s`, consuming it.
std::optional<std::int64_t> take_number(std::string_view& s) {
  std::size_t n = 0;
  std::int64_t value = 0;
  while (n < s.size() && n < 7 && s[n] >= '0' && s[n] <= '9') value = value * 10 + (s[n++] - '0');
  if (n == 0 || n > 6) return std::nullopt;
  s.remove_prefix(n);
  return value;
}

bool take(std::string_view& s, char c) {
  if (s.empty() || s.front() != c) return false;
  s.remove_prefix(1);
  return true;
}

}  // namespace

std::optional<TimeControl> parse_time_control(std::string_view s) {
  TimeControl tc;
  auto base = take_number(s);
  if (!base) return std::nullopt;
  tc.base_minutes = *base;
  if (take(s, '+')) {  // "10+5"
    auto inc = take_number(s);
    if (!inc || !s.empty()) return std::nullopt;
    tc.increment_seconds = *inc;
    return tc;
  }
  if (!take(s, 'm') || !take(s, '+')) return std::nullopt;  // "10m+1x30s"
  auto periods = take_number(s);
  if (!periods || *periods < 1 || *periods > 100 || !take(s, 'x')) return std::nullopt;
  auto seconds = take_number(s);
  if (!seconds || !take(s, 's') || !s.empty()) return std::nullopt;
  tc.kind = TimeControl::Kind::byoyomi;
  tc.periods = static_cast<int>(*periods);
  tc.period_seconds = *seconds;
  return tc;
}

std::string japanese_minutes(std::int64_t minutes) {
  if (minutes < 60) return std::to_string(minutes) + "分";
  std::string out = std::to_string(minutes / 60) + "時間";
  if (minutes % 60) out += std::to_string(minutes % 60) + "分";
  return out;
}

}  // namespace banmen

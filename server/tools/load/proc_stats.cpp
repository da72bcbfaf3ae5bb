#include "proc_stats.h"

#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace banmen::load {
namespace {

std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The number after "<key>:" on its line of /proc/<pid>/status (values are in kB).
std::optional<long long> status_field(std::string_view status, std::string_view key) {
  std::size_t at = 0;
  while (at < status.size()) {
    const std::size_t end = std::min(status.find('\n', at), status.size());
    std::string_view line = status.substr(at, end - at);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ':') {
      line.remove_prefix(key.size() + 1);
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
      long long value = 0;
      const auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), value);
      if (ec != std::errc{} || ptr == line.data()) return std::nullopt;
      return value;
    }
    at = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ProcSample> parse_proc(std::string_view stat, std::string_view status,
                                     long ticks_per_second) {
  // The command name (field 2) is in parentheses and may hold spaces: start after the last ')'.
  const std::size_t close = stat.rfind(')');
  if (close == std::string_view::npos || ticks_per_second <= 0) return std::nullopt;
  std::string_view rest = stat.substr(close + 1);
  // Fields after the name start at 3 (state); utime and stime are fields 14 and 15.
  unsigned long long utime = 0, stime = 0;
  int field = 2;
  std::size_t at = 0;
  while (at < rest.size() && field < 15) {
    while (at < rest.size() && rest[at] == ' ') ++at;
    std::size_t end = rest.find(' ', at);
    if (end == std::string_view::npos) end = rest.size();
    ++field;
    if (field == 14 || field == 15) {
      unsigned long long value = 0;
      const auto [ptr, ec] = std::from_chars(rest.data() + at, rest.data() + end, value);
      if (ec != std::errc{}) return std::nullopt;
      (field == 14 ? utime : stime) = value;
    }
    at = end;
  }
  if (field < 15) return std::nullopt;
  const auto rss = status_field(status, "VmRSS");
  if (!rss) return std::nullopt;
  ProcSample sample;
  sample.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(ticks_per_second);
  sample.rss_kib = *rss;
  sample.rss_peak_kib = status_field(status, "VmHWM").value_or(*rss);
  return sample;
}

std::optional<ProcSample> read_proc(pid_t pid) {
  const std::string base = "/proc/" + std::to_string(pid);
  const auto stat = slurp(base + "/stat");
  const auto status = slurp(base + "/status");
  if (!stat || !status) return std::nullopt;
  return parse_proc(*stat, *status, sysconf(_SC_CLK_TCK));
}

}  // namespace banmen::load

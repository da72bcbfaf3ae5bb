// CPU time and resident memory of a process, read from /proc (Linux only).
#pragma once

#include <sys/types.h>
#include <optional>
#include <string_view>

namespace banmen::load {

struct ProcSample {
  double cpu_seconds = 0;      // user + system time since the process started
  long long rss_kib = 0;       // resident set size now
  long long rss_peak_kib = 0;  // high-water mark of the resident set (VmHWM)
};

// Parses the text of /proc/<pid>/stat and /proc/<pid>/status. Split out of read_proc so the
// parsing is tested on fixed text. `ticks_per_second` is sysconf(_SC_CLK_TCK).
std::optional<ProcSample> parse_proc(std::string_view stat, std::string_view status,
                                     long ticks_per_second);

// nullopt when the process does not exist or /proc cannot be read.
std::optional<ProcSample> read_proc(pid_t pid);

}  // namespace banmen::load

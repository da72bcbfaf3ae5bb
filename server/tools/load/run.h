// One load run: open the rooms, play for the duration, close, and count.
#pragma once

#include <optional>

#include "options.h"
#include "proc_stats.h"
#include "stats.h"

namespace banmen::load {

struct Report {
  Options options;
  int connections_wanted = 0;
  int connected = 0;      // connections that became usable
  int failed = 0;         // connections that could not be opened
  int rooms_ready = 0;    // rooms with every member in place when play began
  int held_at_start = 0;  // connections open when play began
  int held_at_end = 0;    // connections open when play ended
  bool setup_complete = false;
  double open_seconds = 0, join_seconds = 0, measured_seconds = 0;
  Stats stats;
  // The server process (--server-pid): before connecting, once connected (idle
  // connections, no room), once every room is ready (idle rooms), and at the end.
  std::optional<ProcSample> server_start, server_connected, server_ready, server_end;
  std::optional<ProcSample> self_end;  // the load generator itself
};

Report run_load(const Options& options);

}  // namespace banmen::load

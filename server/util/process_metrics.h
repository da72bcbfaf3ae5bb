// The standard process_* metrics every Prometheus client library exports (CPU seconds,
// resident and virtual memory, open and maximum file descriptors, start time), read from
// /proc/self, and banmen_build_info with the version. Appended to /metrics.
#pragma once

#include <string>

namespace banmen::server {

void render_process_metrics(std::string& out);

}  // namespace banmen::server

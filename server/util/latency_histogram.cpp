#include "util/latency_histogram.h"

#include <cstdio>

namespace banmen::server {

namespace {
std::string seconds(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", ms / 1000.0);
  return buf;
}
}  // namespace

void LatencyHistogram::render(std::string& out, const char* name, const char* help) const {
  const std::string n = name;
  out += "# HELP " + n + ' ' + help + "\n# TYPE " + n + " histogram\n";
  for (std::size_t i = 0; i < kBoundsMs.size(); ++i)
    out +=
        n + "_bucket{le=\"" + seconds(kBoundsMs[i]) + "\"} " + std::to_string(cumulative(i)) + '\n';
  out += n + "_bucket{le=\"+Inf\"} " + std::to_string(count_) + '\n';
  out += n + "_sum " + seconds(sum_ms_) + '\n';
  out += n + "_count " + std::to_string(count_) + '\n';
}

}  // namespace banmen::server

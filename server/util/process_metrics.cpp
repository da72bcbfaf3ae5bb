#include "util/process_metrics.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace banmen::server {

namespace {

void metric(std::string& out, const char* name, const char* type, const char* help, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  out += std::string("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
  out += std::string(name) + ' ' + buf + '\n';
}

// The fields of /proc/self/stat after the command name (which may hold spaces).
std::vector<std::string> stat_fields() {
  std::ifstream in("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  std::vector<std::string> fields;
  if (close == std::string::npos) return fields;
  std::istringstream rest(text.substr(close + 2));
  for (std::string f; rest >> f;) fields.push_back(f);
  return fields;  // fields[0] is field 3 of proc(5), "state"
}

double boot_time_seconds() {
  std::ifstream in("/proc/stat");
  for (std::string key; in >> key;) {
    if (key == "btime") {
      double t = 0;
      in >> t;
      return t;
    }
    in.ignore(1 << 16, '\n');
  }
  return 0;
}

}  // namespace

void render_process_metrics(std::string& out) {
  out += "# HELP banmen_build_info The server's version; the value is always 1.\n";
  out += "# TYPE banmen_build_info gauge\n";
  out += "banmen_build_info{version=\"" BANMEN_VERSION "\"} 1\n";

  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
  auto f = stat_fields();
  // proc(5): utime 14, stime 15, starttime 22, vsize 23, rss 24; fields[i] is field i + 3.
  if (f.size() > 21 && ticks > 0) {
    metric(out, "process_cpu_seconds_total", "counter",
           "Total user and system CPU time spent in seconds.",
           (std::stod(f[11]) + std::stod(f[12])) / ticks);
    metric(out, "process_start_time_seconds", "gauge",
           "Start time of the process since unix epoch in seconds.",
           boot_time_seconds() + std::stod(f[19]) / ticks);
    metric(out, "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.",
           std::stod(f[20]));
    metric(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
           std::stod(f[21]) * page);
  }
  std::error_code ec;
  double fds = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end;
       it.increment(ec))
    ++fds;
  metric(out, "process_open_fds", "gauge", "Number of open file descriptors.", fds);
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0)
    metric(out, "process_max_fds", "gauge", "Maximum number of open file descriptors.",
           static_cast<double>(lim.rlim_cur));
}

}  // namespace banmen::server

// The accept loop out of file descriptors, against the real binary. A suite of its own,
// labelled release_only: the sanitizers' own checks open a pipe to probe memory, and with
// no descriptor left they report errors of their own and stop the server.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "raw_ws_client.h"
#include "server_process.h"
#include "ws_test_client.h"

namespace banmen::testing {
namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close_paren = stat.rfind(')');
  if (close_paren == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close_paren + 2));
  std::string f;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i)
    if (i == 14 || i == 15) ticks += std::stod(f);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// Out of file descriptors, accept() fails at once for as long as connections wait in the
// backlog: the listener must pause between attempts and log once, then accept again.
TEST(ServerDescriptors, AcceptPausesWhenOutOfDescriptors) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  rlimit low{48, 48};
  ASSERT_EQ(prlimit(server.pid(), RLIMIT_NOFILE, &low, nullptr), 0);
  std::vector<std::unique_ptr<RawWsClient>> held;
  for (int i = 0; i < 80; ++i) {  // more than the server can hold; the rest wait in the backlog
    held.push_back(std::make_unique<RawWsClient>());
    if (!held.back()->connect_only(server.port())) break;
  }
  std::this_thread::sleep_for(300ms);
  const double cpu_before = cpu_seconds(server.pid());
  const auto lines_before = count_of(server.log(), "listener: accept");
  std::this_thread::sleep_for(1000ms);
  const double cpu = cpu_seconds(server.pid()) - cpu_before;
  const auto lines = count_of(server.log(), "listener: accept") - lines_before;
  EXPECT_LT(cpu, 0.3) << "CPU seconds in 1 s out of descriptors";
  EXPECT_LE(lines, 1u) << "accept log lines in 1 s";
  EXPECT_LE(count_of(server.log(), "listener: accept"), 2u);
  RecordProperty("cpu_seconds_per_second_out_of_descriptors", std::to_string(cpu));
  held.clear();  // every descriptor comes back
  WsClient ws;
  bool back = false;
  for (int i = 0; i < 50 && !back; ++i) {
    back = ws.connect(server.port());
    if (!back) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(back) << server.log().substr(0, 4000);
  EXPECT_NE(server.log().find("accepting again"), std::string::npos);
}

}  // namespace
}  // namespace banmen::testing

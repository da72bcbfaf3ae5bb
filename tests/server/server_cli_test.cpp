// Integration: the command line of the real banmen-server binary. --version answers from the
// one home of the version (CMake's project version), and an enumerated flag with a value
// it does not know is refused with a message and a non-zero exit, never taken silently.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#ifndef BANMEN_SERVER_BINARY
#error "BANMEN_SERVER_BINARY must be defined"
#endif

namespace {

struct Run {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

Run run_server(const std::string& args) {
  Run r;
  // Bounded: a server that wrongly accepts its flags would otherwise run for ever.
  const std::string cmd = "timeout 5 " + std::string(BANMEN_SERVER_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  int status = pclose(p);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

TEST(ServerCli, VersionIsTheProjectVersion) {
  auto r = run_server("--version");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "banmen-server " BANMEN_VERSION "\n");
}

TEST(ServerCli, UnknownEnumeratedValuesAreRefused) {
  for (const char* args : {"--log-level nonsense", "--sync sometimes", "--store mongo"}) {
    SCOPED_TRACE(args);
    auto r = run_server(std::string(args) + " --port 0 --bind 127.0.0.1");
    EXPECT_NE(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("not in {"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("listening on"), std::string::npos) << r.output;
  }
}

TEST(ServerCli, BadBindAddressIsRefused) {
  auto r = run_server("--bind not-an-address --port 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("bad --bind address"), std::string::npos) << r.output;
}

// The room limits are flags with checked ranges: a value outside them stops the server.
TEST(ServerCli, RoomLimitFlagsAreRangeChecked) {
  for (const char* args : {"--room-max-idle-ms 5", "--max-spectators -1"}) {
    SCOPED_TRACE(args);
    auto r = run_server(std::string(args) + " --port 0 --bind 127.0.0.1 --store memory");
    EXPECT_NE(r.exit_code, 0) << r.output;
    EXPECT_EQ(r.output.find("listening on"), std::string::npos) << r.output;
  }
}

}  // namespace

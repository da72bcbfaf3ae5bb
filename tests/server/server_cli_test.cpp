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

// Web Push keys: `vapid-keys` makes a pair in the form the flags take; halves of two pairs,
// or the keys without a subject, stop the server before it listens.
TEST(ServerCli, VapidKeysAreMadeAndCheckedAtStart) {
  auto made = run_server("vapid-keys");
  ASSERT_EQ(made.exit_code, 0) << made.output;
  auto value = [&made](const std::string& name) {
    auto at = made.output.find(name + "=");
    if (at == std::string::npos) return std::string();
    at += name.size() + 1;
    return made.output.substr(at, made.output.find('\n', at) - at);
  };
  const std::string pub = value("BANMEN_VAPID_PUBLIC_KEY");
  const std::string priv = value("BANMEN_VAPID_PRIVATE_KEY");
  ASSERT_EQ(pub.size(), 87u) << made.output;
  ASSERT_EQ(priv.size(), 43u) << made.output;
  auto other = run_server("vapid-keys");
  const std::string other_pub = other.output.substr(other.output.find('=') + 1, 87);
  const std::string base = " --port 0 --bind 127.0.0.1 --store memory";
  auto mismatched = run_server("--vapid-public-key " + other_pub + " --vapid-private-key " + priv +
                               " --vapid-subject mailto:ops@example.org" + base);
  EXPECT_EQ(mismatched.exit_code, 2) << mismatched.output;
  EXPECT_NE(mismatched.output.find("different pairs"), std::string::npos) << mismatched.output;
  auto no_subject = run_server("--vapid-public-key " + pub + " --vapid-private-key " + priv + base);
  EXPECT_EQ(no_subject.exit_code, 2) << no_subject.output;
  auto bad_subject = run_server("--vapid-public-key " + pub + " --vapid-private-key " + priv +
                                " --vapid-subject http://example.org" + base);
  EXPECT_EQ(bad_subject.exit_code, 2) << bad_subject.output;
  EXPECT_EQ(bad_subject.output.find("listening on"), std::string::npos) << bad_subject.output;
}

}  // namespace

// Starts the real banmen-server binary on a free loopback port (--port 0; the port is read
// back from its log) and stops it with SIGTERM when the object goes away. The store is
// memory unless `extra_args` name one ("--store", "sqlite", "--data-dir", ...).
#pragma once

#include <gtest/gtest.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace banmen::testing {

class ServerProcess {
 public:
  explicit ServerProcess(std::vector<std::string> extra_args = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  bool ok() const { return port_ != 0; }
  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  // Stops the server (SIGTERM) and returns true if it exited cleanly within 10 s.
  bool stop();
  std::string log() const;
  // Sends `sig` and does not wait.
  void signal(int sig) const;
  // Waits at most `timeout_ms` for the process to exit: its exit status, 128 + the signal
  // that killed it, or -1 if it is still running.
  int wait_exit(int timeout_ms);

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
  int exit_status_ = -1;  // once it has exited
  std::string log_path_;
};

// A suite that shares one server, started with `Suite::server_args()` before its first test
// and stopped after its last: `class MySuite : public SharedServerSuite<MySuite>` with a
// `static std::vector<std::string> server_args()`.
template <class Suite>
class SharedServerSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(Suite::server_args()); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  static inline ServerProcess* server_ = nullptr;
};

}  // namespace banmen::testing

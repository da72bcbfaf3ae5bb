#include "server_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#ifndef BANMEN_SERVER_BINARY
#error "BANMEN_SERVER_BINARY must be defined"
#endif

namespace banmen::testing {

ServerProcess::ServerProcess(std::vector<std::string> extra_args) {
  char tmpl[] = "/tmp/banmen-server-test-XXXXXX";
  int fd = mkstemp(tmpl);
  if (fd < 0) return;
  log_path_ = tmpl;
  bool own_store = false, own_static = false;
  for (const auto& a : extra_args) {
    own_store = own_store || a == "--store";
    own_static = own_static || a == "--static-dir";
  }
  std::vector<std::string> args{BANMEN_SERVER_BINARY, "--port",      "0",   "--bind",
                                "127.0.0.1",          "--log-level", "info"};
  if (!own_static) args.insert(args.end(), {"--static-dir", "/nonexistent"});
  if (!own_store) args.insert(args.end(), {"--store", "memory"});
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fd);
  // Bounded wait for the "listening on 127.0.0.1:<port>" line: at most 30 s, since a
  // sanitized server on a busy machine takes seconds to prepare its game list and restore.
  const std::string marker = "listening on 127.0.0.1:";
  for (int i = 0; i < 1500 && port_ == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {  // it gave up (a bad flag): no use waiting
      pid_ = -1;
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    auto text = log();
    auto at = text.find(marker);
    if (at != std::string::npos)
      port_ = static_cast<unsigned short>(std::atoi(text.c_str() + at + marker.size()));
  }
}

std::string ServerProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void ServerProcess::signal(int sig) const {
  if (pid_ > 0) kill(pid_, sig);
}

int ServerProcess::wait_exit(int timeout_ms) {
  if (pid_ <= 0) return exit_status_;
  for (int waited = 0; waited <= timeout_ms; waited += 10) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exit_status_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

bool ServerProcess::stop() {
  if (pid_ <= 0) return false;
  kill(pid_, SIGTERM);
  // The server's shutdown grace (--shutdown-grace-ms, 5 s) waits for clients that do not
  // answer its close frame, as a test's idle clients do; then it must have exited.
  for (int i = 0; i < 500; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
  return false;
}

ServerProcess::~ServerProcess() {
  stop();
  if (!log_path_.empty()) unlink(log_path_.c_str());
}

}  // namespace banmen::testing

#include "server_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <thread>

namespace banmen::test {

namespace {
std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}
}  // namespace

std::string ServerProcess::log() const {
  std::ifstream in(log_file_, std::ios::binary);
  in.seekg(log_start_);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool ServerProcess::start(int timeout_ms, std::string_view marker) {
  kill_hard();
  port_ = 0;
  std::error_code ec;
  auto size = std::filesystem::file_size(log_file_, ec);
  log_start_ = ec ? 0 : static_cast<long>(size);
  pid_ = fork();
  if (pid_ == 0) {
    int fd = open(log_file_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) _exit(126);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
    std::vector<char*> argv;
    argv.push_back(binary_.data());
    for (auto& a : args_) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary_.c_str(), argv.data());
    _exit(127);
  }
  const auto deadline = now_ms() + timeout_ms;
  while (now_ms() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    // "listening on <address>:<port> ..." (no <regex>: GCC 12 warns falsely on it with ASan)
    auto text = log();
    if (auto at = text.find(marker); at != std::string::npos) {
      auto end = text.find(' ', at + marker.size());
      auto colon = text.rfind(':', end);
      if (end != std::string::npos && colon != std::string::npos && colon > at) {
        port_ = static_cast<unsigned short>(std::stoi(text.substr(colon + 1, end - colon - 1)));
        return true;
      }
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {  // exited before listening
      pid_ = -1;
      return false;
    }
  }
  return false;
}

bool ServerProcess::wait_for(std::string_view text, int timeout_ms) {
  const auto deadline = now_ms() + timeout_ms;
  while (now_ms() < deadline) {
    if (log().find(text) != std::string::npos) return true;
    int status = 0;
    if (pid_ <= 0 || waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

int ServerProcess::reap(int timeout_ms) {
  if (pid_ <= 0) return -1;
  const auto deadline = now_ms() + timeout_ms;
  int status = 0;
  while (now_ms() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

int ServerProcess::stop(int timeout_ms) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  const auto deadline = now_ms() + timeout_ms;
  int status = 0;
  while (now_ms() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
  }
  kill_hard();
  return -1;
}

}  // namespace banmen::test

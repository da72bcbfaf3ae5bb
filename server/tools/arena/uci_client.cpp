#include "uci_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace banmen::arena {

std::optional<UciClient> UciClient::start(const std::string& path, std::string& error) {
  if (access(path.c_str(), X_OK) != 0) return error = "cannot run " + path, std::nullopt;
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return error = "pipe failed", std::nullopt;
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]), close(to_child[1]);
    return error = "pipe failed", std::nullopt;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    return error = "fork failed", std::nullopt;
  }
  if (pid == 0) {  // the child: its stdin and stdout become the pipes, stderr is silenced
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  signal(SIGPIPE, SIG_IGN);  // a dead engine is an error from write(), not a signal
  return UciClient(pid, to_child[1], from_child[0]);
}

UciClient::UciClient(UciClient&& other) noexcept
    : pid_(other.pid_), in_(other.in_), out_(other.out_), buffer_(std::move(other.buffer_)) {
  other.pid_ = -1, other.in_ = -1, other.out_ = -1;
}

UciClient::~UciClient() {
  stop();
}

void UciClient::stop() {
  if (in_ >= 0) {
    const std::string_view quit = "quit\n";
    (void)!write(in_, quit.data(), quit.size());
    close(in_);
  }
  if (out_ >= 0) close(out_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);  // no grace period: the arena's engine has nothing to save
    waitpid(pid_, nullptr, 0);
  }
  pid_ = -1, in_ = -1, out_ = -1;
}

bool UciClient::send(std::string_view line) {
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> UciClient::wait_for(std::string_view prefix,
                                               std::chrono::milliseconds timeout,
                                               std::string& error) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (std::size_t nl; (nl = buffer_.find('\n')) != std::string::npos;) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.rfind(prefix, 0) == 0) return line;
    }
    if (buffer_.size() > kMaxLine) return error = "engine line too long", std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      return error = "engine timed out waiting for '" + std::string(prefix) + "'", std::nullopt;
    pollfd p{out_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above ends the wait
    char chunk[4096];
    const ssize_t n = read(out_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return error = "engine closed its output", std::nullopt;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

bool UciClient::handshake(const std::string& variant, std::chrono::milliseconds timeout,
                          std::string& error) {
  if (!send("uci") || !wait_for("uciok", timeout, error)) return false;
  if (!send("setoption name UCI_Variant value " + variant) || !send("ucinewgame") ||
      !send("isready") || !wait_for("readyok", timeout, error))
    return false;
  return true;
}

std::optional<std::string> UciClient::best_move(const std::string& position, const std::string& go,
                                                std::chrono::milliseconds timeout,
                                                std::string& error) {
  if (!send("position " + position) || !send("go " + go))
    return error = "engine input closed", std::nullopt;
  auto line = wait_for("bestmove", timeout, error);
  if (!line) return std::nullopt;
  std::string move = line->substr(std::strlen("bestmove"));
  move.erase(0, move.find_first_not_of(' '));
  move = move.substr(0, move.find(' '));  // drop "ponder ..."
  return move;
}

}  // namespace banmen::arena

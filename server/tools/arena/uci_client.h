// A UCI engine as a child process talking over two pipes: enough of the protocol for a
// match (uci / setoption / isready / position / go / bestmove / quit). Every read has a
// deadline and a line-length bound, so a silent or babbling engine ends the match with an
// error instead of hanging it; the child is killed when the client goes away.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace banmen::arena {

class UciClient {
 public:
  // Starts `path` (no shell, no arguments). nullopt with `error` set if it cannot run.
  static std::optional<UciClient> start(const std::string& path, std::string& error);

  UciClient(UciClient&& other) noexcept;
  UciClient& operator=(UciClient&&) = delete;
  UciClient(const UciClient&) = delete;
  ~UciClient();

  // Sends one line (a newline is added). False if the engine's input is closed.
  bool send(std::string_view line);

  // Reads lines until one starts with `prefix`; returns it, or nullopt (with `error`) on a
  // timeout, end of output or a line longer than kMaxLine.
  std::optional<std::string> wait_for(std::string_view prefix, std::chrono::milliseconds timeout,
                                      std::string& error);

  // uci, then UCI_Variant set to `variant`, ucinewgame and isready, each answer within
  // `timeout` (an engine starting on a loaded machine can take many seconds).
  bool handshake(const std::string& variant, std::chrono::milliseconds timeout, std::string& error);

  // The engine's move for `position` (a full UCI position command's argument) under `go`
  // (e.g. "nodes 2000"); the text after "bestmove", or nullopt with `error`.
  std::optional<std::string> best_move(const std::string& position, const std::string& go,
                                       std::chrono::milliseconds timeout, std::string& error);

  static constexpr std::size_t kMaxLine = 64 * 1024;

 private:
  UciClient(pid_t pid, int to_child, int from_child) : pid_(pid), in_(to_child), out_(from_child) {}
  void stop();

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: the child's stdin, the child's stdout
  std::string buffer_;      // bytes read past the last returned line
};

}  // namespace banmen::arena

// The real banmen-server as a child process: started on a free port with a data dir,
// killed with SIGKILL (a crash, nothing flushed by the server) or stopped with SIGTERM.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

namespace banmen::test {

class ServerProcess {
 public:
  // The server's stdout and stderr are appended to `log_file` (a file, not a pipe, so a
  // chatty server can never block on a full pipe).
  ServerProcess(std::string binary, std::vector<std::string> args, std::string log_file)
      : binary_(std::move(binary)), args_(std::move(args)), log_file_(std::move(log_file)) {}
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;
  ~ServerProcess() { kill_hard(); }

  // Starts the server and waits (at most `timeout_ms`) for its "listening on" line (or the
  // line that begins with `marker` followed by "<address>:<port> "), reading the port from
  // it. Returns false, with the output so far in log(), if it does not come up.
  bool start(int timeout_ms = 20000, std::string_view marker = "listening on ");
  // Waits (at most `timeout_ms`) until the log since start() holds `text`; false if the
  // server exits or the time runs out first.
  bool wait_for(std::string_view text, int timeout_ms);
  // SIGKILL and reap. Safe to call when not running.
  void kill_hard();
  // Waits at most `timeout_ms` for the process to end (it is not signalled) and returns
  // its wait status (WIFSIGNALED, WTERMSIG...), or -1 if it is still running.
  int reap(int timeout_ms);
  // SIGTERM, then SIGKILL after `timeout_ms`. Returns the exit status (or -1).
  int stop(int timeout_ms = 10000);  // the server's shutdown grace is 5 s

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  unsigned short port() const { return port_; }
  // Everything the server wrote to stdout and stderr since the last start().
  std::string log() const;

 private:
  std::string binary_;
  std::vector<std::string> args_;
  pid_t pid_ = -1;
  std::string log_file_;
  long log_start_ = 0;  // size of the log file when this run started
  unsigned short port_ = 0;
};

}  // namespace banmen::test

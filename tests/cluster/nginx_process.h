// A real nginx from Debian in front of the test's servers, run as an ordinary child process:
// a top-level nginx.conf written into a temporary folder (pid file, temp folders and logs
// there, no `user` line, one worker, no daemon) that includes the shipped location blocks
// of deploy/nginx and an upstream file with the test's ports. It listens on a free
// loopback port. Run as root (CI), nginx's worker drops to `nobody`, so the folder is
// readable by everyone.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace banmen::test {

class NginxProcess {
 public:
  // `locations_file`: the shipped location blocks; `server_ports`: the upstream servers
  // (127.0.0.1), in the order the consistent hash sees them; `fail_timeout_s`: how long
  // nginx leaves a server alone after it refused a connection.
  NginxProcess(std::string binary, std::string locations_file,
               std::vector<unsigned short> server_ports, int fail_timeout_s = 2);
  NginxProcess(const NginxProcess&) = delete;
  NginxProcess& operator=(const NginxProcess&) = delete;
  ~NginxProcess();

  // Writes the configuration, starts nginx and waits until its port answers (at most
  // `timeout_ms`). False with the reason in `error` (and nginx's error log).
  bool start(std::string& error, int timeout_ms = 10000);
  void stop();
  unsigned short port() const { return port_; }
  // nginx's error log so far (the reasons for a 502, an upstream marked down...).
  std::string error_log() const;

 private:
  std::string binary_, locations_file_, dir_;
  std::vector<unsigned short> server_ports_;
  int fail_timeout_s_;
  unsigned short port_ = 0;
  pid_t pid_ = -1;
};

// A loopback port nobody listens on right now (the kernel's pick for port 0).
unsigned short pick_free_port();

}  // namespace banmen::test

// A real nginx from Debian in front of the test's servers, run as an ordinary child process:
// a top-level nginx.conf written into a temporary folder (pid file, temp folders and logs
// there, no `user` line, one worker, no daemon) that includes the shipped location blocks
// of deploy/nginx and an upstream file with the test's ports: the shipped upstream file
// with its `server` lines replaced by the test's (each with the parameters of the shipped
// block's first `server` line), or, without one, upstreams of the test's own. It listens on
// a free loopback port. Run as root (CI), nginx's worker drops to `nobody`, so the folder is
// readable by everyone.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace banmen::test {

class NginxProcess {
 public:
  // `locations_file`: the shipped location blocks; `server_ports`: the upstream servers
  // (127.0.0.1), in the order the consistent hash sees them; `upstreams_file`: the shipped
  // upstream blocks (empty: `max_fails=1 fail_timeout=2s` on every server).
  NginxProcess(std::string binary, std::string locations_file,
               std::vector<unsigned short> server_ports, std::string upstreams_file = {});
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
  std::string binary_, locations_file_, upstreams_file_, dir_;
  std::vector<unsigned short> server_ports_;
  unsigned short port_ = 0;
  pid_t pid_ = -1;
};

// `shipped`, an upstream file as operators install it, with each upstream block's `server`
// lines replaced by one per port (127.0.0.1:<port>, with the parameters of the block's
// first `server` line) and comments left out. Empty, with the reason in `error`, when a
// block has no `server` line.
std::string upstreams_for_ports(const std::string& shipped,
                                const std::vector<unsigned short>& ports, std::string& error);

// A loopback port nobody listens on right now (the kernel's pick for port 0).
unsigned short pick_free_port();

}  // namespace banmen::test

// The pieces of a small cluster on one machine, for the tests: a temporary PostgreSQL
// (pg_cluster.h), banmen-servers in cluster mode on fixed free loopback ports (so a killed
// one comes back where nginx expects it) and, when asked, nginx in front of them with the
// shipped location blocks.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nginx_process.h"
#include "pg_cluster.h"
#include "server_process.h"
#include "temp_dir.h"

namespace banmen::test {

// Short leases so a test sees a failover in seconds (docs/operations.md has the defaults).
constexpr int kLeaseMs = 3000;
constexpr int kLeaseRenewMs = 1000;

struct ClusterOptions {
  int servers = 3;
  std::string server_binary, nginx_binary;
  std::string nginx_locations;  // the location blocks nginx includes (deploy/nginx)
  // The shipped upstream blocks (deploy/nginx), with the test's ports; empty: the test's own
  // (max_fails=1 fail_timeout=2s).
  std::string nginx_upstreams;
  std::vector<std::string> extra_server_args;
  // The servers' --postgres-url; empty: the shared PostgreSQL's own (a test may put a proxy
  // in between).
  std::string postgres_url;
  // The folder of the servers' data dirs (one sub-folder each); empty: the harness's own
  // temporary folder (a test may use a small file system of its own).
  std::string data_root;
  // One server on its own SQLite file instead (no PostgreSQL, no cluster flags): the
  // baseline of the load scenarios, behind the same nginx.
  bool sqlite = false;
};

class ClusterHarness {
 public:
  // Resets the shared PostgreSQL (unless `sqlite`) and prepares the servers (ids s1, s2, ...), not
  // started. Empty `error()` on success.
  explicit ClusterHarness(const ClusterOptions& options);
  const std::string& error() const { return error_; }

  // Starts server `i` (0-based) on its port; false with its log in `error()`.
  bool start_server(std::size_t i);
  bool start_all();
  // nginx in front of every server (their ports in order).
  bool start_nginx();

  ServerProcess& server(std::size_t i) { return *servers_[i]; }
  std::size_t size() const { return servers_.size(); }
  unsigned short server_port(std::size_t i) const { return ports_[i]; }
  unsigned short nginx_port() const { return nginx_ ? nginx_->port() : 0; }
  NginxProcess* nginx() { return nginx_.get(); }
  PgCluster* postgres() { return pg_; }
  // Every server's log and nginx's error log, for a failure message.
  std::string logs() const;

 private:
  ClusterOptions options_;
  TempDir dir_;
  PgCluster* pg_ = nullptr;
  std::vector<unsigned short> ports_;
  std::vector<std::unique_ptr<ServerProcess>> servers_;
  std::unique_ptr<NginxProcess> nginx_;
  std::string error_;
};

}  // namespace banmen::test

// A real PostgreSQL for the tests: a temporary cluster made with Debian's initdb and
// pg_ctl, listening on a free loopback port only, stopped and deleted at the end whatever
// happens to the test process (a guard process stops it when the test process is gone,
// even after a crash or kill -9). PostgreSQL refuses to run as root, so a test run as root
// (CI) runs the cluster as the `postgres` system user, or `nobody` without one.
//
// The binaries come from /usr/lib/postgresql/15/bin (the postgresql-15 package), or from
// the directory in BANMEN_PG_BIN.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

namespace banmen::test {

class PgCluster {
 public:
  // Starts a cluster with one database, `banmen`. On failure: null, and why in `error`
  // (with the end of PostgreSQL's log).
  static std::unique_ptr<PgCluster> start(std::string& error);
  // The cluster the whole test process shares, started on first use (null if it could not
  // be: the reason is in shared_error()).
  static PgCluster* shared();
  static const std::string& shared_error();
  PgCluster(const PgCluster&) = delete;
  PgCluster& operator=(const PgCluster&) = delete;
  // Stops the cluster (immediate shutdown) and deletes its files.
  ~PgCluster();

  // postgresql://... for `database` on this cluster.
  std::string url(const std::string& database = "banmen") const;
  // Drops everything in the `banmen` database (its public schema), for a fresh start.
  // Empty on success, else the error.
  std::string reset_database() const;
  unsigned short port() const { return port_; }

  // Faults (tests/fault): PostgreSQL killed (`pg_ctl stop -m immediate`: no checkpoint, as
  // a crash) and started again on the same port; or every one of its processes stopped
  // with SIGSTOP (a frozen machine: connections stay open, nothing answers) and resumed
  // with SIGCONT. Each returns false, with the reason in `error`, if it could not be done.
  bool kill_now(std::string& error);
  bool start_again(std::string& error);
  bool freeze(bool frozen, std::string& error);

 private:
  PgCluster() = default;
  std::string ctl_, start_;  // the pg_ctl prefix and its start command
  std::string dir_;
  unsigned short port_ = 0;
  pid_t guard_ = -1;
  int guard_fd_ = -1;  // the guard stops the cluster when this closes
};

}  // namespace banmen::test

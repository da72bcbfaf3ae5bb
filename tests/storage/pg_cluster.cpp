#include "pg_cluster.h"

#include <fcntl.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace banmen::test {

namespace {

std::string bin_dir() {
  const char* env = std::getenv("BANMEN_PG_BIN");
  return env && *env ? env : "/usr/lib/postgresql/15/bin";
}

// A port nobody listens on right now (the kernel's choice for port 0).
unsigned short free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  unsigned short port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

// The prefix that runs a command as the cluster's user: nothing when not root.
std::string as_user(uid_t& uid, gid_t& gid) {
  uid = ::getuid();
  gid = ::getgid();
  if (uid != 0) return "";
  for (const char* name : {"postgres", "nobody"})
    if (const passwd* pw = ::getpwnam(name)) {
      uid = pw->pw_uid;
      gid = pw->pw_gid;
      return std::string("setpriv --reuid=") + std::to_string(uid) +
             " --regid=" + std::to_string(gid) + " --clear-groups -- ";
    }
  return "";
}

std::string tail_of(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  auto text = s.str();
  return text.size() > 3000 ? text.substr(text.size() - 3000) : text;
}

// One statement on `database` as the cluster's superuser; empty or the error.
std::string run_sql(const std::string& url, const std::string& sql) {
  PGconn* c = PQconnectdb(url.c_str());
  std::string error;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PQclear(PQexec(c, "SET client_min_messages = warning"));
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
      error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(c);
  return error;
}

}  // namespace

std::unique_ptr<PgCluster> PgCluster::start(std::string& error) {
  std::unique_ptr<PgCluster> c(new PgCluster);
  std::string tmpl = (std::filesystem::temp_directory_path() / "banmen-pg-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) {
    error = "mkdtemp failed";
    return nullptr;
  }
  c->dir_ = tmpl;
  uid_t uid;
  gid_t gid;
  const std::string su = as_user(uid, gid);
  if (::chown(c->dir_.c_str(), uid, gid) != 0) {
    error = "cannot hand " + c->dir_ + " to the cluster's user";
    std::filesystem::remove_all(c->dir_);
    return nullptr;
  }
  const std::string data = c->dir_ + "/data", log = c->dir_ + "/postgres.log";
  const std::string ctl = su + bin_dir() + "/pg_ctl -D " + data;

  // The guard: waits for its pipe to close (this object gone, or the whole test process
  // gone however it ended), then stops the cluster and deletes it. Everything it runs is
  // decided before the fork.
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    error = "pipe failed";
    return nullptr;
  }
  const std::string cleanup = ctl + " -m immediate -w stop >/dev/null 2>&1; rm -rf " + c->dir_;
  pid_t guard = ::fork();
  if (guard == 0) {
    ::close(fds[1]);
    char byte;
    while (::read(fds[0], &byte, 1) > 0) {
    }
    ::execl("/bin/sh", "sh", "-c", cleanup.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[0]);
  c->guard_ = guard;
  c->guard_fd_ = fds[1];

  // initdb as the cluster's user; trust on loopback only (the cluster listens nowhere else
  // and lives for one test run).
  const std::string initdb = su + bin_dir() + "/initdb -D " + data +
                             " -U banmen --auth=trust -E UTF8 --locale=C.UTF-8 >" + c->dir_ +
                             "/initdb.log 2>&1";
  if (std::system(initdb.c_str()) != 0) {
    error = "initdb failed: " + tail_of(c->dir_ + "/initdb.log");
    return nullptr;
  }
  c->ctl_ = ctl;
  for (int attempt = 0; attempt < 5; ++attempt) {
    c->port_ = free_port();
    c->start_ = ctl + " -l " + log + " -w -t 60 -o \"-p " + std::to_string(c->port_) + " -k " +
                c->dir_ + " -c listen_addresses=127.0.0.1\" start >/dev/null 2>&1";
    if (std::system(c->start_.c_str()) == 0) break;
    c->port_ = 0;
  }
  if (c->port_ == 0) {
    error = "pg_ctl start failed: " + tail_of(log);
    return nullptr;
  }
  if (auto e = run_sql(c->url("postgres"), "CREATE DATABASE banmen"); !e.empty()) {
    error = "CREATE DATABASE failed: " + e;
    return nullptr;
  }
  return c;
}

PgCluster::~PgCluster() {
  if (guard_fd_ >= 0) ::close(guard_fd_);
  if (guard_ > 0) {
    int status = 0;
    ::waitpid(guard_, &status, 0);
  }
}

std::string PgCluster::url(const std::string& database) const {
  // No connect_timeout: the server's own (--postgres-timeout-ms) is what the tests prove.
  return "postgresql://banmen@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

bool PgCluster::kill_now(std::string& error) {
  if (std::system((ctl_ + " -m immediate -w stop >/dev/null 2>&1").c_str()) == 0) return true;
  error = "pg_ctl stop -m immediate failed: " + tail_of(dir_ + "/postgres.log");
  return false;
}

bool PgCluster::start_again(std::string& error) {
  if (std::system(start_.c_str()) == 0) return true;
  error = "pg_ctl start failed: " + tail_of(dir_ + "/postgres.log");
  return false;
}

bool PgCluster::freeze(bool frozen, std::string& error) {
  // The postmaster (first line of postmaster.pid) and every process it forked.
  std::ifstream pid_file(dir_ + "/data/postmaster.pid");
  pid_t postmaster = 0;
  if (!(pid_file >> postmaster) || postmaster <= 0) {
    error = "no postmaster.pid";
    return false;
  }
  std::vector<pid_t> pids{postmaster};
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    // "pid (comm) state ppid ...": the command may hold spaces, so read after its ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    char state = 0;
    pid_t ppid = 0;
    if (rest >> state >> ppid && ppid == postmaster) pids.push_back(std::stoi(name));
  }
  // The postmaster first, so that it forks nothing new meanwhile.
  for (pid_t pid : pids)
    if (::kill(pid, frozen ? SIGSTOP : SIGCONT) != 0 && pid == postmaster) {
      error = "cannot signal the postmaster";
      return false;
    }
  return true;
}

std::string PgCluster::reset_database() const {
  return run_sql(url(), "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
}

namespace {
std::string& shared_error_text() {
  static std::string error;
  return error;
}
}  // namespace

PgCluster* PgCluster::shared() {
  static std::unique_ptr<PgCluster> cluster = start(shared_error_text());
  return cluster.get();
}

const std::string& PgCluster::shared_error() {
  return shared_error_text();
}

}  // namespace banmen::test

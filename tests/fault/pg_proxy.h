// A TCP relay between the servers and PostgreSQL that can lose one answer on purpose: armed,
// it reads PostgreSQL's messages as they pass and, at the first CommandComplete "COMMIT"
// (the transaction is durable by then), cuts that connection both ways instead of passing
// it on. The server then has a committed transaction and no answer: the lost commit answer.
// The servers must connect with sslmode=disable and gssencmode=disable (url()), so every
// message from PostgreSQL is a typed one (a type byte, then a length).
#pragma once

#include <atomic>
#include <string>
#include <thread>

namespace banmen::test {

class PgProxy {
 public:
  // Listens on a free loopback port and relays to 127.0.0.1:`upstream_port`.
  explicit PgProxy(unsigned short upstream_port);
  PgProxy(const PgProxy&) = delete;
  PgProxy& operator=(const PgProxy&) = delete;
  ~PgProxy();

  bool listening() const { return port_ != 0; }
  // postgresql://... for `database` through this relay.
  std::string url(const std::string& database = "banmen") const;
  // The next COMMIT answer is lost, with its connection.
  void lose_next_commit_answer() { armed_ = true; }
  // How many COMMIT answers were lost so far.
  int lost_answers() const { return lost_.load(); }

 private:
  void run();

  unsigned short upstream_port_;
  unsigned short port_ = 0;
  int listen_fd_ = -1;
  int wake_[2] = {-1, -1};  // written to stop the thread
  std::atomic<bool> armed_{false};
  std::atomic<int> lost_{0};
  std::thread thread_;
};

}  // namespace banmen::test

// Sends push messages on a thread of its own, never on the I/O threads nor a room's strand:
// a bounded queue of requests, each posted over HTTPS (the system's certificate store,
// the host name checked) with one deadline for connect, TLS, write and read. A push service
// that answers 404 or 410 has dropped the subscription: `gone` is told, so it is forgotten.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "push/push_request.h"

namespace banmen::server {

class PushSender {
 public:
  struct Options {
    std::size_t max_queue = 256;  // requests waiting; more are refused (the push is lost)
    std::chrono::milliseconds timeout{10000};
    bool allow_http_loopback = false;  // tests: plain HTTP to 127.0.0.1
    int ttl_seconds = 24 * 3600;       // how long a push service keeps it for an absent browser
  };
  // Both run on the sender's thread. `done` (may be empty) hears every answer's status, 0
  // when there was none (refused, timed out, malformed).
  using Gone = std::function<void(const std::string& endpoint)>;
  using Done = std::function<void(const std::string& endpoint, int status)>;
  // A player's subscriptions (a store read), on the sender's thread: never an I/O thread's
  // or a room's time.
  using Lookup =
      std::function<std::vector<PushSubscriptionKeys>(const std::string& room_id, int player)>;

  PushSender(VapidKeys keys, std::string subject, Options options, Gone gone, Done done = {},
             Lookup lookup = {});
  ~PushSender();
  PushSender(const PushSender&) = delete;
  PushSender& operator=(const PushSender&) = delete;

  // Queues one message; false when the queue is full or the sender stopped.
  bool enqueue(PushSubscriptionKeys subscription, std::string payload);
  // Queues one message for every subscription `lookup` gives for that player, read when its
  // turn comes; false as above.
  bool enqueue_for(std::string room_id, int player, std::string payload);
  // Finishes the request under way, drops the rest, joins the thread.
  void stop();

 private:
  struct Job {
    PushSubscriptionKeys subscription;
    std::string payload;
    std::string room_id{};  // with player >= 0: for that player's subscriptions
    int player = -1;
  };
  bool push_job(Job job);
  bool stopping();
  void run();
  void deliver(const Job& job);
  int send_one(const Job& job);

  const VapidKeys keys_;
  const std::string subject_;
  const Options options_;
  const Gone gone_;
  const Done done_;
  const Lookup lookup_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace banmen::server

// Record exports and game listings, served off the I/O threads.
//
// A record means store reads and a replay of the whole game through the rules core: done
// on an I/O thread it holds up every WebSocket on that thread (a few clients fetching one
// long record made a bystander's moves 5-40 times slower). Here a small pool of worker
// threads does that work through the store's own read connection, finished games' records
// (which never change) are kept in a bounded cache, each client address has a request
// budget (429 beyond it), and a full queue answers 503 at once instead of growing.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "config/config.h"
#include "exports/export_route.h"
#include "exports/my_rooms.h"
#include "exports/positions_cache.h"
#include "storage/store.h"
#include "util/address_budgets.h"
#include "util/metrics.h"

namespace banmen::server {

// What a request carries to a worker (owned: the HTTP session's buffers may go away).
struct ExportJob {
  std::string target;
  std::string authorization;
  std::string host;
  std::string address;  // the client's, whose budget pays for the replay
  std::string body{};   // POST /api/my-rooms only: the seats asked for
  bool my_rooms = false;
  // A request of a layer above (app/) that needs the store off the I/O threads, answered
  // by this instead of a route of its own (Web Push subscriptions); never cached.
  std::function<ExportReply(Store&)> answer_with{};
};

// Moves replayed for an export that one admission pays for; each further such share takes
// one more request from the asker's budget (admission by cost: a record of a long game
// costs as much of the budget as the replays it makes, a cached answer one request).
inline constexpr std::uint64_t kExportPliesPerRequest = 100;

class ExportService {
 public:
  ExportService(Store& store, Metrics& metrics, ExportLimits limits);
  ~ExportService();
  ExportService(const ExportService&) = delete;
  ExportService& operator=(const ExportService&) = delete;

  // Takes one request from `address`'s budget; false (answer 429) when it is spent.
  bool admit(const std::string& address);
  // Answers `job` on a worker thread and calls `done` there with the reply. False (answer
  // 503, `done` never called) when the queue is full or the service has stopped.
  bool post(ExportJob job, std::function<void(ExportReply)> done);
  // Finishes the requests under way and stops the workers (before the store goes away).
  void stop();

 private:
  ExportReply answer(const ExportJob& job);
  // Takes `tokens` more from `address`'s budget.
  void charge(const std::string& address, double tokens);
  std::optional<ExportReply> cached(const std::string& key);
  void remember(const std::string& key, const ExportReply& reply);

  Store& store_;
  Metrics& metrics_;
  const ExportLimits limits_;
  // Made on the first request, so a server (or a test's hub) that never exports runs no
  // export threads.
  std::mutex pool_mu_;
  std::optional<boost::asio::thread_pool> pool_;
  std::atomic<std::size_t> queued_{0};
  std::atomic<bool> stopped_{false};

  AddressBudgets budgets_;

  // Least recently used first; the map points into the list.
  // Games in progress: their positions as last answered, so the next answer of a game
  // that grew plays only its new moves.
  PositionsCache positions_;
  // The last moves of the games in the "My rooms" lists, asked for every few seconds.
  LastMoveCache last_moves_;

  std::mutex cache_mu_;
  std::list<std::pair<std::string, ExportReply>> lru_;
  std::unordered_map<std::string, std::list<std::pair<std::string, ExportReply>>::iterator> by_key_;
  std::size_t cache_used_ = 0;
};

}  // namespace banmen::server

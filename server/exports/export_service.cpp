#include "exports/export_service.h"

#include <boost/asio/post.hpp>
#include <chrono>

#include "core/game.h"
#include "exports/export_request.h"

namespace banmen::server {

namespace {
std::size_t cost(const std::string& key, const ExportReply& r) {
  return key.size() + r.body.size() + r.content_type.size() + r.content_disposition.size() + 64;
}
}  // namespace

ExportService::ExportService(Store& store, Metrics& metrics, ExportLimits limits)
    : store_(store),
      metrics_(metrics),
      limits_(limits),
      budgets_(limits.requests_per_second, limits.burst, limits.tracked_addresses) {}

ExportService::~ExportService() {
  stop();
}

void ExportService::stop() {
  stopped_ = true;
  std::lock_guard lock(pool_mu_);
  if (pool_) pool_->join();
}

void ExportService::charge(const std::string& address, double tokens) {
  budgets_.charge(address, tokens);
}

bool ExportService::admit(const std::string& address) {
  if (budgets_.admit(address)) return true;
  metrics_.refused.add(Refusal::api_rate);
  return false;
}

bool ExportService::post(ExportJob job, std::function<void(ExportReply)> done) {
  if (stopped_ || queued_.fetch_add(1) >= limits_.max_queued) {
    queued_--;
    metrics_.refused.add(Refusal::export_queue_full);
    return false;
  }
  std::lock_guard lock(pool_mu_);
  if (stopped_) {  // stopped while this request waited for the lock
    queued_--;
    return false;
  }
  if (!pool_) pool_.emplace(static_cast<std::size_t>(std::max(1, limits_.threads)));
  boost::asio::post(*pool_, [this, job = std::move(job), done = std::move(done)] {
    // What the answer cost in moves replayed (this thread's count), charged to the asker.
    const auto before = Game::applied_on_this_thread();
    ExportReply reply = answer(job);
    const auto replayed = Game::applied_on_this_thread() - before;
    if (replayed > kExportPliesPerRequest)
      charge(job.address, static_cast<double>(replayed / kExportPliesPerRequest));
    queued_--;
    done(std::move(reply));
  });
  return true;
}

ExportReply ExportService::answer(const ExportJob& job) {
  if (job.answer_with) return job.answer_with(store_);
  if (job.my_rooms) {  // someone's own view of their rooms, never kept in the export cache
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    return my_rooms_reply(store_, job.body, now, &last_moves_);
  }
  // Everything that can change the answer is in the key, and nothing else: the route and
  // its parameters, the credentials (the viewer), the host (the record's site). Only
  // finished games' records are ever stored.
  const std::string key = export_cache_key({job.target, job.authorization, job.host});
  if (auto hit = cached(key)) {
    metrics_.export_cache_hits_total++;
    return *hit;
  }
  ExportReply reply = export_route(store_, {job.target, job.authorization, job.host}, &positions_);
  if (reply.cacheable && reply.status == 200) remember(key, reply);
  return reply;
}

std::optional<ExportReply> ExportService::cached(const std::string& key) {
  std::lock_guard lock(cache_mu_);
  auto it = by_key_.find(key);
  if (it == by_key_.end()) return std::nullopt;
  lru_.splice(lru_.end(), lru_, it->second);  // now the most recently used
  return it->second->second;
}

void ExportService::remember(const std::string& key, const ExportReply& reply) {
  const std::size_t size = cost(key, reply);
  if (size > (limits_.cache_mb << 20) / 4) return;  // one record must not push out all others
  std::lock_guard lock(cache_mu_);
  if (by_key_.contains(key)) return;
  while (!lru_.empty() && cache_used_ + size > (limits_.cache_mb << 20)) {
    cache_used_ -= cost(lru_.front().first, lru_.front().second);
    by_key_.erase(lru_.front().first);
    lru_.pop_front();
  }
  lru_.emplace_back(key, reply);
  by_key_.emplace(key, std::prev(lru_.end()));
  cache_used_ += size;
}

}  // namespace banmen::server

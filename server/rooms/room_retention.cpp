// Retention: a room left alone for --room-retention-days after its last activity is closed
// in the store (it no longer opens from its link; its finished games' records stay
// downloadable through /api). The job runs on the registry's worker thread every
// --room-retention-check-ms, in bounded statements (kRetentionBatch rooms each, at most
// kRetentionBatches per run), so a backlog after a long downtime is worked off over a few
// runs without holding the store's writer for long.
#include <spdlog/spdlog.h>

#include "rooms/room_registry.h"
#include "util/time.h"

namespace banmen::server {

void RoomRegistry::arm_retention() {
  if (services_.config.room_retention_ms() <= 0) return;  // retention off
  if (!retention_timer_)
    retention_timer_ = std::make_unique<boost::asio::steady_timer>(services_.ioc);
  retention_timer_->expires_after(std::chrono::milliseconds(
      std::max<std::int64_t>(10, services_.config.room_retention_check_ms)));
  retention_timer_->async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    post_to_worker([this] { close_retained_rooms(); });
    arm_retention();
  });
}

void RoomRegistry::close_retained_rooms() {
  const auto now = unix_ms();
  const auto before = now - services_.config.room_retention_ms();
  std::size_t total = 0;
  for (int batch = 0; batch < kRetentionBatches; ++batch) {
    {
      std::lock_guard lock(mu_);
      if (stopped_) return;
    }
    auto closed = services_.store.close_idle_rooms(before, now, kRetentionBatch);
    if (!closed) {
      spdlog::error("retention: {}", closed.error().message);
      return;
    }
    total += closed->size();
    services_.metrics.rooms_retention_closed_total += closed->size();
    for (const auto& id : *closed) spdlog::info("room {} closed (retention)", id);
    if (static_cast<int>(closed->size()) < kRetentionBatch) break;
  }
  if (total > 0) spdlog::info("retention closed {} rooms idle since before {}", total, before);
}

}  // namespace banmen::server

#include "app/web_push_notices.h"

#include <spdlog/spdlog.h>

#include <stdexcept>

namespace banmen::server {

namespace {

std::vector<PushSubscriptionKeys> subscriptions_of(Store& store, const std::string& room_id,
                                                   int player) {
  auto found = store.load_push_subscriptions(room_id, player);
  if (!found) {
    spdlog::warn("push: room {}: subscriptions unread: {}", room_id, found.error().message);
    return {};
  }
  std::vector<PushSubscriptionKeys> out;
  out.reserve(found->size());
  for (auto& s : *found)
    out.push_back({std::move(s.endpoint), std::move(s.p256dh), std::move(s.auth)});
  return out;
}

}  // namespace

WebPushNotices::WebPushNotices(Store& store, Metrics& metrics, VapidKeys keys, std::string subject,
                               PushSender::Options options, PushThrottle::Clock::duration interval)
    : store_(store),
      metrics_(metrics),
      throttle_(interval),
      sender_(
          std::move(keys), std::move(subject), options,
          // Gone from its push service: withdrawn everywhere (the endpoint is never logged:
          // it is the browser's address for messages).
          [this](const std::string& endpoint) {
            metrics_.push_gone_total++;
            store_.submit(StoredPushWithdrawal{{}, 0, endpoint}, [](Result<void> written) {
              if (!written)
                spdlog::warn("push: a gone subscription stays: {}", written.error().message);
            });
          },
          [this](const std::string&, int status) {
            if (status >= 200 && status < 300)
              metrics_.push_sent_total++;
            else if (status != 404 && status != 410)
              metrics_.push_failed_total++;
          },
          [this](const std::string& room_id, int player) {
            return subscriptions_of(store_, room_id, player);
          }) {}

void WebPushNotices::your_turn(const std::string& room_id, int player,
                               std::string_view opponent_name) {
  if (!throttle_.allow(room_id, player, PushThrottle::Clock::now())) return;
  if (!sender_.enqueue_for(room_id, player, your_turn_payload(room_id, opponent_name)))
    metrics_.push_dropped_total++;
}

std::unique_ptr<PushNotices> make_push_notices(const Config& config, Store& store,
                                               Metrics& metrics) {
  if (!config.push_configured()) return std::make_unique<NoPushNotices>();
  std::string why;
  auto keys = parse_vapid_keys(config.vapid_public_key, config.vapid_private_key, why);
  // The configuration checked them at start; a failure here is a bug, not an input.
  if (!keys) throw std::runtime_error("VAPID keys: " + why);
  PushSender::Options options;
  options.allow_http_loopback = config.push_allow_http_endpoints;
  return std::make_unique<WebPushNotices>(store, metrics, std::move(*keys), config.vapid_subject,
                                          options,
                                          std::chrono::milliseconds(config.push_interval_ms));
}

}  // namespace banmen::server

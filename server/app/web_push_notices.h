// PushNotices for a deployment with VAPID keys (docs/operations.md, "Web Push"): a room's
// "this person is to move" becomes, at most once a minute per player (--push-interval-ms,
// PushThrottle), one encrypted message to each of that player's subscriptions, looked up in the
// store and sent on the PushSender's thread. A subscription the push service says is gone is
// withdrawn from every room.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "config/config.h"
#include "push/push_notices.h"
#include "push/push_sender.h"
#include "push/push_throttle.h"
#include "storage/store.h"
#include "util/metrics.h"

namespace banmen::server {

class WebPushNotices final : public PushNotices {
 public:
  WebPushNotices(Store& store, Metrics& metrics, VapidKeys keys, std::string subject,
                 PushSender::Options options, PushThrottle::Clock::duration interval);
  void your_turn(const std::string& room_id, int player, std::string_view opponent_name) override;

 private:
  Store& store_;
  Metrics& metrics_;
  PushThrottle throttle_;
  PushSender sender_;  // last: its thread stops before the rest goes
};

// WebPushNotices where `config` has VAPID keys (checked at start), NoPushNotices otherwise.
std::unique_ptr<PushNotices> make_push_notices(const Config& config, Store& store,
                                               Metrics& metrics);

}  // namespace banmen::server

// What a room tells Web Push, and nothing more: after a move is committed, that the seat to
// move next belongs to a person who may be away. The implementation looks up that seat's
// subscriptions, applies the rate limit (PushThrottle) and queues the messages on the
// PushSender; it never blocks the caller (a room's strand).
#pragma once

#include <string>
#include <string_view>

namespace banmen::server {

class PushNotices {
 public:
  virtual ~PushNotices() = default;
  // `player` (0 or 1) is to move in `room_id`; `opponent_name` is the other player's name,
  // the only thing of the game a push may carry.
  virtual void your_turn(const std::string& room_id, int player,
                         std::string_view opponent_name) = 0;
};

// Where the deployment has no VAPID keys: nothing is sent.
class NoPushNotices final : public PushNotices {
 public:
  void your_turn(const std::string&, int, std::string_view) override {}
};

}  // namespace banmen::server

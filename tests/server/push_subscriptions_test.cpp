// POST /api/push/subscribe and /unsubscribe (app/push_subscriptions.h): a subscription is
// kept for the player whose seat token the body carries and for nobody else; an unknown
// room and a wrong token are answered alike; malformed bodies, endpoints and keys are
// refused with JSON errors before the store is touched.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/push_subscriptions.h"
#include "exports/export_route.h"
#include "push/base64url.h"
#include "push/vapid.h"
#include "storage/memory_store.h"
#include "util/tokens.h"

namespace banmen::server {
using json = nlohmann::json;

namespace {

constexpr std::int64_t kPushT0 = 1700000000000;
const PushRoutePolicy kOn{true, false};

class PushSubscriptionRoute : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(store_.write(StoredRoomInfo{"RoomPush0001", "{}", kPushT0}).ok());
    ASSERT_TRUE(
        store_.write(StoredSeat{"RoomPush0001", {0, "Host", sha256_hex("host-token")}}).ok());
    ASSERT_TRUE(
        store_.write(StoredSeat{"RoomPush0001", {1, "Guest", sha256_hex("guest-token")}}).ok());
    p256dh_ = new_vapid_key_pair().first;  // any valid uncompressed point
    auth_ = base64url_encode("0123456789abcdef");
  }
  json subscription(const std::string& endpoint) const {
    return {{"endpoint", endpoint},
            {"expirationTime", nullptr},
            {"keys", {{"p256dh", p256dh_}, {"auth", auth_}}}};
  }
  ExportReply subscribe(const std::string& token, const json& sub,
                        const std::string& room = "RoomPush0001",
                        const PushRoutePolicy& policy = kOn) {
    return push_subscription_reply(
        store_, kPushSubscribeTarget,
        json{{"room", room}, {"token", token}, {"subscription", sub}}.dump(), policy,
        kPushT0 + 1000);
  }
  ExportReply unsubscribe(const std::string& token, const std::string& endpoint) {
    return push_subscription_reply(
        store_, kPushUnsubscribeTarget,
        json{{"room", "RoomPush0001"}, {"token", token}, {"endpoint", endpoint}}.dump(), kOn,
        kPushT0 + 2000);
  }
  std::vector<std::string> endpoints_of(int player) {
    auto found = store_.load_push_subscriptions("RoomPush0001", player);
    EXPECT_TRUE(found.ok());
    std::vector<std::string> out;
    if (found.ok())
      for (const auto& s : *found) out.push_back(s.endpoint);
    return out;
  }
  static std::string code_of(const ExportReply& reply) {
    auto doc = json::parse(reply.body, nullptr, false);
    return doc.is_object() ? doc.value("code", "") : "";
  }

  MemoryStore store_;
  std::string p256dh_, auth_;
};

TEST_F(PushSubscriptionRoute, KeepsTheSubscriptionForTheTokensPlayerOnly) {
  const std::string endpoint = "https://push.example.net/send/abc";
  auto reply = subscribe("guest-token", subscription(endpoint));
  ASSERT_EQ(reply.status, 200u) << reply.body;
  EXPECT_EQ(reply.content_type, "application/json");
  EXPECT_EQ(endpoints_of(1), std::vector<std::string>{endpoint});
  EXPECT_TRUE(endpoints_of(0).empty());
  auto kept = store_.load_push_subscriptions("RoomPush0001", 1);
  ASSERT_TRUE(kept.ok());
  ASSERT_EQ(kept->size(), 1u);
  EXPECT_EQ((*kept)[0].p256dh, p256dh_);
  EXPECT_EQ((*kept)[0].auth, auth_);

  ASSERT_EQ(unsubscribe("guest-token", endpoint).status, 200u);
  EXPECT_TRUE(endpoints_of(1).empty());
}

TEST_F(PushSubscriptionRoute, AnUnknownRoomAndAWrongTokenAreAnsweredAlike) {
  const auto sub = subscription("https://push.example.net/send/abc");
  auto wrong_token = subscribe("someone-else", sub);
  auto unknown_room = subscribe("guest-token", sub, "RoomNone0001");
  EXPECT_EQ(wrong_token.status, 403u);
  EXPECT_EQ(unknown_room.status, 403u);
  EXPECT_EQ(code_of(wrong_token), "bad_token");
  EXPECT_EQ(wrong_token.body, unknown_room.body);
  EXPECT_TRUE(endpoints_of(0).empty());
  EXPECT_TRUE(endpoints_of(1).empty());
  // Nor can a wrong token take someone's subscription away.
  ASSERT_EQ(subscribe("host-token", sub).status, 200u);
  EXPECT_EQ(unsubscribe("guest-token", "https://push.example.net/send/abc").status, 200u);
  EXPECT_EQ(endpoints_of(0).size(), 1u);
  EXPECT_EQ(unsubscribe("nobody", "https://push.example.net/send/abc").status, 403u);
  EXPECT_EQ(endpoints_of(0).size(), 1u);
}

TEST_F(PushSubscriptionRoute, MalformedBodiesEndpointsAndKeysAreRefused) {
  auto refused = [&](const ExportReply& reply) {
    EXPECT_EQ(reply.status, 400u) << reply.body;
    EXPECT_EQ(code_of(reply), "bad_request") << reply.body;
  };
  auto post = [&](const std::string& body) {
    return push_subscription_reply(store_, kPushSubscribeTarget, body, kOn, kPushT0);
  };
  refused(post("not json"));
  refused(post("[]"));
  refused(post(R"({"room": "RoomPush0001", "token": "guest-token"})"));
  refused(post(std::string(kPushSubscriptionMaxBody + 1, ' ')));
  refused(subscribe("guest token with spaces", subscription("https://push.example.net/x")));
  refused(subscribe("guest-token", subscription("https://push.example.net/x"), "../etc"));
  // Endpoints: plain HTTP (without the test allowance), a user part, not a URL, too long.
  for (const std::string& endpoint : std::vector<std::string>{
           "http://push.example.net/x", "http://127.0.0.1:9/x", "https://user@push.example.net/x",
           "javascript:alert(1)", "https://push.example.net/" + std::string(1100, 'a')})
    refused(subscribe("guest-token", subscription(endpoint)));
  // Keys: not base64url, the wrong length, not an uncompressed point.
  auto with_keys = [&](const std::string& p256dh, const std::string& auth) {
    json sub = subscription("https://push.example.net/x");
    sub["keys"] = {{"p256dh", p256dh}, {"auth", auth}};
    return subscribe("guest-token", sub);
  };
  refused(with_keys("***", auth_));
  refused(with_keys(p256dh_, base64url_encode("short")));
  refused(with_keys(base64url_encode(std::string(65, '\x02')), auth_));
  refused(with_keys(p256dh_, json(nullptr).dump()));
  EXPECT_TRUE(endpoints_of(1).empty());
}

TEST_F(PushSubscriptionRoute, AServerWithoutKeysSaysSo) {
  auto reply = subscribe("guest-token", subscription("https://push.example.net/x"), "RoomPush0001",
                         PushRoutePolicy{false, false});
  EXPECT_EQ(reply.status, 404u);
  EXPECT_EQ(code_of(reply), "unsupported");
  EXPECT_TRUE(endpoints_of(1).empty());
}

TEST_F(PushSubscriptionRoute, TheTestAllowanceTakesLoopbackHttpOnly) {
  const PushRoutePolicy loopback{true, true};
  EXPECT_EQ(subscribe("guest-token", subscription("http://127.0.0.1:8081/push/1"), "RoomPush0001",
                      loopback)
                .status,
            200u);
  EXPECT_EQ(subscribe("guest-token", subscription("http://push.example.net/push/1"), "RoomPush0001",
                      loopback)
                .status,
            400u);
}

}  // namespace
}  // namespace banmen::server

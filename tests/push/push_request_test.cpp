// One push message before any socket: which endpoints a subscription may name, the headers
// RFC 8030 and RFC 8292 ask for, and a body only the subscriber can open.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "push/base64url.h"
#include "push/payload_crypto.h"
#include "push/public_address.h"
#include "push/push_request.h"

namespace {

using namespace banmen::server;

TEST(PushEndpoint, HttpsOnlyUnlessLoopbackIsAllowedForTests) {
  auto t = parse_push_endpoint("https://fcm.googleapis.com/fcm/send/abc:def", false);
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->tls);
  EXPECT_EQ(t->host, "fcm.googleapis.com");
  EXPECT_EQ(t->port, "443");
  EXPECT_EQ(t->target, "/fcm/send/abc:def");
  EXPECT_EQ(t->origin, "https://fcm.googleapis.com");
  auto port = parse_push_endpoint("https://push.example.net:8443?x=1", false);
  ASSERT_TRUE(port);
  EXPECT_EQ(port->port, "8443");
  EXPECT_EQ(port->target, "/?x=1");
  EXPECT_EQ(port->origin, "https://push.example.net:8443");

  EXPECT_FALSE(parse_push_endpoint("http://127.0.0.1:9/p", false));
  auto loop = parse_push_endpoint("http://127.0.0.1:9/p", true);
  ASSERT_TRUE(loop);
  EXPECT_FALSE(loop->tls);
  EXPECT_EQ(loop->port, "9");
  // The test allowance is for the loopback address and nothing else.
  EXPECT_FALSE(parse_push_endpoint("http://127.0.0.1.evil.example/p", true));
  EXPECT_FALSE(parse_push_endpoint("http://example.net/p", true));

  for (std::string_view bad :
       {"", "ftp://x/y", "https://", "https://user@push.example.net/x", "https://a b/x",
        "https://push.example.net/x#frag", "https://push.example.net:99999x/", "javascript:1"})
    EXPECT_FALSE(parse_push_endpoint(bad, true)) << bad;
  EXPECT_FALSE(
      parse_push_endpoint("https://p.example/" + std::string(kPushEndpointMaxBytes, 'a'), false));
}

TEST(PushEndpoint, RequestCarriesTheHeadersAndABodyForTheSubscriberAlone) {
  auto [as_public, as_private] = new_vapid_key_pair();
  std::string why;
  auto keys = parse_vapid_keys(as_public, as_private, why);
  ASSERT_TRUE(keys) << why;
  auto [ua_public, ua_private] = new_vapid_key_pair();
  std::string auth = "sixteen byte key";
  PushSubscriptionKeys sub{"https://push.example.net/s/1", ua_public, base64url_encode(auth)};
  auto request =
      make_push_request(*keys, "mailto:ops@example.org", sub, your_turn_payload("room1", "Hanako"),
                        false, std::chrono::system_clock::now(), 86400);
  ASSERT_TRUE(request);
  std::map<std::string, std::string> headers(request->headers.begin(), request->headers.end());
  EXPECT_EQ(headers["TTL"], "86400");
  EXPECT_EQ(headers["Urgency"], "normal");
  EXPECT_EQ(headers["Content-Encoding"], "aes128gcm");
  EXPECT_TRUE(headers["Authorization"].starts_with("vapid t="));
  auto plain = decrypt_push_payload(request->body, *base64url_decode(ua_private), auth);
  ASSERT_TRUE(plain);
  auto payload = nlohmann::json::parse(*plain);
  EXPECT_EQ(payload["room"], "room1");
  EXPECT_EQ(payload["opponent"], "Hanako");
  // Nothing but these: no move, no position.
  EXPECT_EQ(payload.size(), 4u);

  sub.p256dh = "not a key";
  EXPECT_FALSE(make_push_request(*keys, "mailto:ops@example.org", sub, "{}", false,
                                 std::chrono::system_clock::now(), 60));
}

TEST(PushEndpoint, PayloadSurvivesBadUtf8InANameWithoutThrowing) {
  auto payload = nlohmann::json::parse(your_turn_payload("r", std::string("\xff\xfe", 2)));
  EXPECT_EQ(payload["room"], "r");
}

TEST(PushEndpoint, OnlyPublicAddressesAreSentTo) {
  auto is_public = [](const char* text) {
    return is_public_address(boost::asio::ip::make_address(text));
  };
  for (const char* inside :
       {"127.0.0.1",        "127.8.9.10",      "0.0.0.0",      "10.1.2.3",
        "172.16.0.1",       "172.31.255.255",  "192.168.1.1",  "169.254.169.254",
        "100.64.0.1",       "100.127.255.254", "192.0.0.8",    "198.18.0.1",
        "224.0.0.1",        "255.255.255.255", "::1",          "::",
        "fe80::1",          "fc00::1",         "fd12:3456::1", "ff02::1",
        "::ffff:127.0.0.1", "::ffff:10.0.0.1"})
    EXPECT_FALSE(is_public(inside)) << inside;
  for (const char* outside : {"8.8.8.8", "142.250.72.10", "172.32.0.1", "100.128.0.1",
                              "192.169.0.1", "2607:f8b0:4004:800::200a", "::ffff:8.8.8.8"})
    EXPECT_TRUE(is_public(outside)) << outside;
}

}  // namespace

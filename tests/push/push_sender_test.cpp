// The sender against a fake push service: plain HTTP on 127.0.0.1 (the test-only allowance),
// which takes the POST apart as a real one would: the VAPID token checked with the public
// key, the body opened with the subscriber's keys; and a 410 that drops the subscription.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <future>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <utility>
#include <vector>

#include "push/base64url.h"
#include "push/payload_crypto.h"
#include "push/push_sender.h"

namespace {

using namespace banmen::server;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

// Answers one request with `status` and hands it to the test.
class FakePushService {
 public:
  explicit FakePushService(int status)
      : acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this, status] {
      tcp::socket socket(ioc_);
      acceptor_.accept(socket);
      beast::flat_buffer buffer;
      http::request<http::string_body> req;
      http::read(socket, buffer, req);
      http::response<http::string_body> res{static_cast<http::status>(status), 11};
      res.prepare_payload();
      http::write(socket, res);
      received_.set_value(std::move(req));
    });
  }
  ~FakePushService() { thread_.join(); }
  std::string endpoint() const {
    return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + "/push/sub1";
  }
  http::request<http::string_body> request() { return received_.get_future().get(); }

 private:
  boost::asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::promise<http::request<http::string_body>> received_;
  std::thread thread_;
};

struct Subscriber {
  std::string public_b64, private_b64;
  std::string auth = "auth-secret-16by";
};

VapidKeys server_keys(std::string& public_b64) {
  auto [pub, priv] = new_vapid_key_pair();
  public_b64 = pub;
  std::string why;
  auto keys = parse_vapid_keys(pub, priv, why);
  EXPECT_TRUE(keys) << why;
  return std::move(*keys);
}

TEST(PushSender, PostsAnEncryptedSignedMessageTheSubscriberCanOpen) {
  std::string server_public;
  FakePushService service(201);
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  std::promise<int> status;
  PushSender::Options options;
  options.allow_http_loopback = true;
  PushSender sender(
      server_keys(server_public), "mailto:ops@example.org", options,
      [](const std::string&) { ADD_FAILURE() << "not gone"; },
      [&status](const std::string&, int s) { status.set_value(s); });
  ASSERT_TRUE(sender.enqueue({service.endpoint(), sub.public_b64, base64url_encode(sub.auth)},
                             your_turn_payload("RoomAbcd1234", "Taro")));
  auto req = service.request();
  EXPECT_EQ(status.get_future().get(), 201);
  EXPECT_EQ(req.method(), http::verb::post);
  EXPECT_EQ(req.target(), "/push/sub1");
  EXPECT_EQ(req[http::field::content_encoding], "aes128gcm");
  EXPECT_EQ(req["Urgency"], "normal");
  EXPECT_EQ(req["TTL"], "86400");

  std::string authorization(req[http::field::authorization]);
  ASSERT_TRUE(authorization.starts_with("vapid t="));
  std::size_t k_at = authorization.find(", k=");
  ASSERT_NE(k_at, std::string::npos);
  EXPECT_EQ(authorization.substr(k_at + 4), server_public);
  std::string jwt = authorization.substr(8, k_at - 8);
  std::size_t dot = jwt.rfind('.');
  P256Key verifier = p256_from_public(*base64url_decode(server_public));
  EXPECT_TRUE(
      es256_verify(verifier.get(), jwt.substr(0, dot), *base64url_decode(jwt.substr(dot + 1))));
  std::size_t first_dot = jwt.find('.');
  auto claims =
      nlohmann::json::parse(*base64url_decode(jwt.substr(first_dot + 1, dot - first_dot - 1)));
  EXPECT_EQ(claims["aud"], service.endpoint().substr(0, service.endpoint().find("/push")));
  auto now = std::chrono::duration_cast<std::chrono::seconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  EXPECT_LE(claims["exp"].get<long long>(), now + 24 * 3600);

  auto plain = decrypt_push_payload(req.body(), *base64url_decode(sub.private_b64), sub.auth);
  ASSERT_TRUE(plain);
  auto payload = nlohmann::json::parse(*plain);
  EXPECT_EQ(payload["room"], "RoomAbcd1234");
  EXPECT_EQ(payload["opponent"], "Taro");
}

TEST(PushSender, GoneSubscriptionIsReported) {
  std::string server_public;
  FakePushService service(410);
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  std::promise<std::string> gone;
  PushSender::Options options;
  options.allow_http_loopback = true;
  PushSender sender(server_keys(server_public), "mailto:ops@example.org", options,
                    [&gone](const std::string& endpoint) { gone.set_value(endpoint); });
  ASSERT_TRUE(
      sender.enqueue({service.endpoint(), sub.public_b64, base64url_encode(sub.auth)}, "{}"));
  EXPECT_EQ(gone.get_future().get(), service.endpoint());
  service.request();
}

TEST(PushSender, RefusesPlainHttpWithoutTheTestAllowanceAndAfterStop) {
  std::string server_public;
  std::promise<int> status;
  PushSender sender(
      server_keys(server_public), "mailto:ops@example.org", {},
      [](const std::string&) { ADD_FAILURE() << "not gone"; },
      [&status](const std::string&, int s) { status.set_value(s); });
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  ASSERT_TRUE(
      sender.enqueue({"http://127.0.0.1:9/x", sub.public_b64, base64url_encode(sub.auth)}, "{}"));
  EXPECT_EQ(status.get_future().get(), 0);  // nothing was sent
  sender.stop();
  EXPECT_FALSE(sender.enqueue(
      {"https://push.example.net/x", sub.public_b64, base64url_encode(sub.auth)}, "{}"));
}

TEST(PushSender, SendsToEverySubscriptionTheLookupGivesForAPlayer) {
  std::string server_public;
  FakePushService first(201), second(201);
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  std::mutex mutex;
  std::vector<int> statuses;
  std::promise<void> both;
  PushSender::Options options;
  options.allow_http_loopback = true;
  std::string asked;
  PushSender sender(
      server_keys(server_public), "mailto:ops@example.org", options,
      [](const std::string&) { ADD_FAILURE() << "not gone"; },
      [&](const std::string&, int s) {
        std::lock_guard lock(mutex);
        statuses.push_back(s);
        if (statuses.size() == 2) both.set_value();
      },
      [&](const std::string& room_id, int player) {
        asked = room_id + "/" + std::to_string(player);
        return std::vector<PushSubscriptionKeys>{
            {first.endpoint(), sub.public_b64, base64url_encode(sub.auth)},
            {second.endpoint(), sub.public_b64, base64url_encode(sub.auth)}};
      });
  ASSERT_TRUE(sender.enqueue_for("RoomAbcd1234", 1, your_turn_payload("RoomAbcd1234", "Taro")));
  both.get_future().get();
  EXPECT_EQ(asked, "RoomAbcd1234/1");
  EXPECT_EQ(statuses, (std::vector<int>{201, 201}));
  for (auto* service : {&first, &second}) {
    auto plain = decrypt_push_payload(service->request().body(), *base64url_decode(sub.private_b64),
                                      sub.auth);
    ASSERT_TRUE(plain);
    EXPECT_EQ(nlohmann::json::parse(*plain)["room"], "RoomAbcd1234");
  }
}

// A push service that takes the connection and never answers costs one deadline, not the
// sender: the next message still goes.
TEST(PushSender, APushServiceThatNeverAnswersIsGivenUpAtTheDeadline) {
  boost::asio::io_context ioc;
  tcp::acceptor silent(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  const std::string silent_endpoint =
      "http://127.0.0.1:" + std::to_string(silent.local_endpoint().port()) + "/never";
  std::string server_public;
  FakePushService answering(201);
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  std::mutex mutex;
  std::vector<std::pair<std::string, int>> answers;
  std::promise<void> both;
  PushSender::Options options;
  options.allow_http_loopback = true;
  options.timeout = std::chrono::milliseconds(300);
  PushSender sender(
      server_keys(server_public), "mailto:ops@example.org", options,
      [](const std::string&) { ADD_FAILURE() << "not gone"; },
      [&](const std::string& endpoint, int s) {
        std::lock_guard lock(mutex);
        answers.emplace_back(endpoint, s);
        if (answers.size() == 2) both.set_value();
      });
  ASSERT_TRUE(sender.enqueue({silent_endpoint, sub.public_b64, base64url_encode(sub.auth)}, "{}"));
  ASSERT_TRUE(
      sender.enqueue({answering.endpoint(), sub.public_b64, base64url_encode(sub.auth)}, "{}"));
  both.get_future().get();
  answering.request();
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[0], std::make_pair(silent_endpoint, 0));
  EXPECT_EQ(answers[1], std::make_pair(answering.endpoint(), 201));
}

// An endpoint a player chose that names (or resolves to) the server's own network is never
// connected to: not even a TCP connection reaches the listener.
TEST(PushSender, NeverConnectsToAPrivateAddress) {
  boost::asio::io_context ioc;
  tcp::acceptor inside(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  const std::string endpoint =
      "https://127.0.0.1:" + std::to_string(inside.local_endpoint().port()) + "/push";
  std::string server_public;
  std::promise<int> status;
  PushSender::Options options;
  options.timeout = std::chrono::milliseconds(300);
  PushSender sender(
      server_keys(server_public), "mailto:ops@example.org", options,
      [](const std::string&) { ADD_FAILURE() << "not gone"; },
      [&status](const std::string&, int s) { status.set_value(s); });
  Subscriber sub;
  std::tie(sub.public_b64, sub.private_b64) = new_vapid_key_pair();
  ASSERT_TRUE(sender.enqueue({endpoint, sub.public_b64, base64url_encode(sub.auth)}, "{}"));
  EXPECT_EQ(status.get_future().get(), 0);
  inside.non_blocking(true);
  tcp::socket socket(ioc);
  boost::system::error_code ec;
  inside.accept(socket, ec);
  EXPECT_EQ(ec, boost::asio::error::would_block) << "the sender connected";
}

}  // namespace

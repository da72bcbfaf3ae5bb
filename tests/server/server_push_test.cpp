// Web Push through the real binary: both players hand the server a subscription (POST
// /api/push/subscribe with their seat token), and every committed move sends "your move" to
// the player now to move, and to nobody else, through a fake push service on loopback that
// opens each message with the subscriber's keys. A subscription the push service answers
// 410 for is withdrawn: no message goes to it again.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "match_driver.h"
#include "push/base64url.h"
#include "push/payload_crypto.h"
#include "push/vapid.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

using namespace std::chrono_literals;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;
using server::base64url_decode;
using server::base64url_encode;

// Takes requests one at a time and answers each with the status `status_for` gives its
// target; keeps them for the test. Stops after `max_requests` (bounded).
class FakePushService {
 public:
  explicit FakePushService(std::function<int(const std::string&)> status_for, int max_requests = 16)
      : acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this, status_for, max_requests] {
      for (int i = 0; i < max_requests; ++i) {
        tcp::socket socket(ioc_);
        boost::system::error_code ec;
        acceptor_.accept(socket, ec);
        if (ec || stopping_) return;
        beast::flat_buffer buffer;
        http::request<http::string_body> req;
        http::read(socket, buffer, req, ec);
        if (ec) continue;
        http::response<http::string_body> res{
            static_cast<http::status>(status_for(std::string(req.target()))), 11};
        res.prepare_payload();
        http::write(socket, res, ec);
        std::lock_guard lock(mutex_);
        received_.push_back(std::move(req));
        arrived_.notify_all();
      }
    });
  }
  ~FakePushService() {
    // A blocking accept is not woken by closing the acceptor: a last connection wakes it.
    stopping_ = true;
    boost::asio::io_context waker;
    tcp::socket knock(waker);
    boost::system::error_code ec;
    knock.connect(acceptor_.local_endpoint(), ec);
    thread_.join();
  }
  std::string endpoint(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + path;
  }
  // The first `n` requests, once they came (at most 20 s); fewer on a timeout.
  std::vector<http::request<http::string_body>> first(std::size_t n) {
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, 20s, [&] { return received_.size() >= n; });
    return received_;
  }

 private:
  boost::asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<http::request<http::string_body>> received_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

struct Subscriber {
  std::string public_b64, private_b64;
  std::string auth = "sixteen-byte-key";
};

int post_json(unsigned short port, const std::string& target, const json& body) {
  const std::string text = body.dump();
  return status_of(raw_http_send(port, "POST " + target +
                                           " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                                           "application/json\r\nConnection: close\r\n"
                                           "Content-Length: " +
                                           std::to_string(text.size()) + "\r\n\r\n" + text));
}

double metric(unsigned short port, const std::string& name) {
  const std::string text = body_of(raw_http_get(port, "/metrics"));
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

// Polls /metrics until `name` is `value` (a condition; at most 10 s).
bool metric_reaches(unsigned short port, const std::string& name, double value) {
  for (int i = 0; i < 200; ++i) {
    if (metric(port, name) == value) return true;
    std::this_thread::sleep_for(50ms);
  }
  ADD_FAILURE() << name << " is " << metric(port, name) << ", not " << value;
  return false;
}

TEST(ServerPush, EachMoveTellsThePlayerNowToMoveAndAGoneSubscriptionIsWithdrawn) {
  // The host's endpoint is answered 410 (gone) once; every other request 201.
  std::mutex gone_mutex;
  bool host_gone = false;
  FakePushService service([&](const std::string& target) {
    std::lock_guard lock(gone_mutex);
    if (target == "/push/host" && !host_gone) {
      host_gone = true;
      return 410;
    }
    return 201;
  });
  auto [vapid_public, vapid_private] = server::new_vapid_key_pair();
  ServerProcess server({"--vapid-public-key", vapid_public, "--vapid-private-key", vapid_private,
                        "--vapid-subject", "mailto:ops@example.org", "--push-allow-http-endpoints",
                        "--push-interval-ms", "0"});
  ASSERT_TRUE(server.ok()) << server.log();
  EXPECT_EQ(body_of(raw_http_get(server.port(), "/api/push/key")),
            "{\"public_key\":\"" + vapid_public + "\"}\n");

  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "chess"}, {"side", "first"}}));
  Subscriber host, guest;
  std::tie(host.public_b64, host.private_b64) = server::new_vapid_key_pair();
  std::tie(guest.public_b64, guest.private_b64) = server::new_vapid_key_pair();
  auto subscribe = [&](const Side& side, const Subscriber& sub, const std::string& path) {
    return post_json(
        server.port(), "/api/push/subscribe",
        {{"room", m.room},
         {"token", side.token},
         {"subscription",
          {{"endpoint", service.endpoint(path)},
           {"keys", {{"p256dh", sub.public_b64}, {"auth", base64url_encode(sub.auth)}}}}}});
  };
  ASSERT_EQ(subscribe(m.a, host, "/push/host"), 200);
  ASSERT_EQ(subscribe(m.b, guest, "/push/guest"), 200);
  // A spectator's guess at a token subscribes nothing.
  Side stranger;
  stranger.token = "not-a-seat-token";
  EXPECT_EQ(subscribe(stranger, guest, "/push/stranger"), 403);

  // White (the host) moves: the guest is told, with the host's name and nothing of the game.
  ASSERT_TRUE(play_one(m, "e2e4", "m1"));
  auto got = service.first(1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].target(), "/push/guest");
  auto plain =
      server::decrypt_push_payload(got[0].body(), *base64url_decode(guest.private_b64), guest.auth);
  ASSERT_TRUE(plain);
  const json payload = json::parse(*plain);
  EXPECT_EQ(payload["room"], m.room);
  EXPECT_EQ(payload["opponent"], "Host");
  EXPECT_EQ(plain->find("e2e4"), std::string::npos) << *plain;

  // Black moves: the host's push service answers 410, and the host's subscription goes.
  ASSERT_TRUE(play_one(m, "e7e5", "m2"));
  ASSERT_EQ(service.first(2).size(), 2u);
  EXPECT_EQ(service.first(2)[1].target(), "/push/host");
  ASSERT_TRUE(metric_reaches(server.port(), "banmen_push_gone_total", 1));

  // Two more moves: the guest is told again; the host, withdrawn, is not. The sender keeps
  // order, so a push to the host would have come before the guest's second one.
  ASSERT_TRUE(play_one(m, "g1f3", "m3"));
  ASSERT_TRUE(play_one(m, "b8c6", "m4"));
  ASSERT_TRUE(play_one(m, "f1c4", "m5"));
  got = service.first(4);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[2].target(), "/push/guest");
  EXPECT_EQ(got[3].target(), "/push/guest");
  // Counted once the sender has read each answer, a moment after the service wrote it.
  EXPECT_TRUE(metric_reaches(server.port(), "banmen_push_sent_total", 3));
  EXPECT_EQ(metric(server.port(), "banmen_push_failed_total"), 0);
  // The server's log never carries an endpoint (the browser's address for messages).
  EXPECT_EQ(server.log().find("/push/"), std::string::npos);
}

}  // namespace
}  // namespace banmen::testing

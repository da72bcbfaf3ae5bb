// Integration: who may connect, and as whom. Connection caps per client address and over
// the whole server, trusted proxies' X-Forwarded-For and the Origin's scheme. (The accept
// loop out of file descriptors: out_of_descriptors_test.cpp.)
#include <gtest/gtest.h>

#include <thread>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"
#include "ws_test_client.h"

namespace banmen::testing {
namespace {

std::uint64_t metric(unsigned short port, const std::string& name) {
  auto text = raw_http_get(port, "/metrics");
  auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? 0 : std::stoull(text.substr(at + name.size() + 2));
}

// The server's log has `text` within `time` (log lines may trail the answers a little).
bool logged_within(const ServerProcess& server, const std::string& text,
                   std::chrono::milliseconds time = 2000ms) {
  auto deadline = std::chrono::steady_clock::now() + time;
  while (server.log().find(text) == std::string::npos) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// Retries `open` for a little while: a closed connection gives its place back once the
// server has seen it close.
bool opens_within(RawWsClient& c, unsigned short port, const std::vector<std::string>& headers,
                  std::chrono::milliseconds time) {
  auto deadline = std::chrono::steady_clock::now() + time;
  do {
    if (c.open(port, headers) == 101) return true;
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

TEST(ServerConnections, PerAddressCap) {
  ServerProcess server({"--max-connections-per-address", "3"});
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient c[4];
  for (int i = 0; i < 3; ++i) ASSERT_EQ(c[i].open(server.port()), 101) << i;
  EXPECT_EQ(c[3].open(server.port()), 0);  // closed at once: no answer at all
  c[0].close();
  EXPECT_TRUE(opens_within(c[0], server.port(), {}, 2000ms));
  c[1].close();  // room for the /metrics request
  std::this_thread::sleep_for(100ms);
  EXPECT_GE(metric(server.port(), "banmen_refused_total{reason=\"max_connections_per_address\"}"),
            1u);
}

TEST(ServerConnections, OverallCap) {
  ServerProcess server({"--max-connections", "3"});
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient c[4];
  for (int i = 0; i < 3; ++i) ASSERT_EQ(c[i].open(server.port()), 101) << i;
  EXPECT_EQ(c[3].open(server.port()), 0);
  c[0].close();
  std::this_thread::sleep_for(100ms);
  EXPECT_GE(metric(server.port(), "banmen_refused_total{reason=\"max_connections\"}"), 1u);
  EXPECT_TRUE(opens_within(c[0], server.port(), {}, 2000ms));
}

// From a trusted proxy the client is the rightmost X-Forwarded-For address that is not a
// trusted proxy itself, and the per-address cap counts that address.
TEST(ServerConnections, TrustedProxyForwardedForIsTheClient) {
  ServerProcess server(
      {"--trusted-proxies", "127.0.0.1/32,10.9.0.0/16", "--max-connections-per-address", "2"});
  ASSERT_TRUE(server.ok()) << server.log();
  const std::vector<std::string> alice = {"X-Forwarded-For: 203.0.113.7"};
  // A client behind a second trusted hop is still alice; a forged entry on the left is not
  // looked at.
  const std::vector<std::string> alice_via = {
      "X-Forwarded-For: 198.51.100.1, 203.0.113.7, 10.9.3.4"};
  const std::vector<std::string> bob = {"X-Forwarded-For: 2001:db8::5"};
  RawWsClient a1, a2, a3, a4, b1;
  ASSERT_EQ(a1.open(server.port(), alice), 101);
  ASSERT_EQ(a2.open(server.port(), alice_via), 101);
  EXPECT_EQ(a3.open(server.port(), alice), 503);
  EXPECT_EQ(a4.open(server.port(), alice_via), 503);
  EXPECT_EQ(b1.open(server.port(), bob), 101);  // another client through the same proxy
  EXPECT_TRUE(logged_within(server, "addr=203.0.113.7")) << server.log();
  EXPECT_TRUE(logged_within(server, "addr=2001:db8::5")) << server.log();
}

// One address's connections share one read budget: a flood of 16 KiB messages over four
// connections makes their reads wait once the address has read its share (counted in
// banmen_read_pauses_total), and another address is read and answered meanwhile. (With no
// budget, --read-bytes-per-address 0, the server reads the whole flood at once and never
// pauses: the first expectation fails.)
TEST(ServerConnections, AnAddressFloodingOverManyConnectionsWaitsForItsReadBudget) {
  ServerProcess server({"--trusted-proxies", "127.0.0.1", "--read-bytes-per-address", "32768",
                        "--read-burst-per-address", "32768", "--messages-per-second", "1000",
                        "--message-burst", "1000"});
  ASSERT_TRUE(server.ok()) << server.log();
  const std::vector<std::string> flooder = {"X-Forwarded-For: 198.51.100.7"};
  const std::string big = RawWsClient::frame(
      1, R"({"type":"ping","id":1,"pad":")" + std::string(16 * 1024, 'x') + R"("})");
  RawWsClient flood[4];
  for (auto& c : flood) {
    ASSERT_EQ(c.open(server.port(), flooder), 101);
    // 128 KiB each, half a megabyte in all: sixteen times the address's budget.
    for (int i = 0; i < 8; ++i) ASSERT_TRUE(c.send_raw(big));
  }
  bool paused = false;
  for (int i = 0; i < 200 && !paused; ++i) {
    paused = metric(server.port(), "banmen_read_pauses_total") > 0;
    if (!paused) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(paused) << server.log();
  RawWsClient other;
  ASSERT_EQ(other.open(server.port(), {"X-Forwarded-For: 203.0.113.5"}), 101);
  ASSERT_TRUE(other.send_raw(
      RawWsClient::frame(1, R"({"type":"hello","id":7,"protocol":2,"client":"test"})")));
  bool answered = false;
  for (int i = 0; i < 10 && !answered; ++i) {
    auto f = other.read_frame(3000ms);
    if (!f) break;
    auto j = json::parse(f->payload, nullptr, false);
    answered = j.value("re", json()) == 7;
  }
  EXPECT_TRUE(answered) << "another address waited for the flood's budget";
}

// Creates a room over a raw connection; the answer's type, or its error code.
std::string create_room(RawWsClient& c) {
  if (!c.send_raw(
          RawWsClient::frame(1, R"({"type":"create_room","id":1,"name":"A","game":"reversi"})")))
    return "send failed";
  for (int i = 0; i < 20; ++i) {
    auto f = c.read_frame(3000ms);
    if (!f || f->opcode != 1) return "no answer";
    auto j = json::parse(f->payload, nullptr, false);
    if (j.value("re", json()) != 1) continue;
    return j.value("type", "") == "error" ? j.value("code", "") : j.value("type", "");
  }
  return "no answer";
}

// The room-creation quota counts the forwarded client, not the proxy.
TEST(ServerConnections, RoomQuotaCountsTheForwardedClient) {
  ServerProcess server({"--trusted-proxies", "127.0.0.1", "--max-rooms-per-address", "1"});
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient a1, a2, b;
  ASSERT_EQ(a1.open(server.port(), {"X-Forwarded-For: 203.0.113.7"}), 101);
  ASSERT_EQ(a2.open(server.port(), {"X-Forwarded-For: 203.0.113.7"}), 101);
  ASSERT_EQ(b.open(server.port(), {"X-Forwarded-For: 203.0.113.8"}), 101);
  EXPECT_EQ(create_room(a1), "room_created");
  EXPECT_EQ(create_room(a2), "too_many_rooms");
  EXPECT_EQ(create_room(b), "room_created");
}

// A malformed range is refused at start with a clear message and a non-zero status.
TEST(ServerConnections, BadTrustedProxyRangeIsRefused) {
  for (const char* bad : {"10.0.0.0/33", "example.org", "::1/129", "10.0.0.1/"}) {
    ServerProcess server({"--trusted-proxies", bad});
    EXPECT_FALSE(server.ok()) << bad;
    EXPECT_NE(server.wait_exit(3000), 0) << bad;
    EXPECT_NE(server.log().find("--trusted-proxies"), std::string::npos) << server.log();
  }
}

// Without --trusted-proxies the header is ignored: everyone here is 127.0.0.1.
TEST(ServerConnections, UntrustedForwardedForIsIgnored) {
  ServerProcess server({"--max-connections-per-address", "2"});
  ASSERT_TRUE(server.ok()) << server.log();
  RawWsClient c1, c2, c3;
  ASSERT_EQ(c1.open(server.port(), {"X-Forwarded-For: 203.0.113.1"}), 101);
  ASSERT_EQ(c2.open(server.port(), {"X-Forwarded-For: 203.0.113.2"}), 101);
  EXPECT_EQ(c3.open(server.port(), {"X-Forwarded-For: 203.0.113.3"}), 0);
  EXPECT_TRUE(logged_within(server, "addr=127.0.0.1")) << server.log();
  EXPECT_EQ(server.log().find("addr=203.0.113."), std::string::npos) << server.log();
}

// The server's own origin is scheme://Host: an https page is another site than the http
// one of the same host (and the reverse, behind a TLS proxy).
TEST(ServerConnections, OriginSchemeMustMatch) {
  ServerProcess direct;
  ASSERT_TRUE(direct.ok()) << direct.log();
  RawWsClient c;
  EXPECT_EQ(c.open(direct.port(), {"Origin: http://127.0.0.1"}), 101);
  EXPECT_EQ(c.open(direct.port(), {"Origin: https://127.0.0.1"}), 403);

  ServerProcess proxied({"--trusted-proxies", "127.0.0.1"});
  ASSERT_TRUE(proxied.ok()) << proxied.log();
  EXPECT_EQ(c.open(proxied.port(), {"Origin: https://127.0.0.1", "X-Forwarded-Proto: https"}), 101);
  EXPECT_EQ(c.open(proxied.port(), {"Origin: http://127.0.0.1", "X-Forwarded-Proto: https"}), 403);
}

}  // namespace
}  // namespace banmen::testing

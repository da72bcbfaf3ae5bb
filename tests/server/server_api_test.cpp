// Integration: records and listings (/api/rooms/...) through the real binary. They are
// built off the network threads, a client address that asks too often is told to wait
// (429) while everyone else and every other route goes on, and a finished game's record is
// answered again from the cache.
#include <gtest/gtest.h>

#include <string>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// The value of counter `name` in /metrics (-1 when absent).
double counter(unsigned short port, const std::string& name) {
  const std::string text = body_of(raw_http_get(port, "/metrics"));
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

TEST(ServerApi, AnAddressThatAsksTooOftenIsToldToWait) {
  ServerProcess server({"--api-rate", "0.5", "--api-burst", "3"});
  ASSERT_TRUE(server.ok()) << server.log();
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(status_of(raw_http_get(server.port(), "/api/rooms/nobody/games")), 404) << i;
  const std::string refused = raw_http_get(server.port(), "/api/rooms/nobody/games");
  EXPECT_EQ(status_of(refused), 429) << refused;
  EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos) << refused;
  // Only the API has this budget: the page, the probes and the game go on.
  EXPECT_EQ(status_of(raw_http_get(server.port(), "/healthz")), 200);
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "reversi"}}));
  EXPECT_GE(counter(server.port(), "banmen_refused_total{reason=\"api_rate\"}"), 1);
}

TEST(ServerApi, AFinishedGamesRecordIsAnsweredFromTheCache) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "reversi"}}));
  auto r = m.a.ws.request({{"type", "resign"}});
  ASSERT_TRUE(r);
  ASSERT_TRUE(m.b.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));
  const std::string target = "/api/rooms/" + m.room + "/games/1/record?format=transcript";
  const std::string first = raw_http_get(server.port(), target);
  ASSERT_EQ(status_of(first), 200) << first;
  EXPECT_NE(first.find("Cache-Control: private, max-age=86400"), std::string::npos) << first;
  EXPECT_EQ(counter(server.port(), "banmen_export_cache_hits_total"), 0);
  const std::string second = raw_http_get(server.port(), target);
  EXPECT_EQ(body_of(second), body_of(first));
  EXPECT_EQ(counter(server.port(), "banmen_export_cache_hits_total"), 1);
  // The listing is never cached: it changes with every game.
  const std::string listing = raw_http_get(server.port(), "/api/rooms/" + m.room + "/games");
  ASSERT_EQ(status_of(listing), 200) << listing;
  EXPECT_NE(listing.find("Cache-Control: no-store"), std::string::npos);
  EXPECT_NE(body_of(listing).find("\"total_games\":1"), std::string::npos) << listing;
}

// POST /api/my-rooms through the real binary: the players' tokens find their room, the
// other methods and an oversized body are refused with JSON errors.
TEST(ServerApi, MyRoomsAnswersThePostedSeats) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "reversi"}}));
  auto post = [&](const std::string& body) {
    return raw_http_send(server.port(),
                         "POST /api/my-rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         "Connection: close\r\nContent-Type: application/json\r\n"
                         "Content-Length: " +
                             std::to_string(body.size()) + "\r\n\r\n" + body);
  };
  const json seats{
      {"seats",
       {{{"room", m.room}, {"token", m.b.token}}, {{"room", m.room + "x"}, {"token", m.b.token}}}}};
  const std::string answer = post(seats.dump());
  ASSERT_EQ(status_of(answer), 200) << answer;
  EXPECT_NE(answer.find("Cache-Control: no-store"), std::string::npos) << answer;
  const json body = json::parse(body_of(answer));
  ASSERT_EQ(body["rooms"].size(), 1u) << body;
  EXPECT_EQ(body["rooms"][0]["room"], m.room);
  EXPECT_EQ(body["rooms"][0]["player"], 1);
  EXPECT_EQ(body["rooms"][0]["status"], "playing");
  EXPECT_EQ(body["unknown"], json::array({m.room + "x"}));
  EXPECT_EQ(answer.find(m.b.token), std::string::npos);

  const std::string get = raw_http_get(server.port(), "/api/my-rooms");
  EXPECT_EQ(status_of(get), 405) << get;
  EXPECT_EQ(json::parse(body_of(get), nullptr, false)["code"], "bad_request") << get;
  const std::string malformed = post("{\"seats\": 3}");
  EXPECT_EQ(status_of(malformed), 400) << malformed;
  EXPECT_EQ(json::parse(body_of(malformed), nullptr, false)["code"], "bad_request");
  const std::string huge = post("{\"seats\": [], \"pad\": \"" + std::string(20000, 'x') + "\"}");
  EXPECT_EQ(status_of(huge), 413) << huge.substr(0, 200);
  EXPECT_EQ(json::parse(body_of(huge), nullptr, false)["code"], "bad_request");
  // Other routes take no POST.
  EXPECT_EQ(status_of(raw_http_send(server.port(),
                                    "POST /api/rooms/x/games HTTP/1.1\r\nHost: "
                                    "a\r\nConnection: close\r\nContent-Length: "
                                    "0\r\n\r\n")),
            405);
}

}  // namespace
}  // namespace banmen::testing

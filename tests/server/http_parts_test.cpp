// Static path safety, MIME types, the Origin policy, tokens and the in-memory store.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "net/origin_policy.h"
#include "net/static_files.h"
#include "net/ws_target.h"
#include "storage/memory_store.h"
#include "util/metrics.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

TEST(WsTarget, TheRoomParameterIsUrlSafeAndGivenOnce) {
  bool malformed = true;
  auto bare = parse_ws_target("/ws", malformed);
  ASSERT_TRUE(bare);
  EXPECT_TRUE(bare->room.empty());
  EXPECT_FALSE(malformed);
  auto routed = parse_ws_target("/ws?v=2&room=q3Vf0d9m2bX7cLk1PzT8aA&x", malformed);
  ASSERT_TRUE(routed);
  EXPECT_EQ(routed->room, "q3Vf0d9m2bX7cLk1PzT8aA");
  auto other = parse_ws_target("/ws?v=2", malformed);
  ASSERT_TRUE(other);
  EXPECT_TRUE(other->room.empty());
  EXPECT_FALSE(parse_ws_target("/wss", malformed));
  EXPECT_FALSE(malformed);  // another path: 404, not 400
  EXPECT_FALSE(parse_ws_target("/ws/x?room=a", malformed));
  EXPECT_FALSE(malformed);
  for (const std::string& bad : std::vector<std::string>{
           "/ws?room=", "/ws?room", "/ws?room=a%2Fb", "/ws?room=a&room=a", "/ws?room=a/b",
           "/ws?room=" + std::string(65, 'x'), "/ws?room=a b"}) {
    EXPECT_FALSE(parse_ws_target(bad, malformed)) << bad;
    EXPECT_TRUE(malformed) << bad;
  }
  EXPECT_TRUE(parse_ws_target("/ws?room=" + std::string(64, 'x'), malformed));
}

TEST(StaticFiles, SafePathsOnly) {
  EXPECT_EQ(*static_path_for("/srv", "/"), "/srv/index.html");
  EXPECT_EQ(*static_path_for("/srv", "/r/AbC_-12"), "/srv/index.html");
  EXPECT_EQ(*static_path_for("/srv", "/assets/app.js?x=1"), "/srv/assets/app.js");
  EXPECT_FALSE(static_path_for("/srv", "/../etc/passwd"));
  EXPECT_FALSE(static_path_for("/srv", "/assets/..%2f..%2fetc"));
  EXPECT_FALSE(static_path_for("/srv", "//etc/passwd"));
  EXPECT_FALSE(static_path_for("/srv", "relative"));
  EXPECT_FALSE(static_path_for("/srv", "/a\\b"));
  EXPECT_EQ(mime_type("x/app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mime_type("noext"), "application/octet-stream");
}

TEST(Metrics, PrometheusTextWithTheStoreCounters) {
  Metrics m;
  m.rooms_open = -1;  // a gauge keeps its sign
  m.moves_total = 42;
  StoreStats store;
  store.transactions = 3;
  store.writes = 120;
  const auto text = m.render(store, EngineStats{});
  EXPECT_NE(text.find("# TYPE banmen_moves_total counter\nbanmen_moves_total 42\n"),
            std::string::npos);
  EXPECT_NE(text.find("banmen_rooms_open -1\n"), std::string::npos);
  EXPECT_NE(text.find("banmen_store_commits_total 3\n"), std::string::npos);
  EXPECT_NE(text.find("banmen_store_writes_total 120\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE banmen_store_commit_seconds histogram\n"), std::string::npos);
  EXPECT_NE(text.find("banmen_store_write_wait_seconds_count 0\n"), std::string::npos);
}

// The engine's times are histograms (buckets, sum and count under one TYPE line), its queue
// and threads gauges, its refusals counters; no series is typed twice.
TEST(Metrics, EngineSearchesAndQueueWaitsAreHistograms) {
  EngineStats engine;
  engine.queued = 3;
  engine.running = 1;
  engine.completed = 2;
  engine.refused_queue = 4;
  engine.refused_address = 5;
  engine.search_ms.add(1500);
  engine.search_ms.add(12000);
  engine.queue_wait_ms.add(30);
  const auto text = Metrics{}.render(StoreStats{}, engine);
  auto has = [&](const std::string& s) { return text.find(s) != std::string::npos; };
  EXPECT_TRUE(has("# TYPE banmen_engine_search_seconds histogram\n")) << text;
  EXPECT_TRUE(has("banmen_engine_search_seconds_bucket{le=\"2.5\"} 1\n"));
  EXPECT_TRUE(has("banmen_engine_search_seconds_bucket{le=\"20\"} 2\n"));
  EXPECT_TRUE(has("banmen_engine_search_seconds_bucket{le=\"+Inf\"} 2\n"));
  EXPECT_TRUE(has("banmen_engine_search_seconds_sum 13.5\n"));
  EXPECT_TRUE(has("banmen_engine_search_seconds_count 2\n"));
  EXPECT_TRUE(has("# TYPE banmen_engine_queue_wait_seconds histogram\n"));
  EXPECT_TRUE(has("banmen_engine_queue_wait_seconds_bucket{le=\"0.05\"} 1\n"));
  EXPECT_TRUE(has("banmen_engine_queue_wait_seconds_count 1\n"));
  EXPECT_TRUE(has("# TYPE banmen_engine_queue_length gauge\nbanmen_engine_queue_length 3\n"));
  EXPECT_TRUE(has("# TYPE banmen_engine_running gauge\nbanmen_engine_running 1\n"));
  EXPECT_TRUE(has("# TYPE banmen_engine_searches_total counter\nbanmen_engine_searches_total 2\n"));
  // The engine's refusals are reasons of the one refusal metric.
  EXPECT_TRUE(has("banmen_refused_total{reason=\"engine_queue_full\"} 4\n"));
  EXPECT_TRUE(has("banmen_refused_total{reason=\"engine_per_address\"} 5\n"));
  // The sum is the histogram's, not a counter of its own as it once was.
  EXPECT_FALSE(has("# TYPE banmen_engine_search_seconds_sum"));
  // Every TYPE line names a family once.
  std::set<std::string> families;
  for (std::size_t at = text.find("# TYPE "); at != std::string::npos;
       at = text.find("# TYPE ", at + 1)) {
    const auto name = text.substr(at + 7, text.find(' ', at + 7) - at - 7);
    EXPECT_TRUE(families.insert(name).second) << name << " typed twice";
  }
}

// Refusals, HTTP answers and games are one metric each with a label, never a metric per case.
TEST(Metrics, RefusalsHttpAnswersAndGamesAreLabelsOfOneMetric) {
  Metrics m;
  m.refused.add(Refusal::api_rate);
  m.refused.add(Refusal::api_rate);
  m.refused.add(Refusal::max_connections);
  m.http_requests.add(HttpRoute::healthz, 200);
  m.http_requests.add(HttpRoute::api, 429);
  m.http_requests.add(HttpRoute::ws, 101);
  m.http_requests.add(HttpRoute::ws, 101);
  m.games_started.add("shogi");
  m.games_finished.add("reversi");
  m.games_started.add("no-such-game");
  const auto text = m.render(StoreStats{}, EngineStats{});
  auto has = [&](const std::string& line) { return text.find("\n" + line + "\n") != text.npos; };
  EXPECT_TRUE(has("# TYPE banmen_refused_total counter")) << text;
  EXPECT_TRUE(has("banmen_refused_total{reason=\"api_rate\"} 2"));
  EXPECT_TRUE(has("banmen_refused_total{reason=\"max_connections\"} 1"));
  EXPECT_TRUE(has("banmen_refused_total{reason=\"message_rate\"} 0"));
  EXPECT_TRUE(has("banmen_http_requests_total{code=\"200\",route=\"/healthz\"} 1"));
  EXPECT_TRUE(has("banmen_http_requests_total{code=\"429\",route=\"/api\"} 1"));
  EXPECT_TRUE(has("banmen_http_requests_total{code=\"101\",route=\"/ws\"} 2"));
  EXPECT_TRUE(has("banmen_games_started_total{game=\"shogi\"} 1"));
  EXPECT_TRUE(has("banmen_games_started_total{game=\"chess\"} 0"));
  EXPECT_TRUE(has("banmen_games_started_total{game=\"other\"} 1"));
  EXPECT_TRUE(has("banmen_games_finished_total{game=\"reversi\"} 1"));
  // The per-case names are gone.
  for (const char* old :
       {"banmen_api_rate_limited_total", "banmen_api_busy_total", "banmen_rate_limited_total",
        "banmen_connections_refused_total", "banmen_connections_refused_address_total",
        "banmen_room_busy_total", "banmen_engine_refused_total",
        "banmen_engine_refused_address_total", "banmen_room_work_refused_total"})
    EXPECT_EQ(text.find(std::string("\n") + old), text.npos) << old;
  // Each metric's TYPE line comes once, before its first sample.
  for (const char* name : {"banmen_refused_total", "banmen_http_requests_total",
                           "banmen_games_started_total", "banmen_games_finished_total"}) {
    const std::string type = std::string("# TYPE ") + name + " counter\n";
    const auto at = text.find(type);
    ASSERT_NE(at, text.npos) << name;
    EXPECT_EQ(text.find(type, at + 1), text.npos) << name;
    EXPECT_LT(at, text.find(std::string("\n") + name + "{")) << name;
  }
}

// Cumulative buckets in seconds, each bound inclusive, and everything in +Inf.
TEST(Metrics, LatencyHistogramBucketsAreCumulativeSeconds) {
  LatencyHistogram h;
  for (double ms : {0.1, 0.25, 0.3, 4.0, 5.0, 7.0, 5000.0}) h.add(ms);
  std::string text;
  render_histogram(text, "t", "help", h);
  EXPECT_NE(text.find("# TYPE t histogram\n"), std::string::npos);
  EXPECT_NE(text.find("t_bucket{le=\"0.00025\"} 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("t_bucket{le=\"0.0005\"} 3\n"), std::string::npos);
  EXPECT_NE(text.find("t_bucket{le=\"0.005\"} 5\n"), std::string::npos);
  EXPECT_NE(text.find("t_bucket{le=\"0.01\"} 6\n"), std::string::npos);
  EXPECT_NE(text.find("t_bucket{le=\"1\"} 6\n"), std::string::npos);
  EXPECT_NE(text.find("t_bucket{le=\"+Inf\"} 7\n"), std::string::npos);
  EXPECT_NE(text.find("t_sum 5.01665\n"), std::string::npos) << text;
  EXPECT_NE(text.find("t_count 7\n"), std::string::npos);
}

TEST(OriginPolicy, SameHostByDefaultOrAllowList) {
  EXPECT_TRUE(origin_allowed("", "h:1", "http", {}));
  EXPECT_TRUE(origin_allowed("http://h:1", "h:1", "http", {}));
  EXPECT_FALSE(origin_allowed("http://evil:1", "h:1", "http", {}));
  EXPECT_TRUE(origin_allowed("https://a.example", "h:1", "http", {"https://a.example"}));
  EXPECT_FALSE(origin_allowed("http://h:1", "h:1", "http", {"https://a.example"}));
  EXPECT_TRUE(origin_allowed("http://x", "h:1", "http", {"*"}));
  // The scheme is part of the origin: the same host over the other scheme is another site.
  EXPECT_FALSE(origin_allowed("https://h:1", "h:1", "http", {}));
  EXPECT_FALSE(origin_allowed("http://h:1", "h:1", "https", {}));
  EXPECT_TRUE(origin_allowed("https://h:1", "h:1", "https", {}));
  EXPECT_FALSE(origin_allowed("ftp://h:1", "h:1", "http", {}));
}

TEST(Tokens, UnguessableAndHashed) {
  auto a = new_room_id(), b = new_room_id();
  EXPECT_EQ(a.size(), 22u);
  EXPECT_NE(a, b);
  EXPECT_TRUE(is_urlsafe_id(a, 22, 22));
  EXPECT_EQ(new_token().size(), 43u);
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_TRUE(equal_constant_time("abc", "abc"));
  EXPECT_FALSE(equal_constant_time("abc", "abd"));
}

TEST(MemoryStore, RecordsAndReloadsUnfinishedRooms) {
  MemoryStore s;
  ASSERT_TRUE(s.write(StoredRoomInfo{"r1", "{}", 1}));
  ASSERT_TRUE(s.write(StoredSeat{"r1", {0, "A", "hash"}}));
  ASSERT_TRUE(s.write(StoredGameStart{"r1", 1, "chess", "{}", "start", {0, 1}, 2}));
  ASSERT_TRUE(s.write(StoredMove{"r1", 1, 1, "e2e4", {1000, 1000}, {0, 0}, 3}));
  EXPECT_FALSE(s.write(StoredMove{"r1", 1, 3, "e7e5", {1000, 1000}, {0, 0}, 3}));  // a gap
  ASSERT_TRUE(s.write(StoredMove{"r1", 1, 2, "e7e5", {1000, 900}, {0, 0}, 4}));
  ASSERT_TRUE(s.write(StoredTakeback{"r1", 1, 1}));
  auto rooms = s.load_unfinished();
  ASSERT_TRUE(rooms);
  ASSERT_EQ(rooms->size(), 1u);
  EXPECT_EQ(rooms->front().moves.size(), 1u);
  EXPECT_EQ(rooms->front().players.front().token_hash, "hash");
  s.fail_next_writes(1);
  EXPECT_FALSE(s.write(StoredMove{"r1", 1, 2, "e7e5", {1000, 900}, {0, 0}, 4}));
  ASSERT_TRUE(s.write(StoredFinish{"r1", 1, {"win", 0, "resignation"}, 5}));
  EXPECT_TRUE(s.load_unfinished()->empty());
}

}  // namespace
}  // namespace banmen::server

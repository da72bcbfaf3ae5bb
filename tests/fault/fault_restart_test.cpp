// A server killed with -9 and started again behind the shipped nginx files (the upstream
// parameters of deploy/nginx/banmen-cluster-upstreams.conf): its rooms are served by the
// other server meanwhile, and once it listens again nginx sends it every new connection of
// its rooms at once, not one connection per fail_timeout. Sockets last a whole game, so
// the new connections here stay open, as players' and spectators' do. Then every room's
// host reloads its page and the restarted server holds all its rooms again (the store's
// room_owners says so) and they play. No acknowledged move is lost.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include "fault_play.h"
#include "test_cluster.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

// The rooms whose lease the store records under `owner`, sorted (the store is asked, not
// a server: the answer cannot depend on which server nginx picks).
std::vector<std::string> rooms_held_by(const std::string& url, const std::string& owner) {
  std::vector<std::string> rooms;
  PGconn* c = PQconnectdb(url.c_str());
  if (PQstatus(c) == CONNECTION_OK) {
    const char* params[] = {owner.c_str()};
    PGresult* r = PQexecParams(c, "SELECT room_id FROM room_owners WHERE owner = $1", 1, nullptr,
                               params, nullptr, nullptr, 0);
    if (PQresultStatus(r) == PGRES_TUPLES_OK)
      for (int i = 0; i < PQntuples(r); ++i) rooms.emplace_back(PQgetvalue(r, i, 0));
    PQclear(r);
  }
  PQfinish(c);
  std::sort(rooms.begin(), rooms.end());
  return rooms;
}

// WebSocket upgrades the server on `port` has accepted (its own /metrics, not nginx's).
long ws_upgrades(unsigned short port) {
  const auto reply = http_get(port, "/metrics", {}, 3000);
  const std::string key = "banmen_http_requests_total{code=\"101\",route=\"/ws\"} ";
  const auto at = reply.body.find(key);
  return at == std::string::npos ? 0 : std::atol(reply.body.c_str() + at + key.size());
}

TEST(FaultCluster, ARestartedServerGetsItsRoomsBackAtOnce) {
  FaultPlay play(test_cluster(2), 12, true);
  ASSERT_TRUE(play.start(4)) << play.error();
  auto& cluster = play.cluster();
  const std::string url = cluster.postgres()->url();
  const auto theirs = rooms_held_by(url, "s2");
  // All 12 random room ids hashed to the first server: about once in 4,000 runs.
  ASSERT_FALSE(theirs.empty()) << "no room hashed to the second server";

  auto& victim = cluster.server(1);
  ASSERT_EQ(::kill(victim.pid(), SIGKILL), 0);
  victim.reap(5000);
  const auto killed = steady_now_ms();
  const auto served_elsewhere = play.wait_for_progress(play.acked_each(), 60000);
  ASSERT_GE(served_elsewhere, 0) << "a room was not served again\n" << cluster.logs();

  ASSERT_TRUE(cluster.start_server(1)) << cluster.error();
  const auto restarted = steady_now_ms();
  // Rounds of one new connection per room of the restarted server, through nginx, until one
  // whole round reaches it. A connection that reached it stays open (as a player's does,
  // which is what kept nginx from trusting a restarted server before); one that went to
  // the other server is closed.
  std::vector<std::unique_ptr<WsClient>> kept;
  long rounds = 0;
  const auto share_back = wait_until(
      [&] {
        ++rounds;
        const long before = ws_upgrades(cluster.server_port(1));
        std::vector<std::unique_ptr<WsClient>> round;
        for (const auto& room : theirs)
          if (auto ws = WsClient::connect(cluster.nginx_port(), 3000, "/ws?room=" + room))
            round.push_back(std::move(ws));
        const long reached = ws_upgrades(cluster.server_port(1)) - before;
        if (reached > 0)
          for (auto& ws : round) kept.push_back(std::move(ws));
        return reached == static_cast<long>(theirs.size());
      },
      30000);
  EXPECT_GE(share_back, 0) << "nginx did not send the restarted server its rooms' connections ("
                           << rounds << " rounds, " << kept.size() << " kept)\n"
                           << cluster.nginx()->error_log();

  // Every host reloads its page: each room goes back to the server nginx routes it to.
  const auto before_reload = play.acked_each();
  play.reload_every_room();
  const auto rooms_back = wait_until(
      [&] {
        const auto now_held = rooms_held_by(url, "s2");
        return std::includes(now_held.begin(), now_held.end(), theirs.begin(), theirs.end());
      },
      30000);
  EXPECT_GE(rooms_back, 0) << "the restarted server did not get its rooms back\n" << cluster.logs();
  EXPECT_GE(play.wait_for_progress(before_reload, 30000), 0) << cluster.logs();
  const auto all_back = steady_now_ms();
  std::cout << "[ measured ] kill -9 of one of two servers behind nginx: its " << theirs.size()
            << " of 12 rooms played again on the other " << served_elsewhere
            << " ms after the kill; restarted, it got every new connection of its rooms "
            << share_back << " ms after listening (" << rounds
            << " rounds), held all its rooms again and every room had played "
            << all_back - restarted << " ms after listening (" << all_back - killed
            << " ms after the kill)\n";
  kept.clear();
  play.finish_and_check();
}

}  // namespace
}  // namespace banmen::test

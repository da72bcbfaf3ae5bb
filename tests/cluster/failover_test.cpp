// The failover proof: PostgreSQL, three banmen-servers in cluster mode and nginx routing by
// room (the shipped location blocks). 300 rooms play random legal games through nginx while
// one server is killed with -9 and later restarted; every room finishes its game, nothing
// any client saw acknowledged is lost, and every stored game replays in the rules core to
// the position the clients reached.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

#include "games/registry.h"
#include "room_driver.h"
#include "stored_game.h"
#include "test_cluster.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

constexpr int kRooms = 300;
constexpr std::size_t kPlyCap = 30;  // a game still going at this length is resigned
// Games without hidden information (every move reads the same to both players).
const char* const kGames[] = {"reversi", "minishogi", "chess", "shogi", "hasami"};
constexpr std::size_t kVictim = 1;  // the server killed with -9 and restarted

void sleep_ms(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

std::size_t total_acked(const std::vector<std::unique_ptr<RoomDriver>>& rooms) {
  std::size_t n = 0;
  for (const auto& r : rooms) n += r->acked_count();
  return n;
}

TEST(ClusterFailover, KillNineAndRestartUnderThreeHundredRooms) {
  ClusterHarness cluster(test_cluster(3));
  ASSERT_EQ(cluster.error(), "");
  ASSERT_TRUE(cluster.start_all()) << cluster.error();
  ASSERT_TRUE(cluster.start_nginx()) << cluster.error();
  const auto started = steady_now_ms();

  ClusterSchedule schedule;
  schedule.deadline_ms = started + 100000;
  std::vector<std::unique_ptr<RoomDriver>> rooms;
  for (int i = 0; i < kRooms; ++i)
    rooms.push_back(std::make_unique<RoomDriver>(
        cluster.nginx_port(), kGames[i % std::size(kGames)], i, schedule, kPlyCap));
  std::vector<std::thread> threads;
  for (auto& r : rooms) threads.emplace_back([&r] { r->run(); });

  // The conductor: kill -9 once every room is under way, bring the server back after its
  // leases ran out, then let every room reconnect once (rooms that moved come back). It
  // never leaves with the room threads running: a failure here ends the rooms at once.
  std::string conductor_error;
  for (int i = 0; i < 600; ++i) {
    const bool all_seated =
        std::all_of(rooms.begin(), rooms.end(), [](const auto& r) { return r->settled(); });
    if (all_seated && total_acked(rooms) >= kRooms * 4u) break;
    sleep_ms(50);
  }
  const auto acked_before_kill = total_acked(rooms);
  std::size_t acked_during_outage = 0;
  auto& victim = cluster.server(kVictim);
  if (::kill(victim.pid(), SIGKILL) != 0) {
    conductor_error = "kill -9 failed";
  } else {
    const int status = victim.reap(5000);
    if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL))
      conductor_error = "the victim did not die of SIGKILL: " + std::to_string(status);
    sleep_ms(kLeaseMs + 2 * kLeaseRenewMs);
    acked_during_outage = total_acked(rooms) - acked_before_kill;
    if (!cluster.start_server(kVictim)) conductor_error = cluster.error();
  }
  if (conductor_error.empty()) {
    // The restarted server gets its rooms' new connections as soon as it listens (the
    // shipped upstreams never set a server aside, deploy/nginx): no visit is needed to
    // make nginx trust it again.
    schedule.reload_round = 1;
    sleep_ms(3000);
  } else {
    schedule.deadline_ms = steady_now_ms();
  }
  schedule.may_finish = true;
  for (auto& t : threads) t.join();
  ASSERT_EQ(conductor_error, "") << cluster.logs();
  const auto played_s = (steady_now_ms() - started) / 1000.0;

  RoomCounters sum;
  std::size_t failures = 0, acked = 0;
  for (const auto& r : rooms) {
    if (!r->failure().empty() && ++failures <= 5) ADD_FAILURE() << r->failure();
    const auto& c = r->counters();
    sum.reconnects += c.reconnects;
    sum.moved_closes += c.moved_closes;
    sum.busy_answers += c.busy_answers;
    sum.failed_joins += c.failed_joins;
    sum.refused_requests += c.refused_requests;
    acked += r->acked().size();
  }
  ASSERT_EQ(failures, 0u) << cluster.logs();
  for (const auto& r : rooms) {
    ASSERT_TRUE(r->over()) << r->room();
    expect_stored_game(cluster.nginx_port(), *r);
    if (HasFatalFailure()) return;
  }
  std::cout << "cluster failover: " << kRooms << " rooms, " << acked << " acknowledged moves in "
            << played_s << " s (" << acked_before_kill << " before the kill, "
            << acked_during_outage << " during the outage); " << sum.reconnects << " rejoins, "
            << sum.moved_closes << " closes 4003, " << sum.busy_answers << " room_busy, "
            << sum.failed_joins << " failed joins, " << sum.refused_requests
            << " refused requests\n";
  // The outage was felt (the victim's rooms moved) and the rooms kept playing meanwhile.
  EXPECT_GT(sum.reconnects, kRooms);  // the reload round alone is one per room
  EXPECT_GT(acked_during_outage, 0u);
  // The restarted server took its rooms back from the others: handovers closed with 4003.
  EXPECT_GT(sum.moved_closes, 0);
}

}  // namespace
}  // namespace banmen::test

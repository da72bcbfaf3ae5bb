// Integration: at least 200 rooms playing random legal games at the same time, each to its
// end, every final state equal to replaying its moves in the rules core.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

TEST(ServerConcurrency, TwoHundredRoomsPlayToTheEnd) {
  const std::vector<std::string> games{"reversi", "hasami", "minishogi", "chess", "shogi"};
  ServerProcess server({"--max-rooms-per-address", "5000", "--messages-per-second", "5000",
                        "--message-burst", "10000", "--max-connections-per-address", "10000"});
  ASSERT_TRUE(server.ok()) << server.log();
  constexpr int kRooms = 200;
  constexpr int kThreads = 8;
  std::atomic<int> finished{0};
  std::vector<std::string> failures(kRooms);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each thread keeps its rooms open together and moves them round-robin, so every
      // room has a game in progress at the same time.
      std::vector<std::unique_ptr<Match>> matches;
      std::vector<int> ids;
      for (int i = t; i < kRooms; i += kThreads) {
        auto m = std::make_unique<Match>();
        const auto& game = games[static_cast<std::size_t>(i) % games.size()];
        if (auto r = open_match(server.port(), *m, {{"game", game}}); !r) {
          failures[static_cast<std::size_t>(i)] = r.message();
          continue;
        }
        matches.push_back(std::move(m));
        ids.push_back(i);
      }
      std::mt19937 rng(static_cast<unsigned>(t));
      std::vector<bool> done(matches.size(), false);
      for (int round = 0; round < 2000; ++round) {
        bool any = false;
        for (std::size_t k = 0; k < matches.size(); ++k) {
          if (done[k]) continue;
          auto& m = *matches[k];
          const auto& game = games[static_cast<std::size_t>(ids[k]) % games.size()];
          auto r = play_random(m, rng, 1);
          if (!r) {
            failures[static_cast<std::size_t>(ids[k])] = r.message();
            done[k] = true;
            continue;
          }
          if (!m.a.game_over.is_null() && !m.b.game_over.is_null()) {
            done[k] = true;
            auto same = replay_matches(game, m.a.game_over);
            if (!same)
              failures[static_cast<std::size_t>(ids[k])] = same.message();
            else
              finished++;
            continue;
          }
          any = true;
        }
        if (!any) break;
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int i = 0; i < kRooms; ++i)
    EXPECT_TRUE(failures[static_cast<std::size_t>(i)].empty())
        << "room " << i << ": " << failures[static_cast<std::size_t>(i)];
  EXPECT_EQ(finished.load(), kRooms);
}

}  // namespace
}  // namespace banmen::testing

// banmen-arena: measures the engine's levels against each other. For each game and each
// level L in the range, L plays L-1 over many fast games: each opening (a few random
// plies) is played twice with the colours swapped, every move goes through the rules
// core, and the result is printed as a Markdown table row with the Elo difference and its
// 95% confidence interval (the table in docs/engine.md).
//
//   banmen-arena [--game G] [--from L] [--to L] [--games N] [--scale F] [--threads T]
//
// --scale multiplies each level's own thinking time (1: the product's times); the arena's
// figures are for the scale it ran at, which the table states.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "elo.h"
#include "engine/engine.h"
#include "engine/levels.h"

namespace {

using banmen::arena::MatchScore;

struct Options {
  std::string game;  // empty: every game the engine plays
  int from = 2, to = 8, games = 200, threads = 1, max_plies = 300;
  double scale = 0.05;
};

int opening_plies(std::string_view id) {
  return id == "reversi" ? 6 : id == "dogcat" ? 4 : id == "hasami" ? 4 : 3;
}

// One game from a random opening; returns the result for `strong` (1, 0.5 or 0).
double play_game(std::string_view id, int strong, int weak, bool strong_first, std::uint64_t seed,
                 const Options& o) {
  auto created = banmen::create_game(id);
  if (!created.ok()) return 0.5;
  auto& g = *created;
  std::mt19937_64 opening(seed);
  for (int i = 0; i < opening_plies(id) && !g->over(); ++i) {
    const auto moves = g->legal_moves();
    (void)g->apply(moves[opening() % moves.size()]);
  }
  std::mt19937_64 rng(seed * 31 + 7);
  for (int ply = 0; ply < o.max_plies && !g->over(); ++ply) {
    const bool strong_to_move = (g->to_move() == 0) == strong_first;
    const int level = strong_to_move ? strong : weak;
    banmen::engine::EngineRequest r;
    r.level = level;
    r.budget_ms = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(banmen::engine::level_spec(level).time_ms * o.scale));
    r.seed = rng();
    auto reply = banmen::engine::think(*g, banmen::seat_viewer(g->to_move()), r);
    if (!reply.ok() || !g->apply(reply->move).ok()) {
      std::fprintf(stderr, "error: %s: engine move refused at %s\n", std::string(id).c_str(),
                   g->position().c_str());
      std::exit(1);
    }
  }
  const auto out = g->outcome();
  if (out.kind != banmen::Outcome::Kind::win) return 0.5;
  const int strong_seat = strong_first ? 0 : 1;
  return out.winner == strong_seat ? 1.0 : 0.0;
}

MatchScore match(std::string_view id, int strong, int weak, const Options& o) {
  MatchScore total;
  std::mutex m;
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i; (i = next++) < o.games;) {
      const std::uint64_t opening_seed = 1000 + static_cast<std::uint64_t>(i / 2);
      const double r = play_game(id, strong, weak, i % 2 == 0, opening_seed, o);
      std::lock_guard lock(m);
      (r == 1.0 ? total.wins : r == 0.0 ? total.losses : total.draws)++;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  return total;
}

int usage() {
  std::fprintf(stderr,
               "error: usage: banmen-arena [--game G] [--from L] [--to L] [--games N] "
               "[--scale F] [--threads T] [--max-plies P]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    const char* v = argv[++i];
    if (a == "--game")
      o.game = v;
    else if (a == "--from")
      o.from = std::atoi(v);
    else if (a == "--to")
      o.to = std::atoi(v);
    else if (a == "--games")
      o.games = std::atoi(v);
    else if (a == "--scale")
      o.scale = std::atof(v);
    else if (a == "--threads")
      o.threads = std::atoi(v);
    else if (a == "--max-plies")
      o.max_plies = std::atoi(v);
    else
      return usage();
  }
  if (o.from < 2 || o.to > 8 || o.from > o.to || o.games < 2 || o.games > 100000 || o.threads < 1 ||
      o.threads > 64 || o.scale <= 0 || o.max_plies < 1)
    return usage();
  std::vector<std::string_view> ids;
  for (auto id : banmen::game_ids())
    if (banmen::engine::engine_supports(id) && (o.game.empty() || id == o.game)) ids.push_back(id);
  if (ids.empty()) return usage();
  std::printf("| game | match | games | wins-draws-losses | Elo | 95%% interval |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (auto id : ids)
    for (int level = o.from; level <= o.to; ++level) {
      const auto start = std::chrono::steady_clock::now();
      const MatchScore s = match(id, level, level - 1, o);
      const auto e = banmen::arena::elo_difference(s);
      const auto secs =
          std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start)
              .count();
      std::printf("| %s | %d vs %d | %d | %d-%d-%d | %+.0f | %+.0f .. %+.0f |\n",
                  std::string(id).c_str(), level, level - 1, s.games(), s.wins, s.draws, s.losses,
                  e.elo, e.low, e.high);
      std::fprintf(stderr, "%s %d vs %d: %lld s\n", std::string(id).c_str(), level, level - 1,
                   static_cast<long long>(secs));
      std::fflush(stdout);
    }
  return 0;
}

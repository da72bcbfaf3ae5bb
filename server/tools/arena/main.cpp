// banmen-arena: measures the engine's levels against each other. For each game and each
// level L in the range, L plays L-1 over many fast games: each opening (a few random
// plies) is played twice with the colours swapped, every move goes through the rules
// core, and the result is printed as a Markdown table row with the Elo difference and its
// 95% confidence interval (the table in docs/engine.md).
//
//   banmen-arena [--game G] [--from L] [--to L] [--gap D] [--games N] [--scale F] [--threads T]
//   banmen-arena --uci ENGINE [--go LIMIT] [--levels L,L,..] [--game G] [--games N] ...
//
// --gap D plays L against L-D instead (8 against 6: --from 8 --to 8 --gap 2). --game also
// takes a variant of Fairy-Stockfish's catalogue by its name (crazyhouse, xiangqi).
// --scale multiplies each level's own thinking time (1: the product's times); the arena's
// figures are for the scale it ran at, which the table states. With --uci each listed
// level plays the outside UCI engine instead (outside_match.h), the engine limited by
// `go LIMIT` (default "nodes 1000"): a node or depth limit, so its strength does not
// depend on the machine's load.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "elo.h"
#include "engine/engine.h"
#include "engine/levels.h"
#include "fairy/factory.h"
#include "games/registry.h"
#include "outside_match.h"
#include "play.h"
#include "uci_notation.h"

namespace {

using banmen::arena::MatchScore;

struct Options {
  std::string game;  // empty: every game the engine plays
  int from = 2, to = 8, games = 200, threads = 1, max_plies = 300;
  int gap = 1;  // level L plays L - gap
  double scale = 0.05;
  std::string uci, go = "nodes 1000";   // the outside engine and its limit
  std::vector<int> levels{1, 4, 6, 8};  // our levels against it
  int move_timeout_ms = 60000;
};

// One game from a random opening; returns the result for `strong` (1, 0.5 or 0).
double play_game(std::string_view id, int strong, int weak, bool strong_first, std::uint64_t seed,
                 const Options& o) {
  auto created = banmen::arena::create_arena_game(id);
  if (!created.ok()) return 0.5;
  auto& g = *created;
  banmen::arena::play_opening(*g, seed);
  std::mt19937_64 rng(seed * 31 + 7);
  for (int ply = 0; ply < o.max_plies && !g->over(); ++ply) {
    const bool strong_to_move = (g->to_move() == 0) == strong_first;
    const auto move = banmen::arena::level_move(*g, strong_to_move ? strong : weak, o.scale, rng());
    if (!move.ok() || !g->apply(*move).ok()) {
      std::fprintf(stderr, "error: %s: engine move refused at %s\n", std::string(id).c_str(),
                   g->position().c_str());
      std::exit(1);
    }
  }
  return banmen::arena::result_for(*g, strong_first ? 0 : 1);
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
               "error: usage: banmen-arena [--game G] [--from L] [--to L] [--gap D] [--games N] "
               "[--scale F] [--threads T] [--max-plies P]\n"
               "       banmen-arena --uci ENGINE [--go LIMIT] [--levels L,L,..] [--game G] "
               "[--games N] [--scale F] [--threads T] [--max-plies P] [--move-timeout MS]\n");
  return 2;
}

// "1,4,6,8" -> {1, 4, 6, 8}; empty if any entry is not a level.
std::vector<int> parse_levels(const std::string& text) {
  std::vector<int> levels;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const int l = std::atoi(item.c_str());
    if (l < banmen::engine::kMinLevel || l > banmen::engine::kMaxLevel) return {};
    levels.push_back(l);
  }
  return levels;
}

void print_row(std::string_view id, const std::string& match_name, const MatchScore& s) {
  const auto e = banmen::arena::elo_difference(s);
  std::printf("| %s | %s | %d | %d-%d-%d | %+.0f | %+.0f .. %+.0f |\n", std::string(id).c_str(),
              match_name.c_str(), s.games(), s.wins, s.draws, s.losses, e.elo, e.low, e.high);
  std::fflush(stdout);
}

// The --uci mode: each listed level against the outside engine.
int run_outside(const std::vector<std::string_view>& ids, const Options& o) {
  banmen::arena::OutsideOptions uo;
  uo.engine_path = o.uci;
  uo.go = o.go;
  uo.games = o.games, uo.threads = o.threads, uo.max_plies = o.max_plies;
  uo.scale = o.scale, uo.move_timeout_ms = o.move_timeout_ms;
  for (auto id : ids)
    for (int level : o.levels) {
      const auto start = std::chrono::steady_clock::now();
      MatchScore s;
      std::string error;
      if (!banmen::arena::outside_match(id, level, uo, s, error)) {
        std::fprintf(stderr, "error: %s, level %d: %s\n", std::string(id).c_str(), level,
                     error.c_str());
        return 1;
      }
      print_row(id, std::to_string(level) + " vs outside (go " + o.go + ")", s);
      std::fprintf(stderr, "%s %d vs outside: %lld s\n", std::string(id).c_str(), level,
                   static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(
                                              std::chrono::steady_clock::now() - start)
                                              .count()));
    }
  return 0;
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
    else if (a == "--gap")
      o.gap = std::atoi(v);
    else if (a == "--games")
      o.games = std::atoi(v);
    else if (a == "--scale")
      o.scale = std::atof(v);
    else if (a == "--threads")
      o.threads = std::atoi(v);
    else if (a == "--max-plies")
      o.max_plies = std::atoi(v);
    else if (a == "--uci")
      o.uci = v;
    else if (a == "--go")
      o.go = v;
    else if (a == "--levels")
      o.levels = parse_levels(v);
    else if (a == "--move-timeout")
      o.move_timeout_ms = std::atoi(v);
    else
      return usage();
  }
  if (o.gap < 1 || o.from - o.gap < 1 || o.to > 8 || o.from > o.to || o.games < 2 ||
      o.games > 100000 || o.threads < 1 || o.threads > 64 || o.scale <= 0 || o.max_plies < 1 ||
      o.levels.empty() || o.go.empty() || o.go.size() > 100 ||
      o.go.find('\n') != std::string::npos || o.move_timeout_ms < 1)
    return usage();
  std::vector<std::string_view> ids;
  for (auto id : banmen::game_ids())
    if (banmen::engine::engine_supports(id) && (o.game.empty() || id == o.game) &&
        (o.uci.empty() || !banmen::arena::uci_variant(id).empty()))
      ids.push_back(id);
  // A catalogue variant by its name (crazyhouse, xiangqi), not among the registry's games.
  if (ids.empty() && !o.game.empty() && !banmen::find_game(o.game) &&
      banmen::fairy::named_variant(o.game) &&
      (o.uci.empty() || !banmen::arena::uci_variant(o.game).empty()))
    ids.push_back(o.game);
  if (ids.empty()) return usage();
  std::printf("| game | match | games | wins-draws-losses | Elo | 95%% interval |\n");
  std::printf("|---|---|---|---|---|---|\n");
  if (!o.uci.empty()) return run_outside(ids, o);
  for (auto id : ids)
    for (int level = o.from; level <= o.to; ++level) {
      const auto start = std::chrono::steady_clock::now();
      const MatchScore s = match(id, level, level - o.gap, o);
      print_row(id, std::to_string(level) + " vs " + std::to_string(level - o.gap), s);
      const auto secs =
          std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start)
              .count();
      std::fprintf(stderr, "%s %d vs %d: %lld s\n", std::string(id).c_str(), level, level - o.gap,
                   static_cast<long long>(secs));
    }
  return 0;
}

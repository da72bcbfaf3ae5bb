// banmen-bench: perft speed of every game through the rules seam.
//
// Each case runs Game::perft once at the root (one virtual call; the game's own concrete
// move generation does the rest) and reports nodes per second. The figures go into
// docs/performance.md; they are measurements, never test assertions.
//
//   banmen-bench                 the standard suite (all six games)
//   banmen-bench --game chess    only that game's cases
//   banmen-bench --game G --position P --depth N   one custom case
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/registry.h"

namespace {

struct Case {
  std::string game;
  std::string label;
  std::string position;  // empty: the start position
  int depth;
};

// Standard positions: starts, and the published positions with pieces in hand or
// with every kind of special move.
const std::vector<Case> kSuite = {
    {"shogi", "start", "", 5},
    {"shogi", "hands", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3},
    {"minishogi", "start", "", 6},
    {"dogcat", "start", "", 4},
    {"hasami", "start", "", 4},
    {"chess", "start", "", 5},
    {"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     4},
    {"reversi", "start", "", 9},
    // Fairy chess on 10x8 and 10x10 (compared with Fairy-Stockfish in docs/performance.md).
    {"capablanca", "start", "", 5},
    {"grand", "start", "", 4},
};

int usage() {
  std::fprintf(stderr,
               "error: usage: banmen-bench [--game G] [--position P] [--depth N] [--repeat R]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string only_game, position;
  int depth = -1, repeat = 3;
  for (int i = 1; i < argc; ++i) {
    auto is = [&](const char* flag) { return std::strcmp(argv[i], flag) == 0 && i + 1 < argc; };
    if (is("--game"))
      only_game = argv[++i];
    else if (is("--position"))
      position = argv[++i];
    else if (is("--depth"))
      depth = std::atoi(argv[++i]);
    else if (is("--repeat"))
      repeat = std::atoi(argv[++i]);
    else
      return usage();
  }
  if (repeat < 1 || repeat > 100) return usage();

  std::vector<Case> cases;
  if (depth >= 0) {
    if (only_game.empty()) return usage();
    cases.push_back({only_game, position.empty() ? "start" : "custom", position, depth});
  } else {
    for (const auto& c : kSuite)
      if (only_game.empty() || c.game == only_game) cases.push_back(c);
  }

  std::printf("%-10s %-9s %5s %14s %10s %10s\n", "game", "position", "depth", "nodes", "best s",
              "Mnodes/s");
  for (const auto& c : cases) {
    auto game = banmen::create_game(c.game, c.position);
    if (!game) {
      std::printf("%-10s %-9s %5d %s\n", c.game.c_str(), c.label.c_str(), c.depth,
                  game.error().message.c_str());
      continue;
    }
    double best = 1e300;
    std::uint64_t nodes = 0;
    for (int r = 0; r < repeat; ++r) {  // best of `repeat` runs: the least disturbed one
      auto t0 = std::chrono::steady_clock::now();
      nodes = (*game)->perft(c.depth);
      std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
      best = std::min(best, dt.count());
    }
    std::printf("%-10s %-9s %5d %14llu %10.3f %10.1f\n", c.game.c_str(), c.label.c_str(), c.depth,
                static_cast<unsigned long long>(nodes), best,
                best > 0 ? static_cast<double>(nodes) / best / 1e6 : 0.0);
    std::fflush(stdout);
  }
  return 0;
}

// banmen-bench: perft speed of every game through the rules seam.
//
// Each case runs Game::perft once at the root (one virtual call; the game's own concrete
// move generation does the rest) and reports nodes per second. The figures go into
// docs/performance.md; they are measurements, never test assertions.
//
// `--apply` measures instead what the server does once per move: Game::apply of one move
// text from outside (parse, legality check, play), with no perft. Each game replays a
// fixed line of up to 80 plies from its start (each ply the legal move at a fixed index
// of legal_moves()), many times over, and reports microseconds per applied move.
//
//   banmen-bench                 the standard suite (the six games, Capablanca, grand)
//   banmen-bench --game chess    only that game's cases
//   banmen-bench --game G --position P --depth N   one custom case
//   banmen-bench --apply [--game G]               the apply micro-benchmark
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "games/registry.h"

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
               "error: usage: banmen-bench [--game G] [--position P] [--depth N] [--repeat R] "
               "[--apply]\n");
  return 2;
}

// The fixed line a game's apply case replays: ply i plays legal_moves()[(7 * i) % n].
std::vector<std::string> fixed_line(const banmen::Game& start, std::size_t plies) {
  std::vector<std::string> line;
  auto game = start.clone();
  for (std::size_t i = 0; i < plies && !game->over(); ++i) {
    auto moves = game->legal_moves();
    if (moves.empty()) break;
    line.push_back(moves[(7 * i) % moves.size()]);
    if (!game->apply(line.back())) break;
  }
  return line;
}

int run_apply(const std::string& only_game, int repeat) {
  std::printf("%-10s %6s %10s %12s\n", "game", "plies", "applies", "us/apply");
  for (auto id : banmen::game_ids()) {
    if (!only_game.empty() && id != only_game) continue;
    auto start = banmen::create_game(id);
    if (!start) continue;
    const auto line = fixed_line(**start, 80);
    if (line.empty()) continue;
    const int rounds = 2000;
    double best = 1e300;
    for (int r = 0; r < repeat; ++r) {  // best of `repeat` runs: the least disturbed one
      auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < rounds; ++k) {
        auto game = (*start)->clone();
        for (const auto& move : line)
          if (!game->apply(move))
            return std::fprintf(stderr, "error: %s refused\n", move.c_str()), 1;
      }
      std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
      best = std::min(best, dt.count());
    }
    const double applies = static_cast<double>(rounds) * static_cast<double>(line.size());
    std::printf("%-10s %6zu %10.0f %12.3f\n", std::string(id).c_str(), line.size(), applies,
                best / applies * 1e6);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string only_game, position;
  int depth = -1, repeat = 3;
  bool apply = false;
  for (int i = 1; i < argc; ++i) {
    auto is = [&](const char* flag) { return std::strcmp(argv[i], flag) == 0 && i + 1 < argc; };
    if (std::strcmp(argv[i], "--apply") == 0)
      apply = true;
    else if (is("--game"))
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
  if (apply) return run_apply(only_game, repeat);

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

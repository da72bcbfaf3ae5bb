// Perft speed of the shogi move generator, single-threaded: nodes per second from the
// start position and from a middle-game position with pieces in hand.
// usage: shogi_bench [depth-from-start=5] [depth-with-hands=3]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "shogi/movegen.h"
#include "shogi/sfen.h"

namespace {

void run(const char* name, const char* sfen, int depth) {
  using namespace banmen::shogi;
  auto pos = parse_sfen(shogi_variant(), sfen);
  if (!pos) {
    std::printf("%s: %s\n", name, pos.error().message.c_str());
    return;
  }
  // Wall time and process CPU time: on a shared machine the CPU figure is the fair one.
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  const std::uint64_t nodes = perft(*pos, depth);
  const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-12s depth %d  %10llu nodes  wall %6.3f s %6.1f M/s  cpu %6.3f s %6.1f M/s\n", name,
              depth, static_cast<unsigned long long>(nodes), s, nodes / s / 1e6, cpu,
              nodes / cpu / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  const int start_depth = argc > 1 ? std::atoi(argv[1]) : 5;
  const int hands_depth = argc > 2 ? std::atoi(argv[2]) : 3;
  run("start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", start_depth);
  run("with-hands", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
      hands_depth);
  return 0;
}

// banmen-rules with --game dogcat: perft, moves, play and the per-viewer view.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "commands.h"

namespace dogcat_test {
namespace {

std::string run(std::vector<std::string> args, int want = 0) {
  std::istringstream in;
  std::ostringstream out, err;
  EXPECT_EQ(banmen::cli::run(args, in, out, err), want) << err.str();
  return out.str() + err.str();
}

TEST(DogcatCli, PerftMovesPlayView) {
  EXPECT_EQ(run({"perft", "--game", "dogcat", "--depth", "2"}), "2500\n");
  const std::string moves = run({"moves", "--game", "dogcat"});
  EXPECT_EQ(std::count(moves.begin(), moves.end(), '\n'), 50);
  EXPECT_EQ(moves.substr(0, 6), "?B*1d\n");
  EXPECT_EQ(run({"play", "--game", "dogcat", "?R*2e", "?G*3b", "2e2c"}),
            "5/2?g2/3!R1/5/5 w ?K?B?G?S?k?r?b?s 4\nw no_king_proven\n");
  const std::string pos = "5/2?g2/5/3?R1/5 w ?K?B?G?S?k?r?b?s 4";
  EXPECT_EQ(run({"view", "--game", "dogcat", "--position", pos, "--viewer", "w"}),
            "5/2?g2/5/3?X1/5 w ?X?X?X?X?k?r?b?s 4\n");
  EXPECT_EQ(run({"view", "--game", "dogcat", "--position", pos, "--viewer", "b"}),
            "5/2?x2/5/3?R1/5 w ?K?B?G?S?x?x?x?x 4\n");
  EXPECT_EQ(run({"view", "--game", "dogcat", "--position", pos, "--viewer", "spectator"}),
            "5/2?x2/5/3?X1/5 w ?X?X?X?X?x?x?x?x 4\n");
  EXPECT_EQ(run({"play", "--game", "dogcat", "?R*3c"}, 1),
            "error: illegal move ?R*3c at ply 1: a hidden piece may be dropped only in your own "
            "camp (ranks d and e)\n");
}

}  // namespace
}  // namespace dogcat_test

// The command-line contract of banmen-rules that does not depend on any one game.
#include <gtest/gtest.h>

#include <sstream>

#include "commands.h"

namespace banmen::cli {
namespace {

struct Run {
  int code;
  std::string out, err;
};

Run run_cli(std::vector<std::string> args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  int code = run(args, in, out, err);
  return {code, out.str(), err.str()};
}

TEST(RulesCli, NoCommandIsAUsageError) {
  auto r = run_cli({});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

TEST(RulesCli, UnknownCommandGameAndArgumentsExitTwo) {
  EXPECT_EQ(run_cli({"dance", "--game", "chess"}).code, 2);
  auto r = run_cli({"moves", "--game", "go"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown game 'go'"), std::string::npos);
  EXPECT_EQ(run_cli({"moves"}).code, 2);
  EXPECT_EQ(run_cli({"moves", "--game", "chess", "--frobnicate"}).code, 2);
  EXPECT_EQ(run_cli({"perft", "--game", "chess"}).code, 2);
  EXPECT_EQ(run_cli({"view", "--game", "chess"}).code, 2);
  EXPECT_EQ(run_cli({"moves", "--game", "chess", "--position"}).code, 2);
}

TEST(RulesCli, BadDepthExitsTwo) {
  for (auto id : {"shogi", "chess", "reversi"}) {
    for (auto d : {"-1", "x", "3x", "100"}) {
      auto r = run_cli({"perft", "--game", id, "--depth", d});
      EXPECT_EQ(r.code, 2) << id << " " << d;
      EXPECT_EQ(r.err.rfind("error: ", 0), 0u);
    }
  }
}

TEST(RulesCli, BadPositionExitsTwoAndBatchReportsItPerLine) {
  for (auto id : {"shogi", "minishogi", "dogcat", "hasami", "chess", "reversi"}) {
    auto r = run_cli({"moves", "--game", id, "--position", "this is not a position"});
    EXPECT_EQ(r.code, 2) << id;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << id;
    auto b = run_cli({"moves", "--game", id, "--batch"}, "garbage\n");
    EXPECT_EQ(b.code, 0) << id;
    EXPECT_EQ(b.out.rfind("error: ", 0), 0u) << id;
  }
}

}  // namespace
}  // namespace banmen::cli

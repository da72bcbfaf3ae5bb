// The legality shortcuts (legal_moves() takes most moves as legal without testing them: a
// piece off every line to its king, out of check; in check, a move that neither takes nor
// blocks) against the whole test of every move (legal_moves(out, false)), at every position
// of seeded random games of every variant known by name. The hopper variants, where a move
// onto a line or a capture on it can make a screen, get more games: a janggi cannon taken
// in front of another cannon was once taken for legal (found by a longer differential run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "fairy/variant_file.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

// The moves of both lists in UCI, or "" when they agree.
std::string shortcut_difference(const Position& pos, const MoveList& quick, const MoveList& whole) {
  auto text = [&](const MoveList& list) {
    std::string s;
    for (const Move& m : list) s += uci_move(pos, m) + " ";
    return s;
  };
  if (quick.size == whole.size && std::equal(quick.begin(), quick.end(), whole.begin())) return "";
  return "\n  shortcuts " + text(quick) + "\n  whole     " + text(whole);
}

// Plays `games` random games of up to `plies` plies; returns the positions compared.
int compare_random_games(const std::string& name, int games, int plies, std::mt19937& rng) {
  const Rules& rules = test::catalogue_rules(name);
  int compared = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = test::position_of(rules, "");
    for (int ply = 0; ply < plies; ++ply) {
      MoveList quick, whole;
      pos.legal_moves(quick);
      pos.legal_moves(whole, false);
      ++compared;
      const std::string difference = shortcut_difference(pos, quick, whole);
      EXPECT_EQ(difference, "") << name << " " << write_fen(pos);
      if (!difference.empty() || whole.size == 0) break;
      std::uniform_int_distribution<int> pick(0, whole.size - 1);
      pos.make(whole[pick(rng)]);
    }
  }
  return compared;
}

bool has_hoppers_or_lines(const Rules& r) {
  return !r.hop_attacks[0].empty() || !r.hop_attacks[1].empty() || r.diagonals;
}

TEST(FairyLegalityShortcut, AgreesWithTheWholeTestOnRandomGamesOfEveryVariant) {
  std::mt19937 rng(36);
  std::vector<std::string> names;
  for (const auto& d : builtin_variants().variants) names.push_back(d.name);
  for (const auto& d : catalogue_variants().variants) names.push_back(d.name);
  int positions = 0;
  for (const std::string& name : names) {
    const bool hoppers = has_hoppers_or_lines(test::catalogue_rules(name));
    positions += compare_random_games(name, hoppers ? 24 : 3, hoppers ? 160 : 80, rng);
  }
  std::printf("%zu variants, %d positions compared\n", names.size(), positions);
}

}  // namespace
}  // namespace banmen::fairy

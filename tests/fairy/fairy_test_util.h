#pragma once
// Helpers for the fairy-chess tests: a built-in variant's compiled rules and positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fairy/factory.h"
#include "fairy/fen.h"
#include "fairy/notation.h"
#include "fairy/rules.h"

namespace banmen::fairy::test {

// The compiled rules of a built-in variant (compiled once, kept for the test run).
inline const Rules& builtin_rules(const std::string& name) {
  static std::map<std::string, Rules> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    const VariantDefinition* d = builtin_variants().find(name);
    EXPECT_NE(d, nullptr) << name;
    std::string error;
    auto rules = compile_rules(*d, error);
    EXPECT_TRUE(rules.has_value()) << error;
    it = cache.emplace(name, std::move(*rules)).first;
  }
  return it->second;
}

// One perft expectation: a variant, a position (empty: its start), a depth and the count.
struct PerftCase {
  const char* variant;
  const char* fen;
  int depth;
  std::uint64_t count;
};

inline Position position_of(const Rules& rules, const std::string& fen) {
  std::string error;
  auto pos = parse_fen(rules, fen.empty() ? rules.start_fen : fen, error);
  EXPECT_TRUE(pos.has_value()) << fen << ": " << error;
  return pos ? std::move(*pos) : Position(rules);
}

// The compiled rules of a variant known by name (built-ins and the catalogue).
inline const Rules& catalogue_rules(const std::string& name) {
  auto v = named_variant(name);
  EXPECT_TRUE(v) << name;
  static std::map<std::string, std::shared_ptr<const VariantRules>> kept;
  kept[name] = v;
  return v->rules;
}

// A game of a variant known by name, from a FEN (empty: its start).
inline GamePtr catalogue_game(const std::string& variant, const std::string& fen = "") {
  auto g = create_fairy_game(named_variant(variant), fen);
  EXPECT_TRUE(g.ok()) << variant << " " << fen;
  return g.ok() ? std::move(*g) : nullptr;
}

// Each case's perft from its position, for variants of a definition file (Fairy-Stockfish's
// counts, measured with that file as its VariantPath).
template <std::size_t N>
void expect_file_perft(const char* path, const PerftCase (&cases)[N]) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  for (const PerftCase& c : cases) {
    auto loaded = load_variant(text.str(), c.variant);
    ASSERT_TRUE(loaded.ok()) << c.variant;
    Position pos = position_of((*loaded)->rules, c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen << " depth " << c.depth;
  }
}

// Each case's perft from its position, for variants known by name (Fairy-Stockfish's counts).
template <std::size_t N>
void expect_catalogue_perft(const PerftCase (&cases)[N]) {
  for (const PerftCase& c : cases) {
    Position pos = position_of(catalogue_rules(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
}

// The legal moves of a variant known by name from a FEN, sorted.
inline std::vector<std::string> sorted_moves(const std::string& variant, const std::string& fen) {
  auto g = catalogue_game(variant, fen);
  if (!g) return {};
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  return moves;
}

inline bool lists(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace banmen::fairy::test

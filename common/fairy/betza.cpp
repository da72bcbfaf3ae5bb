#include "fairy/betza.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>
#include <tuple>

namespace banmen::fairy {
namespace {

struct Atom {
  int a = 0;  // the longer leg of the leap
  int b = 0;  // the shorter leg
  bool rider = false;
};

// The atoms a letter stands for; compound letters (K, Q) stand for two.
std::vector<Atom> atoms_of(char letter) {
  switch (letter) {
    case 'W':
      return {{1, 0, false}};
    case 'F':
      return {{1, 1, false}};
    case 'D':
      return {{2, 0, false}};
    case 'N':
      return {{2, 1, false}};
    case 'A':
      return {{2, 2, false}};
    case 'H':
      return {{3, 0, false}};
    case 'C':
      return {{3, 1, false}};
    case 'Z':
      return {{3, 2, false}};
    case 'G':
      return {{3, 3, false}};
    case 'K':
      return {{1, 0, false}, {1, 1, false}};
    case 'R':
      return {{1, 0, true}};
    case 'B':
      return {{1, 1, true}};
    case 'Q':
      return {{1, 0, true}, {1, 1, true}};
    default:
      return {};
  }
}

// Every (file, rank) step of a leap with legs a >= b, in all its symmetric directions.
std::vector<std::pair<int, int>> symmetric_steps(int a, int b) {
  std::set<std::pair<int, int>> steps;
  for (int sa : {-1, 1})
    for (int sb : {-1, 1}) {
      steps.insert({sa * a, sb * b});
      steps.insert({sb * b, sa * a});
    }
  return {steps.begin(), steps.end()};
}

// Whether one direction group (a run of f b l r s v h, e.g. "f", "fl", "ff", "fs")
// selects a step. A single letter selects a half-plane (f: forward, b: backward, l, r),
// s and v the sideways and vertical halves; a pair narrows the first by the second:
// for diagonals "fl" is the one forward-left step, for oblique leaps "ff" the steep
// forward pair and "fs" the flat forward pair. h stands for both halves of the other
// letter's axis (so "fh" is the whole forward side).
bool group_selects(std::string_view group, int df, int dr) {
  auto single = [&](char c) {
    switch (c) {
      case 'f':
        return dr > 0;
      case 'b':
        return dr < 0;
      case 'l':
        return df < 0;
      case 'r':
        return df > 0;
      case 'v':
        return std::abs(dr) > std::abs(df) || (df == 0);
      case 's':
        return std::abs(df) > std::abs(dr) || (dr == 0);
      case 'h':
        return true;
      default:
        return false;
    }
  };
  if (group.size() == 1) return single(group[0]);
  const char first = group[0];
  const char second = group[1];
  if (first == second) {  // ff, bb, ll, rr: the steep half of that side
    const bool steep =
        (first == 'f' || first == 'b') ? std::abs(dr) > std::abs(df) : std::abs(df) > std::abs(dr);
    return single(first) && steep;
  }
  if (second == 's' && (first == 'f' || first == 'b'))
    return single(first) && std::abs(df) > std::abs(dr);
  if (second == 'v' && (first == 'l' || first == 'r'))
    return single(first) && std::abs(dr) > std::abs(df);
  return single(first) && single(second);
}

bool is_direction(char c) {
  return std::string_view("fblrsvh").find(c) != std::string_view::npos;
}

// The two-letter direction groups: f or b narrowed by l r s h or doubled, and l or r
// narrowed by v h or doubled. Any other neighbour starts a group of its own.
bool pairs_with(char first, char second) {
  if (first == 'f' || first == 'b')
    return second == first || std::string_view("lrsh").find(second) != std::string_view::npos;
  if (first == 'l' || first == 'r') return second == first || second == 'v' || second == 'h';
  return false;
}

}  // namespace

std::optional<BetzaPiece> parse_betza(std::string_view text, std::string& error) {
  if (text.empty()) {
    error = "an empty Betza string";
    return std::nullopt;
  }
  if (text.size() > max_betza_length) {
    error = "a Betza string longer than " + std::to_string(max_betza_length) + " characters";
    return std::nullopt;
  }
  BetzaPiece piece;
  std::size_t i = 0;
  while (i < text.size()) {
    bool move_only = false;
    bool capture_only = false;
    bool lame = false;
    std::vector<std::string> groups;
    // Modifiers come before their atom, in any order.
    while (i < text.size() && std::islower(static_cast<unsigned char>(text[i]))) {
      const char c = text[i];
      if (c == 'm') {
        move_only = true;
      } else if (c == 'c') {
        capture_only = true;
      } else if (c == 'n') {
        lame = true;
      } else if (is_direction(c)) {
        // A direction letter pairs with the next one when both are directions and the
        // pair is one of the two-letter groups; otherwise it stands alone.
        if (i + 1 < text.size() && pairs_with(c, text[i + 1])) {
          groups.push_back(std::string{c, text[i + 1]});
          i += 2;
          continue;
        }
        groups.emplace_back(1, c);
      } else {
        error = std::string("an unsupported Betza modifier '") + c + "' at position " +
                std::to_string(i + 1);
        return std::nullopt;
      }
      ++i;
    }
    if (i >= text.size()) {
      error = "Betza modifiers without an atom at the end";
      return std::nullopt;
    }
    const char letter = text[i];
    std::vector<Atom> atoms = atoms_of(letter);
    if (atoms.empty()) {
      error = std::string("an unknown Betza atom '") + letter + "' at position " +
              std::to_string(i + 1);
      return std::nullopt;
    }
    ++i;
    int range = -1;  // -1: the atom's own (1 for leapers, unlimited for riders)
    if (i < text.size() && text[i] == letter) {  // a doubled atom rides without limit
      range = 0;
      ++i;
    } else if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      int n = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        n = n * 10 + (text[i] - '0');
        if (n > 12) {
          error = "a Betza range above 12";
          return std::nullopt;
        }
        ++i;
      }
      if (n == 0) {
        error = "a Betza range of 0";
        return std::nullopt;
      }
      range = n;
    }
    if (move_only && capture_only) {
      error = "both m and c on one Betza atom";
      return std::nullopt;
    }
    for (const Atom& atom : atoms) {
      for (const auto& step : symmetric_steps(atom.a, atom.b)) {
        // Named, not a structured binding: clang before 16 cannot capture bindings in a lambda.
        const int df = step.first;
        const int dr = step.second;
        if (!groups.empty() &&
            std::none_of(groups.begin(), groups.end(),
                         [&](const std::string& g) { return group_selects(g, df, dr); }))
          continue;
        BetzaVector v;
        v.file_step = df;
        v.rank_step = dr;
        v.max_steps = range >= 0 ? range : (atom.rider ? 0 : 1);
        v.moves = !capture_only;
        v.captures = !move_only;
        v.lame = lame && (atom.a > 1) && v.max_steps == 1;
        if (std::find(piece.vectors.begin(), piece.vectors.end(), v) == piece.vectors.end())
          piece.vectors.push_back(v);
      }
    }
  }
  return piece;
}

}  // namespace banmen::fairy

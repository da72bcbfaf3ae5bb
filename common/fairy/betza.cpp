#include "fairy/betza.h"

#include <algorithm>
#include <array>
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

// Direction groups as Fairy-Stockfish reads them. A letter pairs with the next when they
// are the same, or one is vertical (f b v h) and the other horizontal (r l s h); a letter
// alone counts as doubled ("f" is "ff"). Of a leap with legs a >= b, each of the eight
// steps below is selected by the groups listed with it: "ff" the steep forward pair,
// "fs" the flat forward pair, "fr" the flat forward-right step and "rf" the steep one,
// "fh" the whole forward side, and so on.
struct StepGroups {
  int df_b, df_a, dr_b, dr_a;  // the step is (df_b * b + df_a * a, dr_b * b + dr_a * a)
  std::array<std::string_view, 7> groups;
};
constexpr std::array<StepGroups, 8> step_groups{{
    {1, 0, 0, 1, {"ff", "vv", "rf", "rv", "fh", "rh", "hr"}},
    {-1, 0, 0, -1, {"bb", "vv", "lb", "lv", "bh", "lh", "hr"}},
    {0, 1, -1, 0, {"rr", "ss", "br", "bs", "bh", "rh", "hr"}},
    {0, -1, 1, 0, {"ll", "ss", "fl", "fs", "fh", "lh", "hr"}},
    {0, 1, 1, 0, {"rr", "ss", "fr", "fs", "fh", "rh", "hl"}},
    {0, -1, -1, 0, {"ll", "ss", "bl", "bs", "bh", "lh", "hl"}},
    {1, 0, 0, -1, {"bb", "vv", "rb", "rv", "bh", "rh", "hl"}},
    {-1, 0, 0, 1, {"ff", "vv", "lf", "lv", "fh", "lh", "hl"}},
}};

// Whether group `g` selects the step (df, dr) of the leap (a, b).
bool group_selects(std::string_view g, int a, int b, int df, int dr) {
  for (const StepGroups& s : step_groups) {
    if (s.df_b * b + s.df_a * a != df || s.dr_b * b + s.dr_a * a != dr) continue;
    if (std::find(s.groups.begin(), s.groups.end(), g) != s.groups.end()) return true;
  }
  return false;
}

bool is_direction(char c) {
  return std::string_view("fblrsvh").find(c) != std::string_view::npos;
}

bool pairs_with(char first, char second) {
  auto vertical = [](char c) { return std::string_view("fbvh").find(c) != std::string_view::npos; };
  auto horizontal = [](char c) {
    return std::string_view("rlsh").find(c) != std::string_view::npos;
  };
  return second == first || (vertical(first) && horizontal(second)) ||
         (horizontal(first) && vertical(second));
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
    bool initial = false;
    BetzaVector::Hop hop = BetzaVector::Hop::none;
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
      } else if (c == 'i') {
        initial = true;
      } else if (c == 'e') {
        piece.en_passant = true;
      } else if (c == 'p' || c == 'g') {
        hop = c == 'p' ? BetzaVector::Hop::cannon : BetzaVector::Hop::grasshopper;
      } else if (is_direction(c)) {
        // A direction letter pairs with the next one when both are directions and the
        // pair is one of the two-letter groups; otherwise it stands alone.
        if (i + 1 < text.size() && pairs_with(c, text[i + 1])) {
          groups.push_back(std::string{c, text[i + 1]});
          i += 2;
          continue;
        }
        groups.emplace_back(2, c);  // alone: doubled
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
    // Fairy-Stockfish hops along ranks, files and diagonals only, and without a range (it
    // plays pR2 as pR); anything else is refused rather than played differently.
    if (hop != BetzaVector::Hop::none) {
      const bool line =
          std::all_of(atoms.begin(), atoms.end(), [](const Atom& a) { return a.a == 1; });
      if (!line || lame) {
        error = std::string("a hopper (p, g) on '") + letter + "' at position " +
                std::to_string(i) + ": hoppers move along ranks, files and diagonals only";
        return std::nullopt;
      }
      if (range > 0) {
        error = "a hopper (p, g) with a range at position " + std::to_string(i);
        return std::nullopt;
      }
    }
    // A letter of one orthogonal atom (W, D, H, R) has no step between two directions, so
    // a pair of two different letters stands for both, each doubled (fsW: forward and both
    // sides, the xiangqi soldier's), as Fairy-Stockfish reads it.
    const bool one_orthogonal = atoms.size() == 1 && atoms[0].b == 0;
    auto selects = [&](const std::string& g, const Atom& atom, int df, int dr) {
      if (!one_orthogonal || g[0] == g[1]) return group_selects(g, atom.a, atom.b, df, dr);
      return group_selects(std::string(2, g[0]), atom.a, atom.b, df, dr) ||
             group_selects(std::string(2, g[1]), atom.a, atom.b, df, dr);
    };
    // Initial moves are quiet only; an initial capture-only atom gives no move at all.
    if (initial && hop != BetzaVector::Hop::none) {
      error = "an initial hopper (i with p or g) at position " + std::to_string(i);
      return std::nullopt;
    }
    if (initial && capture_only) continue;
    for (const Atom& atom : atoms) {
      // Fairy-Stockfish plays lame leapers only on the dabbaba's, knight's, alfil's and
      // janggi elephant's leaps (D, N, A, Z): any other lame leap (nC, nH, nG) gives it no
      // move, and so none here.
      const bool known_lame = (atom.a == 2 && atom.b <= 2) || (atom.a == 3 && atom.b == 2);
      if (lame && range < 0 && !atom.rider && atom.a > 1 && !known_lame) continue;
      for (const auto& step : symmetric_steps(atom.a, atom.b)) {
        // Named, not a structured binding: clang before 16 cannot capture bindings in a lambda.
        const int df = step.first;
        const int dr = step.second;
        if (!groups.empty() &&
            std::none_of(groups.begin(), groups.end(),
                         [&](const std::string& g) { return selects(g, atom, df, dr); }))
          continue;
        BetzaVector v;
        v.file_step = df;
        v.rank_step = dr;
        v.max_steps = range >= 0 ? range : (atom.rider ? 0 : 1);
        v.moves = !capture_only;
        v.captures = !move_only;
        v.lame = lame && (atom.a > 1) && v.max_steps == 1;
        v.hop = hop;
        if (initial) {
          v.initial = true;
          v.captures = false;
        }
        if (hop != BetzaVector::Hop::none) v.max_steps = 0;
        if (std::find(piece.vectors.begin(), piece.vectors.end(), v) == piece.vectors.end())
          piece.vectors.push_back(v);
      }
    }
  }
  return piece;
}

}  // namespace banmen::fairy

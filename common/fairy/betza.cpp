#include "fairy/betza.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <numeric>
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

// Fairy-Stockfish does not walk a piece's moves one by one: per modality (quiet, capture,
// initial quiet) it takes every line kind the piece has (a ride along ranks, files or
// diagonals, a cannon hop, a grasshopper hop, a lame dabbaba or alfil leap), each on all
// the directions of its axis, and masks the union with every square the modality's moves
// reach on an empty board. A kind can so go further than written: R2pR rides like R,
// fRbpR rides backwards too, rnDlpR leaps lamely to the left. Where that gives a square
// the written moves would not, the piece is refused rather than played differently.
// The moves of a modality, seen along one of the eight lines from the piece.
struct LineMoves {
  std::array<bool, 13> mask{};  // distances a move of the modality reaches on an empty board
  std::array<bool, 13> leap{};  // distances a plain leap reaches
  int ride = 0;                 // the farthest distance of a written ride (12: unlimited)
  int cannon = 0;               // the farthest distance of a written cannon hop
  bool grasshopper = false;
  bool lame_two = false;  // a lame leap to distance 2 (nD, nA)
};

// The axis a line belongs to for Fairy-Stockfish's kinds: 0 ranks, 1 files, 2 diagonals;
// its lame leaps pair files and ranks (3).
int axis_of(int df, int dr) {
  return df && dr ? 2 : dr ? 1 : 0;
}

// A move as Fairy-Stockfish files it: in one of its three tables (steps, rides, hops), for
// one modality (a vector here with either moves or captures set; an initial one, moves).
// A later atom of the same table, modality and step replaces an earlier one (NnN is nN).
// An inert move gives no move there (nW, nC) but still widens the modality's mask.
struct Entry {
  BetzaVector v;
  int table = 0;  // 0 steps, 1 rides, 2 hops
  bool inert = false;
};

std::optional<std::string> merged_line_error(const std::vector<Entry>& entries) {
  constexpr int far = 12;
  for (int modality = 0; modality < 3; ++modality) {
    auto in_modality = [&](const BetzaVector& v) {
      return (v.initial ? 2 : v.moves ? 0 : 1) == modality;
    };
    std::array<std::array<LineMoves, 3>, 3> lines{};  // by (df + 1, dr + 1)
    // Which kinds a modality has, by axis (a lame leap by its orthogonal or diagonal kind).
    std::array<bool, 3> ride_axis{}, cannon_axis{}, grasshopper_axis{};
    std::array<bool, 2> lame_axis{};  // orthogonal, diagonal
    for (const Entry& e : entries) {
      const BetzaVector& v = e.v;
      if (!in_modality(v)) continue;
      const int k = std::gcd(std::abs(v.file_step), std::abs(v.rank_step));
      const int uf = v.file_step / k, ur = v.rank_step / k;
      if (std::abs(uf) > 1 || std::abs(ur) > 1) continue;  // off the lines (N, C, Z)
      LineMoves& line = lines[static_cast<std::size_t>(uf + 1)][static_cast<std::size_t>(ur + 1)];
      const int axis = axis_of(uf, ur);
      const bool hop = v.hop != BetzaVector::Hop::none;
      // A grasshopper's mask, as an unlimited cannon's, is its whole line.
      const int reach = v.max_steps ? std::min(far, k * v.max_steps) : far;
      for (int d = hop ? 1 : k; d <= reach; d += hop ? 1 : k)
        line.mask[static_cast<std::size_t>(d)] = true;
      if (e.inert) continue;
      if (v.hop == BetzaVector::Hop::grasshopper) {
        line.grasshopper = grasshopper_axis[static_cast<std::size_t>(axis)] = true;
      } else if (hop) {
        line.cannon = std::max(line.cannon, reach);
        cannon_axis[static_cast<std::size_t>(axis)] = true;
      } else if (e.table == 1) {
        line.ride = std::max(line.ride, reach);
        ride_axis[static_cast<std::size_t>(axis)] = true;
      } else if (v.lame && k == 2) {
        line.lame_two = lame_axis[axis == 2 ? 1 : 0] = true;
      } else if (!v.lame) {
        line.leap[static_cast<std::size_t>(k)] = true;
      }
    }
    for (int uf = -1; uf <= 1; ++uf)
      for (int ur = -1; ur <= 1; ++ur) {
        if (!uf && !ur) continue;
        const LineMoves& line =
            lines[static_cast<std::size_t>(uf + 1)][static_cast<std::size_t>(ur + 1)];
        const auto axis = static_cast<std::size_t>(axis_of(uf, ur));
        for (int d = 1; d <= far; ++d) {
          const auto i = static_cast<std::size_t>(d);
          if (!line.mask[i] || line.leap[i]) continue;
          // Each kind reaches d on some board; the written moves must reach it on each.
          const bool ride_ok = line.ride >= d || (d == 2 && line.lame_two);
          const bool fails =
              (ride_axis[axis] && !ride_ok) ||
              (d == 2 && lame_axis[axis == 2 ? 1 : 0] && !ride_ok) ||
              (d >= 2 && cannon_axis[axis] && line.cannon < d) ||
              (d >= 2 && grasshopper_axis[axis] && !line.grasshopper && line.cannon < d);
          if (fails)
            return "moves along one line that Fairy-Stockfish merges: its rides, hops and lame "
                   "leaps go wherever any move of the piece goes on an empty board (as R2pR "
                   "rides like R), which this piece's moves do not";
        }
      }
  }
  return std::nullopt;
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
  std::vector<Entry> entries;
  auto file = [&](const Entry& e) {
    auto same = [&](const Entry& o) {
      return o.table == e.table && o.v.initial == e.v.initial && o.v.moves == e.v.moves &&
             o.v.file_step == e.v.file_step && o.v.rank_step == e.v.rank_step;
    };
    auto it = std::find_if(entries.begin(), entries.end(), same);
    if (it == entries.end())
      entries.push_back(e);
    else
      *it = e;
  };
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
      // Fairy-Stockfish reads one digit: it would take "R10" as a range of 1 and drop the 0.
      if (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
        error = "a Betza range of more than one digit at position " + std::to_string(i + 1);
        return std::nullopt;
      }
      range = text[i] - '0';
      ++i;
      if (range == 0) {
        error = "a Betza range of 0";
        return std::nullopt;
      }
    }
    if (move_only && capture_only) {
      error = "both m and c on one Betza atom";
      return std::nullopt;
    }
    // Fairy-Stockfish hops along ranks, files and diagonals only; anything else is refused
    // rather than played differently.
    if (hop != BetzaVector::Hop::none) {
      const bool line =
          std::all_of(atoms.begin(), atoms.end(), [](const Atom& a) { return a.a == 1; });
      if (!line || lame) {
        error = std::string("a hopper (p, g) on '") + letter + "' at position " +
                std::to_string(i) + ": hoppers move along ranks, files and diagonals only";
        return std::nullopt;
      }
      // A hopper's range counts from the hopper, as Fairy-Stockfish masks it: pR3 lands at
      // most three squares away, wherever the screen stands. A range of 1 makes the
      // grasshopper (pR1 is gR), and a longer one a cannon (gR2 is pR2).
      if (range == 1) hop = BetzaVector::Hop::grasshopper;
      if (range >= 2) hop = BetzaVector::Hop::cannon;
    }
    // Fairy-Stockfish rides only along ranks, files and diagonals and as the nightrider:
    // its riders of longer leaps (DD, A2) have no move there, and are refused here.
    const bool rides = range == 0 || range >= 2 || atoms[0].rider;
    if (hop == BetzaVector::Hop::none && rides &&
        std::any_of(atoms.begin(), atoms.end(),
                    [](const Atom& a) { return a.a > 2 || (a.a == 2 && a.b != 1); })) {
      error = std::string("a rider on '") + letter + "' at position " + std::to_string(i) +
              ", which Fairy-Stockfish gives no move";
      return std::nullopt;
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
      // janggi elephant's leaps (D, N, A, Z): any other lame leap (nW, nC, nH, nG) gives it
      // no move, and so none here.
      const bool known_lame = (atom.a == 2 && atom.b <= 2) || (atom.a == 3 && atom.b == 2);
      const int table = hop != BetzaVector::Hop::none ? 2 : rides ? 1 : 0;
      const bool inert = lame && table == 0 && !known_lame;
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
        v.lame = lame && table == 0 && known_lame;
        v.hop = hop;
        v.initial = initial;
        if (hop != BetzaVector::Hop::none) v.max_steps = range >= 2 ? range : 0;
        // One entry a modality; an initial move is quiet only.
        for (bool quiet : {true, false}) {
          if (quiet ? capture_only : move_only || initial) continue;
          v.moves = quiet;
          v.captures = !quiet;
          file({v, table, inert});
        }
      }
    }
  }
  if (auto merged = merged_line_error(entries)) {
    error = "a Betza string with " + *merged;
    return std::nullopt;
  }
  // A quiet move and a capture alike on one step make one vector that does both.
  std::vector<bool> taken(entries.size(), false);
  for (std::size_t a = 0; a < entries.size(); ++a) {
    if (taken[a] || entries[a].inert) continue;
    BetzaVector v = entries[a].v;
    for (std::size_t b = a + 1; b < entries.size() && v.moves && !v.initial; ++b) {
      BetzaVector c = entries[b].v;
      c.moves = true;
      c.captures = false;
      if (!taken[b] && !entries[b].inert && entries[b].v.captures && c == v) {
        v.captures = taken[b] = true;
        break;
      }
    }
    if (std::find(piece.vectors.begin(), piece.vectors.end(), v) == piece.vectors.end())
      piece.vectors.push_back(v);
  }
  return piece;
}

}  // namespace banmen::fairy

#include "fairy/move_bound.h"

#include <algorithm>
#include <array>
#include <functional>
#include <vector>

namespace banmen::fairy {
namespace {

// Two ways of counting, both sound for a side with k pieces on a board of n squares; the
// bound is the larger over k of the smaller of the two.
//
// By square: a piece on a square makes at most as many moves as it has targets from there
// on the empty board (blockers only shorten rides), and at most one target per square it
// does not occupy itself (n - k), each target multiplied by its promotion choices.
//
// By direction: a target square s is reached along a ride direction d only from the first
// occupied square behind s (looking back along d), and by a leap of offset o only from
// s - o, so each direction and each leap offset gives at most one move-target per square
// not held by the side (n - k); a leap also at most one per piece (k). A unique piece (the
// royal king, which no promotion creates) counts once with all its moves.

// The moves a piece of `type` makes to one target when the move enters, leaves or stays in
// its promotion zone: its promotion, with pieceDemotion its demotion where some type promotes
// to it, and the plain move unless promotion is mandatory (a quiet move with
// piecePromotionOnCapture stays one plain move).
int zone_multiplicity(const Rules& r, int type) {
  const bool promotes = r.promoted_type[static_cast<std::size_t>(type)] >= 0;
  const bool demotes = r.piece_demotion && std::find(r.promoted_type.begin(), r.promoted_type.end(),
                                                     type) != r.promoted_type.end();
  const int choices = (promotes ? 1 : 0) + (demotes ? 1 : 0);
  return choices == 0 ? 1 : choices + (r.mandatory_piece_promotion ? 0 : 1);
}

struct Target {
  int to;
  int multiplicity;
};

// The distinct targets of a non-pawn type from `from` on the empty board, with how many
// moves each gives (a promotable piece entering, leaving or moving within its zone: two
// unless promotion is mandatory).
std::vector<Target> piece_targets(const Rules& r, int color, int type, int from) {
  const PieceRules& p = r.types[static_cast<std::size_t>(type)];
  const int in_zone = zone_multiplicity(r, type);
  // A type that promotes as a pawn (promotionPawnTypes): each promotion choice onto its
  // promotion region, beside the plain move and a piece promotion.
  const bool pawn_like = r.promotion_pawn_types[color] >> type & 1;
  std::vector<Target> out;
  out.reserve(64);
  std::array<bool, board_cells> seen{};
  auto add = [&](int to) {
    if (seen[static_cast<std::size_t>(to)]) return;
    seen[static_cast<std::size_t>(to)] = true;
    const bool zone = r.promotion_zone[color][from] || r.promotion_zone[color][to];
    int moves = zone ? in_zone : 1;
    if (pawn_like && r.promotion_zone[color][to])
      moves += static_cast<int>(r.promotion_types[color].size());
    out.push_back({to, moves});
  };
  for (const Leap& l : p.leaps[color])
    if (r.on_board(from + l.offset)) add(from + l.offset);
  for (const Ride& ride : p.rides[color]) {
    int to = from + ride.offset;
    for (int steps = 1; r.on_board(to); ++steps, to += ride.offset) {
      add(to);
      if (ride.max_steps && steps >= ride.max_steps) break;
    }
  }
  // A hop lands at least two squares away (beyond a screen); every square of its line from
  // there may be a target.
  for (const Hop& hop : p.hops[color])
    for (int to = from + 2 * hop.offset; r.on_board(to) && r.on_board(to - hop.offset);
         to += hop.offset)
      add(to);
  for (const Leap& l : p.soldier_side_leaps[color])
    if (r.on_board(from + l.offset)) add(from + l.offset);
  // Initial moves, from the double step region.
  if (r.double_step_zone[color][from]) {
    for (const Leap& l : p.initial_leaps[color])
      if (r.on_board(from + l.offset)) add(from + l.offset);
    for (const Ride& ride : p.initial_rides[color]) {
      int to = from + ride.offset;
      for (int steps = 1; r.on_board(to); ++steps, to += ride.offset) {
        add(to);
        if (ride.max_steps && steps >= ride.max_steps) break;
      }
    }
  }
  // The diagonal lines' moves: steps, or rides and hops along the diagonals.
  if (p.diagonal != PieceRules::Diagonal::none && r.diagonal_lines[from])
    for (int d : Rules::diagonal_offsets)
      for (int to = from + d; r.on_board(to); to += d) {
        if (r.diagonal_lines[to]) add(to);
        if (p.diagonal == PieceRules::Diagonal::step || p.diagonal == PieceRules::Diagonal::forward)
          break;
      }
  return out;
}

// The moves a pawn's step to `to` can give: the plain move and each promotion choice.
int pawn_multiplicity(const Rules& r, int color, int to) {
  if (!r.promotion_zone[color][to]) return 1;
  const int choices = static_cast<int>(r.promotion_types[color].size()) +
                      (r.promoted_type[static_cast<std::size_t>(r.pawn)] >= 0 ? 1 : 0);
  // En passant onto the square gives one move even where a capture would promote.
  return std::max(1, choices + (r.mandatory_promotion ? 0 : 1));
}

std::vector<Target> pawn_targets(const Rules& r, int color, int from) {
  std::vector<Target> out;
  const int one = from + r.push(color);
  auto add = [&](int to) {
    if (r.on_board(to)) out.push_back({to, pawn_multiplicity(r, color, to)});
  };
  add(one);
  if (r.double_step_zone[color][from]) add(one + r.push(color));
  if (r.triple_step_zone[color][from]) add(one + 2 * r.push(color));
  add(one - 1);
  add(one + 1);
  return out;
}

// Whether no position can hold two pieces of `type` of one side: the royal king (the FEN
// reader refuses a second one) when no promotion makes one.
bool unique_type(const Rules& r, int color, int type) {
  if (type != r.king) return false;
  for (int t : r.promotion_types[color])
    if (t == type) return false;
  return std::none_of(r.promoted_type.begin(), r.promoted_type.end(),
                      [&](std::int8_t t) { return t == type; });
}

int bound_for(const Rules& r, int color) {
  std::vector<int> squares;
  squares.reserve(static_cast<std::size_t>(r.files * r.ranks));
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) squares.push_back(square_of(f, k));
  const int n = static_cast<int>(squares.size());

  // By square: for each square and each possible number of targets, the most moves a
  // piece there can make (prefix sums of its targets' multiplicities, largest first).
  std::vector<std::vector<int>> best(squares.size(), std::vector<int>(n + 1, 0));
  int unique_moves = 0;             // the unique piece's most moves from any square
  std::vector<int> multiplicities;  // one buffer for every square and type
  multiplicities.reserve(board_cells);
  for (std::size_t s = 0; s < squares.size(); ++s)
    for (int t = 0; t < static_cast<int>(r.types.size()); ++t) {
      const bool pawn = r.types[static_cast<std::size_t>(t)].pawn;
      std::vector<Target> targets =
          pawn ? pawn_targets(r, color, squares[s]) : piece_targets(r, color, t, squares[s]);
      multiplicities.clear();
      for (const Target& x : targets) multiplicities.push_back(x.multiplicity);
      std::sort(multiplicities.begin(), multiplicities.end(), std::greater<>());
      int sum = 0;
      for (int j = 1; j <= n; ++j) {
        if (j <= static_cast<int>(multiplicities.size()))
          sum += multiplicities[static_cast<std::size_t>(j - 1)];
        best[s][static_cast<std::size_t>(j)] = std::max(best[s][static_cast<std::size_t>(j)], sum);
      }
      if (unique_type(r, color, t)) unique_moves = std::max(unique_moves, sum);
    }

  // By direction: each distinct ride direction and leap offset of the non-unique pieces,
  // with the most moves one of its targets can give; the pawn's four steps likewise.
  // A way is a leap offset (kind 0: one target per piece), or a ride (1), cannon hop (2) or
  // grasshopper hop (3) direction: a target is reached along it only from the first (ride),
  // second (cannon) or first beyond the next square (grasshopper) occupied square behind it.
  struct Way {
    int offset;
    int kind;
    int multiplicity;
    bool ride;  // counted per free square (kinds 1-3), not per piece
  };
  std::vector<Way> ways;
  auto add_way = [&](int offset, int kind, int mult) {
    for (Way& w : ways)
      if (w.offset == offset && w.kind == kind) {
        w.multiplicity = std::max(w.multiplicity, mult);
        return;
      }
    ways.push_back({offset, kind, mult, kind != 0});
  };
  int pawn_extra = 0;  // promotion choices beyond the first, per pawn step into the zone
  for (int t = 0; t < static_cast<int>(r.types.size()); ++t) {
    const PieceRules& p = r.types[static_cast<std::size_t>(t)];
    if (unique_type(r, color, t)) continue;
    if (p.pawn) {
      // The pawn's steps (forward, double, two captures) as four ways of one target per
      // free square; a step into the promotion zone adds its other choices.
      for (int i = 0; i < 5; ++i) add_way(board_cells + i, 0, 1);
      for (int from : squares) {
        const int one = from + r.push(color);
        const int steps[] = {one, r.double_step_zone[color][from] ? one + r.push(color) : 0,
                             r.triple_step_zone[color][from] ? one + 2 * r.push(color) : 0, one - 1,
                             one + 1};
        for (int to : steps)
          if (to && r.on_board(to)) pawn_extra += pawn_multiplicity(r, color, to) - 1;
      }
      continue;
    }
    const int mult =
        zone_multiplicity(r, t) + ((r.promotion_pawn_types[color] >> t & 1)
                                       ? static_cast<int>(r.promotion_types[color].size())
                                       : 0);
    for (const Leap& l : p.leaps[color]) add_way(l.offset, 0, mult);
    for (const Leap& l : p.soldier_side_leaps[color]) add_way(l.offset, 0, mult);
    for (const Leap& l : p.initial_leaps[color]) add_way(l.offset, 0, mult);
    for (const Ride& ride : p.initial_rides[color]) add_way(ride.offset, 1, mult);
    for (const Ride& ride : p.rides[color]) add_way(ride.offset, 1, mult);
    for (const Hop& hop : p.hops[color]) add_way(hop.offset, hop.grasshopper ? 3 : 2, mult);
    using Diagonal = PieceRules::Diagonal;
    if (r.diagonals && p.diagonal != Diagonal::none)
      for (int d : Rules::diagonal_offsets)
        add_way(d, p.diagonal == Diagonal::ride ? 1 : p.diagonal == Diagonal::hop ? 2 : 0, mult);
  }

  int bound = 0;
  std::vector<int> per_square;
  per_square.reserve(squares.size());
  for (int k = 1; k <= n; ++k) {
    const int free = n - k;  // squares the side does not hold
    per_square.clear();
    for (std::size_t s = 0; s < squares.size(); ++s)
      per_square.push_back(best[s][static_cast<std::size_t>(free)]);
    std::sort(per_square.begin(), per_square.end(), std::greater<>());
    long by_square = 0;
    for (int i = 0; i < k; ++i) by_square += per_square[static_cast<std::size_t>(i)];
    long by_direction = unique_moves + pawn_extra;
    for (const Way& w : ways)
      by_direction += static_cast<long>(w.multiplicity) * (w.ride ? free : std::min(free, k));
    bound = std::max(bound, static_cast<int>(std::min(by_square, by_direction)));
  }
  // Drops: each type (and its promoted type with dropPromoted) on each square at most.
  int drops = 0;
  if (r.drops)
    for (std::size_t t = 0; t < r.types.size(); ++t)
      drops += (r.drop_promoted && r.promoted_type[t] >= 0 ? 2 : 1) * n;
  // Gating: a move from a square of the castling rank (where gates are) may also gate any
  // type on the square it leaves; castling on either of its two squares.
  int gating = 0;
  if (r.seirawan_gating) {
    const int rank = color == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    for (std::size_t s = 0; s < squares.size(); ++s)
      if (rank_of(squares[s]) == rank) gating += best[s][static_cast<std::size_t>(n)];
    gating = (gating + 4) * static_cast<int>(r.types.size());
  }
  // Sittuyin's promotions: each pawn, in place or on one of the new piece's targets.
  int sittuyin = 0;
  if (r.sittuyin_promotion && r.pawn >= 0)
    for (int t : r.promotion_types[color]) {
      int most = 0;
      for (int sq : squares)
        most = std::max(most, static_cast<int>(piece_targets(r, color, t, sq).size()) + 1);
      sittuyin += most * n;
    }
  const long moves =
      bound + drops + gating + sittuyin + (r.castling ? 2 : 0) + (r.pass[color] ? 1 : 0);
  if (r.walling == Walling::none) return static_cast<int>(moves);
  // Walls: each move with each square it may wall: the square left (past), a square the
  // moved piece reaches from where it landed (arrow: at most its targets from one square),
  // or any other square of the board. With wallOrMove only the wall pass carries them.
  long walls = n - 1;
  if (r.walling == Walling::past) walls = 1;
  if (r.walling == Walling::arrow) {
    walls = 0;
    for (int sq : squares)
      for (int t = 0; t < static_cast<int>(r.types.size()); ++t)
        walls = std::max(walls, static_cast<long>(piece_targets(r, color, t, sq).size()));
  }
  const long walled = r.wall_or_move ? moves + walls : moves * walls;
  return static_cast<int>(std::min<long>(walled, 1L << 30));
}

}  // namespace

int pseudo_legal_move_bound(const Rules& rules) {
  return std::max(bound_for(rules, white), bound_for(rules, black));
}

}  // namespace banmen::fairy

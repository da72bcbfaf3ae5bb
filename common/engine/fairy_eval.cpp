// Fairy-chess evaluation. A variant may bring pieces nobody has valued before (a room's own
// customPiece1), so every piece is valued by its moves, on one scale for all variants:
// a leap is worth 40, a diagonal ride 100 and an orthogonal ride 125 (a short ride in
// proportion to its reach), a move that only captures or only moves counts 0.6 or 0.4 of
// one that does both, a lame leap 0.8, and a piece that can never leave its square colour
// (the bishop, fers, alfil) 0.825 of what it would be worth otherwise. The knight, bishop,
// rook and queen come out at 320, 330, 500 and 900, the archbishop 720, the chancellor 820,
// the amazon 1220, the fers 132 and the silver general 200. A pawn is 100.
//
// A piece whose mobility region keeps it in a part of the board (xiangqi's elephant on its
// own side, the advisor in the palace) counts 0.5 + 0.5 * sqrt(share of the board), a
// lame leap over two squares (janggi's elephant) 0.8 per square that may block it, and the
// part its hops make shrinks as the board empties (fewer screens). Pieces in hand count
// their board value (drops: 10% and 10 more; gating: 90%).
//
// On top of the material: pieces towards the centre, pawns towards their promotion zone
// (worth more as the board empties and as what they become is worth more), the king
// behind its pieces while they are many and central when they are few, and the piece
// that wins by reaching a flag zone (king of the hill) drawn towards it; a soldier across
// the river worth its sideways steps, one not yet across less; the pieces that stand in a
// confined king's region (the palace) as its guards; with drops, the empty squares around
// a king counted against it by what the other side holds in hand.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/fairy_node.h"

namespace banmen::engine {
// Named, not anonymous: the engine is built as one unity source, where the chess
// evaluation's helpers and its `using namespace chess` share the anonymous namespace.
namespace fairy_terms {

using fairy::board_width, fairy::Cell, fairy::empty_cell, fairy::Leap, fairy::PieceRules,
    fairy::Position, fairy::Ride, fairy::Rules, fairy::square_of, fairy::white, fairy::black;

constexpr double kLeap = 40, kDiagonalRide = 100, kOrthogonalRide = 125, kColourBound = 0.825;

double modality(bool moves, bool captures) {
  return moves && captures ? 1.0 : captures ? 0.6 : moves ? 0.4 : 0.0;
}

// A board offset's file and rank steps (the board is board_width cells wide).
void steps_of(int offset, int& file, int& rank) {
  rank = (offset + board_width / 2 + board_width * 8) / board_width - 8;
  file = offset - rank * board_width;
}

bool changes_colour(int offset) {
  int f, r;
  steps_of(offset, f, r);
  return (std::abs(f) + std::abs(r)) % 2 == 1;
}

bool orthogonal(int offset) {
  int f, r;
  steps_of(offset, f, r);
  return f == 0 || r == 0;
}

// Chebyshev distance from the board's nearest edge, capped at 3 (0 on the edge).
int board_centrality(const Rules& r, int sq) {
  const int f = fairy::file_of(sq), k = fairy::rank_of(sq);
  const int df = std::min(f, r.files - 1 - f), dk = std::min(k, r.ranks - 1 - k);
  return std::min({df, dk, 3});
}

// Whether the piece of `type` may stand on every square of the board (no mobility region).
double region_share(const Rules& r, int type) {
  int allowed = 0;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k)
      if (r.may_stand[white][static_cast<std::size_t>(square_of(f, k))] >> type & 1u) ++allowed;
  return static_cast<double>(allowed) / (r.files * r.ranks);
}

int fairy_side_score(const Position& pos, const FairyValues& v, int color, double phase) {
  const Rules& r = pos.rules();
  int score = 0;
  if (r.hands())
    for (std::size_t t = 0; t < r.types.size(); ++t)
      score += v.hand[t] * pos.in_hand(color, static_cast<int>(t));
  int king_sq = -1;
  const bool promotes = !r.promotion_types[color].empty();
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      const Cell c = pos.at(sq);
      if (c == empty_cell || fairy::cell_color(c) != color) continue;
      const int t = fairy::cell_type(c);
      score += v.piece[t];
      if (v.hop[t]) score -= static_cast<int>(v.hop[t] * 0.5 * (1.0 - phase));
      if (v.soldier_side[t])
        score += r.soldier_zone[color][static_cast<std::size_t>(sq)] ? v.soldier_side[t] / 2
                                                                     : -v.soldier_side[t] / 4;
      if (t == r.pawn) {
        if (!promotes || r.promotion_zone[color][sq]) continue;
        // Ranks advanced, as a share of the way to the nearest rank of the zone.
        const int advanced = color == white ? k : r.ranks - 1 - k;
        int zone = r.ranks - 1;
        for (int z = 0; z < r.ranks; ++z) {
          const int zsq = square_of(f, color == white ? z : r.ranks - 1 - z);
          if (r.promotion_zone[color][zsq]) {
            zone = z;
            break;
          }
        }
        // A definition may put the zone on the pawn's own first rank (zone 0).
        const double progress =
            zone > 0 ? std::clamp(static_cast<double>(advanced) / zone, 0.0, 1.0) : 1.0;
        score += static_cast<int>((v.best_promotion - 100) * progress * progress *
                                  (0.05 + 0.25 * (1.0 - phase)));
      } else if (t == r.king && r.types[t].royal) {
        king_sq = sq;
        const int from_home = color == white ? k : r.ranks - 1 - k;
        score +=
            static_cast<int>(-12 * from_home * phase + 10 * board_centrality(r, sq) * (1 - phase));
      } else {
        score += std::min(v.piece[t], 500) / 64 * board_centrality(r, sq);
      }
      if (r.flag_piece(color, t)) {
        int nearest = 99;
        for (int zf = 0; zf < r.files; ++zf)
          for (int zk = 0; zk < r.ranks; ++zk)
            if (r.flag_zone[color][square_of(zf, zk)])
              nearest = std::min(nearest, std::max(std::abs(zf - f), std::abs(zk - k)));
        score += 30 * std::max(0, 8 - nearest);
      }
    }
  if (king_sq < 0) return score;
  const int king = fairy::cell_type(pos.at(king_sq));
  if (v.palace) {
    // The guards: every other piece of the side that stands where its king may go.
    for (int f = 0; f < r.files; ++f)
      for (int k = 0; k < r.ranks; ++k) {
        const int sq = square_of(f, k);
        const Cell c = pos.at(sq);
        if (sq != king_sq && fairy::holds_piece_of(c, color) &&
            (r.may_stand[color][static_cast<std::size_t>(sq)] >> king & 1u))
          score += 20;
      }
  }
  if (v.drops) {
    int their_hand = 0;
    for (std::size_t t = 0; t < r.types.size(); ++t)
      their_hand += v.piece[t] * pos.in_hand(color ^ 1, static_cast<int>(t));
    int open = 0;
    for (int step : fairy::king_steps)
      if (pos.at(king_sq + step) == empty_cell) ++open;
    score -= open * std::min(their_hand, 2000) / 40;
  }
  return score;
}

}  // namespace fairy_terms

int fairy_piece_value(const fairy::PieceRules& piece) {
  using namespace fairy_terms;  // here only: a unity build shares this file's scope
  bool bound = true;
  for (const Leap& l : piece.leaps[white]) bound = bound && !changes_colour(l.offset);
  for (const Ride& d : piece.rides[white]) bound = bound && !changes_colour(d.offset);
  double value = 0;
  for (const Leap& l : piece.leaps[white])
    value += kLeap * modality(l.moves, l.captures) * std::pow(0.8, l.path_length);
  for (const Ride& d : piece.rides[white]) {
    const double reach = d.max_steps == 0 ? 1.0 : std::min(d.max_steps, 7) / 7.0;
    const double ride = (orthogonal(d.offset) ? kOrthogonalRide : kDiagonalRide) * reach;
    value += std::max(kLeap, ride) * modality(d.moves, d.captures);
  }
  // A hop needs a screen, so it is worth about half the ride along the same line (the
  // xiangqi cannon comes out near the horse, half a rook).
  for (const fairy::Hop& h : piece.hops[white])
    value += 0.5 * (orthogonal(h.offset) ? kOrthogonalRide : kDiagonalRide) *
             (h.grasshopper ? 0.5 : 1.0) * modality(h.moves, h.captures);
  for (const Leap& l : piece.soldier_side_leaps[white])
    value += 0.5 * kLeap * modality(l.moves, l.captures);
  if (bound) value *= kColourBound;
  return static_cast<int>(std::lround(value));
}

FairyValues fairy_values(const fairy::Rules& rules, const fairy::Position& start) {
  using namespace fairy_terms;
  FairyValues v;
  v.drops = rules.drops && !rules.free_drops;
  for (std::size_t t = 0; t < rules.types.size(); ++t) {
    const PieceRules& p = rules.types[t];
    const bool pawn = p.pawn || static_cast<int>(t) == rules.pawn;
    v.piece[t] = p.royal ? 0 : pawn ? 100 : fairy_piece_value(p);
    if (!p.royal && !pawn) {
      // The hops' part: the value less what the piece would be worth without them.
      PieceRules without = p;
      for (auto& hops : without.hops) hops.clear();
      v.hop[t] = v.piece[t] - fairy_piece_value(without);
      for (const Leap& l : p.soldier_side_leaps[white])
        v.soldier_side[t] += static_cast<int>(kLeap * modality(l.moves, l.captures));
    }
    if (rules.mobility_regions) {
      const double share = region_share(rules, static_cast<int>(t));
      if (share < 1.0 && !p.royal) {
        const double factor = 0.5 + 0.5 * std::sqrt(share);
        v.piece[t] = static_cast<int>(v.piece[t] * factor);
        v.hop[t] = static_cast<int>(v.hop[t] * factor);
      }
      if (share < 0.5 && static_cast<int>(t) == rules.king && p.royal) v.palace = true;
    }
    v.hand[t] = v.drops ? v.piece[t] + v.piece[t] / 10 + 10 : v.piece[t] * 9 / 10;
    const bool extinction = rules.extinction != fairy::EndValue::none &&
                            (rules.extinction_all || (rules.extinction_types >> t & 1u));
    v.victim[t] = extinction && v.piece[t] == 0 ? 2000
                  : extinction                  ? 2 * v.piece[t] + 500
                                                : v.piece[t];
  }
  for (int c : {white, black})
    for (int t : rules.promotion_types[c])
      v.best_promotion = std::max(v.best_promotion, v.piece[t]);
  int material = 0;
  for (int c : {white, black})
    for (std::size_t t = 0; t < rules.types.size(); ++t)
      if (static_cast<int>(t) != rules.pawn)
        material += v.piece[t] * (start.count(c, static_cast<int>(t)) +
                                  (rules.hands() ? start.in_hand(c, static_cast<int>(t)) : 0));
  v.start_material = std::max(material, 1);
  return v;
}

int evaluate_fairy(const fairy::Position& pos, const FairyValues& v) {
  using namespace fairy_terms;
  const Rules& r = pos.rules();
  int material = 0;
  for (int c : {white, black})
    for (std::size_t t = 0; t < r.types.size(); ++t)
      if (static_cast<int>(t) != r.pawn)
        material += v.piece[t] * (pos.count(c, static_cast<int>(t)) +
                                  (r.hands() ? pos.in_hand(c, static_cast<int>(t)) : 0));
  const double phase = std::clamp(static_cast<double>(material) / v.start_material, 0.0, 1.0);
  const int us = pos.side();
  return fairy_side_score(pos, v, us, phase) - fairy_side_score(pos, v, us ^ 1, phase) + 10;
}

}  // namespace banmen::engine

#include "chess/movegen.h"

namespace banmen::chess {

namespace {

// The nearest square of a non-empty set along direction d.
inline Square nearest(int d, Bitboard set) {
  return kAttacks.ascending[d] ? lsb(set) : msb(set);
}

// What pins and checks the side to move's king.
struct KingSafety {
  Bitboard checkers = 0;
  Bitboard check_mask = ~Bitboard{0};  // squares a non-king move must land on
  Bitboard pinned = 0;
  Bitboard pin_line[kSquares];  // for a pinned piece: the squares it may still move to
};

void find_checks_and_pins(const Position& pos, Square ksq, KingSafety& ks) {
  const Color us = pos.side, them = ~us;
  const Bitboard ours = pos.colors[us], theirs = pos.colors[them], occ = ours | theirs;
  Bitboard leaper_checkers = kAttacks.pawn_attacks[us][ksq] & pos.pieces(them, kPawn);
  for (int k = kKnight; k < kKinds; ++k)
    if (!kKindRules[k].leaps.empty())
      leaper_checkers |= kAttacks.leaps[k][ksq] & pos.pieces(them, Kind(k));
  Bitboard rider_mask = 0;
  int rider_checks = 0;
  for (int d = 0; d < kAttacks.directions; ++d) {
    Bitboard blockers = kAttacks.ray[d][ksq] & occ;
    if (!blockers) continue;
    const Bitboard enemy_riders = pos.riders_along(d) & theirs;
    const Square first = nearest(d, blockers);
    if (bb(first) & enemy_riders) {
      ks.checkers |= bb(first);
      rider_mask |= kAttacks.between[ksq][first] | bb(first);
      ++rider_checks;
      continue;
    }
    if (!(bb(first) & ours)) continue;
    const Bitboard beyond = blockers & kAttacks.ray[d][first];
    if (!beyond) continue;
    const Square second = nearest(d, beyond);
    if (bb(second) & enemy_riders) {
      ks.pinned |= bb(first);
      ks.pin_line[first] = kAttacks.between[ksq][second] | bb(second);
    }
  }
  ks.checkers |= leaper_checkers;
  if (ks.checkers) ks.check_mask = rider_checks ? rider_mask : leaper_checkers;
}

inline void push_pawn_move(MoveList& out, Color us, Square from, Square to) {
  if (rank_of(to) == promotion_rank(us)) {
    for (int f = kPromoKnight + 3; f >= kPromoKnight; --f) out.push(Move::make(from, to, f));
  } else {
    out.push(Move::make(from, to));
  }
}

void generate_pawn_moves(const Position& pos, const KingSafety& ks, Square ksq, MoveList& out) {
  const Color us = pos.side, them = ~us;
  const Bitboard theirs = pos.colors[them], occ = pos.occupied();
  const int forward = pawn_forward(us) * kFiles;
  for (Bitboard pawns = pos.pieces(us, kPawn); pawns;) {
    const Square s = pop_lsb(pawns);
    const Bitboard allowed = ks.check_mask & ((ks.pinned & bb(s)) ? ks.pin_line[s] : ~Bitboard{0});
    const Square one = s + forward;
    if (!(occ & bb(one))) {
      if (allowed & bb(one)) push_pawn_move(out, us, s, one);
      const Square two = one + forward;
      if (rank_of(s) == pawn_start_rank(us) && !(occ & bb(two)) && (allowed & bb(two)))
        out.push(Move::make(s, two, kDoublePush));
    }
    for (Bitboard caps = kAttacks.pawn_attacks[us][s] & theirs & allowed; caps;)
      push_pawn_move(out, us, s, pop_lsb(caps));
    const Square ep = pos.en_passant;
    if (ep != kNoSquare && (kAttacks.pawn_attacks[us][s] & bb(ep))) {
      // Rare and subtle (two pawns leave one rank at once): test the resulting position.
      const Square captured = ep - forward;
      const Bitboard after = (occ ^ bb(s) ^ bb(captured)) | bb(ep);
      if (!(pos.attackers_to(ksq, after) & theirs & ~bb(captured)))
        out.push(Move::make(s, ep, kEnPassant));
    }
  }
}

void generate_castling(const Position& pos, Square ksq, MoveList& out) {
  const Color them = ~pos.side;
  const Bitboard occ = pos.occupied();
  for (const CastleRule& c : kCastleRules) {
    if (!(pos.castling & c.right) || c.king_from != ksq) continue;
    if (pos.board[c.rook_from] != make_piece(pos.side, kRook)) continue;
    if (kAttacks.between[c.king_from][c.rook_from] & occ) continue;
    if (occ & ~bb(c.king_from) & ~bb(c.rook_from) & (bb(c.king_to) | bb(c.rook_to))) continue;
    Bitboard path = kAttacks.between[c.king_from][c.king_to] | bb(c.king_to);
    bool safe = true;
    while (path && safe) safe = !pos.attacked_by(them, pop_lsb(path), occ);
    if (safe) out.push(Move::make(c.king_from, c.king_to, kCastle));
  }
}

}  // namespace

void generate_legal(const Position& pos, MoveList& out) {
  const Color us = pos.side, them = ~us;
  const Square ksq = pos.king(us);
  const Bitboard ours = pos.colors[us], occ = pos.occupied();
  KingSafety ks;
  find_checks_and_pins(pos, ksq, ks);

  const Bitboard without_king = occ ^ bb(ksq);
  for (Bitboard t = kAttacks.leaps[kKing][ksq] & ~ours; t;) {
    const Square to = pop_lsb(t);
    if (!pos.attacked_by(them, to, without_king)) out.push(Move::make(ksq, to));
  }
  if (popcount(ks.checkers) > 1) return;
  if (!ks.checkers) generate_castling(pos, ksq, out);

  for (int k = kKnight; k < kKing; ++k) {
    for (Bitboard from = pos.pieces(us, Kind(k)); from;) {
      const Square s = pop_lsb(from);
      Bitboard targets = piece_attacks(Kind(k), s, occ) & ~ours & ks.check_mask;
      if (ks.pinned & bb(s)) targets &= ks.pin_line[s];
      while (targets) out.push(Move::make(s, pop_lsb(targets)));
    }
  }
  generate_pawn_moves(pos, ks, ksq, out);
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    Position child = pos;
    child.make(m);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

}  // namespace banmen::chess

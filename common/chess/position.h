// A chess position: piece placement (bitboards and a square-indexed board), side to move,
// castling rights, en passant square and move counters, with a Zobrist key kept up to
// date by every change. Plain data, cheap to copy: search and perft copy and make.
#pragma once

#include <cstdint>

#include "chess/attacks.h"
#include "chess/types.h"
#include "chess/zobrist.h"

namespace banmen::chess {

struct Position {
  Bitboard kinds[kKinds]{};
  Bitboard colors[2]{};
  Piece board[kSquares];
  Color side = kWhite;
  std::uint8_t castling = 0;
  Square en_passant = kNoSquare;  // the square a double step passed, as FEN writes it
  int halfmove_clock = 0;
  int fullmove_number = 1;
  // Placement, side to move and castling rights. En passant is added by repetition_key()
  // only when the capture is really possible, as the repetition rule asks.
  std::uint64_t key = 0;

  Position() {
    for (auto& p : board) p = kNoPiece;
  }

  // --- Reading ---------------------------------------------------------------------------
  Bitboard occupied() const { return colors[kWhite] | colors[kBlack]; }
  Bitboard pieces(Color c, Kind k) const { return colors[c] & kinds[k]; }
  Square king(Color c) const {
    Bitboard k = pieces(c, kKing);
    return k ? lsb(k) : kNoSquare;
  }
  // Pieces of both colours that ride direction d.
  Bitboard riders_along(int d) const {
    Bitboard out = 0;
    for (unsigned ks = kAttacks.kinds_riding[d]; ks; ks &= ks - 1)
      out |= kinds[std::countr_zero(ks)];
    return out;
  }
  // Pieces of both colours attacking s when the board holds `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool attacked_by(Color c, Square s, Bitboard occupied) const {
    return (attackers_to(s, occupied) & colors[c]) != 0;
  }
  Bitboard checkers() const {
    Square k = king(side);
    return k == kNoSquare ? 0 : attackers_to(k, occupied()) & colors[~side];
  }
  bool in_check() const { return checkers() != 0; }

  // --- Changing ---------------------------------------------------------------------------
  void put(Piece p, Square s) {
    board[s] = p;
    kinds[kind_of(p)] |= bb(s);
    colors[color_of(p)] |= bb(s);
    key ^= kZobrist.piece[p][s];
  }
  void remove(Square s) {
    Piece p = board[s];
    board[s] = kNoPiece;
    kinds[kind_of(p)] ^= bb(s);
    colors[color_of(p)] ^= bb(s);
    key ^= kZobrist.piece[p][s];
  }
  void set_castling(std::uint8_t rights) {
    key ^= kZobrist.castling[castling] ^ kZobrist.castling[rights];
    castling = rights;
  }
  // Plays a move generated as legal for this position.
  void make(Move m);
  // Recomputes `key` from scratch (after building a position square by square).
  std::uint64_t compute_key() const;
};

}  // namespace banmen::chess

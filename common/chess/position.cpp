#include "chess/position.h"

#include <array>

namespace banmen::chess {

namespace {

// Castling rights that survive a move touching a square (from or to): moving the king or a
// rook, or capturing a rook on its corner, clears the matching rights.
constexpr std::array<std::uint8_t, kSquares> build_rights_kept() {
  std::array<std::uint8_t, kSquares> kept{};
  for (auto& k : kept) k = kAllCastling;
  for (const CastleRule& c : kCastleRules) {
    kept[c.king_from] &= std::uint8_t(~c.right);
    kept[c.rook_from] &= std::uint8_t(~c.right);
  }
  return kept;
}
constexpr std::array<std::uint8_t, kSquares> kRightsKept = build_rights_kept();

}  // namespace

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  Bitboard out = (kAttacks.pawn_attacks[kWhite][s] & pieces(kBlack, kPawn)) |
                 (kAttacks.pawn_attacks[kBlack][s] & pieces(kWhite, kPawn));
  for (int k = kKnight; k < kKinds; ++k)
    if (!kKindRules[k].leaps.empty()) out |= kAttacks.leaps[k][s] & kinds[k];
  for (int d = 0; d < kAttacks.directions; ++d) out |= ride_attacks(d, s, occ) & riders_along(d);
  return out;
}

void Position::make(Move m) {
  const Square from = m.from(), to = m.to();
  const Piece moving = board[from];
  const Color us = side;
  ++halfmove_clock;
  if (m.flag() == kCastle) {
    for (const CastleRule& c : kCastleRules) {
      if (c.king_from != from || c.king_to != to) continue;
      remove(from);
      Piece rook = board[c.rook_from];
      remove(c.rook_from);
      put(moving, to);
      put(rook, c.rook_to);
      break;
    }
  } else {
    if (m.flag() == kEnPassant) {
      remove(to - pawn_forward(us) * kFiles);
    } else if (board[to] != kNoPiece) {
      remove(to);
      halfmove_clock = 0;
    }
    remove(from);
    put(m.is_promotion() ? make_piece(us, m.promotion()) : moving, to);
    if (kind_of(moving) == kPawn) halfmove_clock = 0;
  }
  en_passant = m.flag() == kDoublePush ? from + pawn_forward(us) * kFiles : kNoSquare;
  set_castling(castling & kRightsKept[from] & kRightsKept[to]);
  side = ~us;
  key ^= kZobrist.black_to_move;
  if (us == kBlack) ++fullmove_number;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = kZobrist.castling[castling];
  if (side == kBlack) k ^= kZobrist.black_to_move;
  for (Square s = 0; s < kSquares; ++s)
    if (board[s] != kNoPiece) k ^= kZobrist.piece[board[s]][s];
  return k;
}

}  // namespace banmen::chess

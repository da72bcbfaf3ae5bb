// A shogi-family position: board, hands, side to move, move number, and the facts kept
// up to date incrementally for speed (king squares, files holding an unpromoted pawn,
// the Zobrist key). It knows how to make and unmake a move and which squares a side
// attacks; it knows nothing about which moves are legal (see movegen.h).
#pragma once

#include <array>
#include <cstdint>

#include "shogi/pieces.h"
#include "shogi/types.h"
#include "shogi/variant.h"

namespace banmen::shogi {

class Position {
 public:
  explicit Position(const Variant& v);

  // --- Reading ----------------------------------------------------------------------------
  const Variant& variant() const { return *variant_; }
  Piece at(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  int hand(Color c, PieceType t) const { return hand_[c][t]; }
  bool hand_empty(Color c) const;
  Square king(Color c) const { return king_[c]; }  // kNoSquare when there is none
  std::uint64_t key() const { return key_; }
  int move_number() const { return move_number_; }
  // Bit (col) is set when colour c has an unpromoted pawn on that column.
  std::uint16_t pawn_files(Color c) const { return pawn_files_[c]; }

  // --- Attacks ----------------------------------------------------------------------------
  // True when a piece of colour `by` attacks `s`, treating `ignore` as empty (used to test
  // king moves with the king lifted off its square).
  bool attacked(Square s, Color by, Square ignore = kNoSquare) const;
  // True when the side to move's king is attacked.
  bool in_check() const {
    return king_[side_] != kNoSquare && attacked(king_[side_], opposite(side_));
  }

  // --- Changing ---------------------------------------------------------------------------
  void do_move(Move m);
  void undo_move(Move m);

  // --- Setting up (codecs only) -----------------------------------------------------------
  void put(Square s, Piece p);
  void set_hand(Color c, PieceType t, int n);
  void set_side(Color c);
  void set_move_number(int n) { move_number_ = n; }

 private:
  void toggle_hand_key(Color c, PieceType t);

  const Variant* variant_;
  std::array<Piece, kSquareCount> board_{};
  std::array<std::array<std::uint8_t, kHandTypeCount>, 2> hand_{};
  std::array<Square, 2> king_{kNoSquare, kNoSquare};
  std::array<std::uint16_t, 2> pawn_files_{};
  Color side_ = kBlack;
  int move_number_ = 1;
  std::uint64_t key_ = 0;
};

}  // namespace banmen::shogi

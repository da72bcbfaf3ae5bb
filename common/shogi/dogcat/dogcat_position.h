// A dog-cat shogi position: the true position (every type known, as the server holds it)
// plus what makes dog-cat different from shogi: which board pieces are hidden, which
// hidden pieces are still king candidates, and which hand pieces are hidden. The board,
// the hands and the piece moves are shogi's own Position on the dog-cat geometry; this
// class only adds the marks and keeps them right through every move.
#pragma once

#include <array>
#include <cstdint>

#include "shogi/position.h"

namespace banmen::shogi {

// Dog-cat's drop flavour: a hidden drop carries this bit on top of make_drop(). It sits
// above every bit the shared Move uses, so shogi's Position plays such a drop unchanged.
constexpr Move kHiddenDropFlag = 1u << 30;
constexpr bool is_hidden_drop(Move m) {
  return (m & kHiddenDropFlag) != 0;
}
// The part of a dog-cat move a player chooses (shogi's move_key plus the hidden bit).
constexpr Move dogcat_move_key(Move m) {
  return move_key(m) | (m & kHiddenDropFlag);
}

// The five types each side owns, in the spec's hand order.
constexpr PieceType kDogcatTypes[5] = {kKing, kRook, kBishop, kGold, kSilver};

// True when `from -> to` is a single step in one of the eight directions.
constexpr bool is_king_step(Square from, Square to) {
  const int dc = col_of(to) - col_of(from), dr = row_of(to) - row_of(from);
  return dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1 && (dc || dr);
}

class DogcatPosition {
 public:
  DogcatPosition();  // empty board, empty hands, Dog to move, move number 1

  // --- Reading ----------------------------------------------------------------------------
  const Position& board() const { return pos_; }  // the true position
  Piece at(Square s) const { return pos_.at(s); }
  bool hidden(Square s) const { return marks_[s] & kHidden; }
  bool candidate(Square s) const { return marks_[s] & kCandidate; }
  Color side_to_move() const { return pos_.side_to_move(); }
  int move_number() const { return pos_.move_number(); }
  int hidden_hand(Color c, PieceType t) const { return hidden_hand_[c][t]; }
  int faceup_hand(Color c, PieceType t) const { return pos_.hand(c, t) - hidden_hand_[c][t]; }
  int hidden_hand_count(Color c) const;
  // Hidden king candidates of colour c on the board.
  int candidates(Color c) const { return candidates_[c]; }
  // True once colour c has finished its first turn (the spec's move-number test), so the
  // "no king on the board" proof may apply to it.
  bool past_first_turn(Color c) const { return move_number() >= (c == kBlack ? 2 : 3); }
  // Identifies the true position with its marks and hidden hands (for repetition).
  std::uint64_t key() const { return pos_.key() ^ mark_key_; }

  // --- Changing ---------------------------------------------------------------------------
  // Plays a move produced by generate_dogcat_moves() for this position.
  void do_move(Move m);

  // --- Setting up (codecs only) -----------------------------------------------------------
  void put(Square s, Piece p, bool hidden, bool candidate);
  void set_hand(Color c, PieceType t, int faceup, int hidden);
  void set_side(Color c) { pos_.set_side(c); }
  void set_move_number(int n) { pos_.set_move_number(n); }

 private:
  static constexpr std::uint8_t kHidden = 1, kCandidate = 2;
  void set_mark(Square s, std::uint8_t mark);
  void set_hidden_hand(Color c, PieceType t, int n);

  Position pos_;
  std::array<std::uint8_t, kSquareCount> marks_{};
  std::array<std::array<std::uint8_t, kHandTypeCount>, 2> hidden_hand_{};
  std::array<int, 2> candidates_{};
  std::uint64_t mark_key_ = 0;  // Zobrist part for the marks and the hidden hands
};

}  // namespace banmen::shogi

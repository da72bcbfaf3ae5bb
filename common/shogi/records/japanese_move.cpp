#include "shogi/records/japanese_move.h"

#include <vector>

#include "shogi/pieces.h"
#include "shogi/records/kif.h"

namespace banmen::shogi {

namespace {

// True when the piece on `from` could move to `to` on this board (its step, slide or
// jump, with the squares between empty), whatever that would do to its own king.
bool reaches(const Position& pos, Square from, Square to) {
  const auto& t = piece_tables();
  const Piece p = pos.at(from);
  for (int d = 0; d < 8; ++d) {
    if ((t.step[p] >> d & 1) && from + kDelta[d] == to) return true;
    if (!(t.slide[p] >> d & 1)) continue;
    for (int s = from + kDelta[d];; s += kDelta[d]) {
      if (s == to) return true;
      if (pos.at(Square(s)) != kEmpty) break;  // a piece or the wall ends the slide
    }
  }
  if (t.knight[p])
    for (int k : t.knight_delta[color_of(p)])
      if (from + k == to) return true;
  return false;
}

int sign(int x) {
  return (x > 0) - (x < 0);
}

// A board move's direction as its mover sees it: vertical +1 up (towards the enemy), 0
// sideways, -1 back; horizontal +1 towards the mover's right, -1 towards its left.
struct Heading {
  int up, right;
};
Heading heading(Color mover, Square from, Square to) {
  // Row 0 is rank a (White's side); column 0 is file 9 (Black's left).
  const int down_rows = row_of(to) - row_of(from), right_cols = col_of(to) - col_of(from);
  return mover == kBlack ? Heading{-sign(down_rows), sign(right_cols)}
                         : Heading{sign(down_rows), -sign(right_cols)};
}

// 右/左/直 and 上/寄/引 for a board move, given the other pieces of its kind that could
// also reach the square.
std::string origin_words(Piece p, Square from, Square to, const std::vector<Square>& others) {
  const Color mover = color_of(p);
  const Heading mine = heading(mover, from, to);
  bool same_up = false, same_right = false;
  int other_right = 0;  // of a piece moving the same way vertically
  for (Square o : others) {
    const Heading h = heading(mover, o, to);
    if (h.up == mine.up) {
      same_up = true;
      other_right = h.right;
    }
    if (h.right == mine.right) same_right = true;
  }
  std::string out;
  bool straight = false;
  if (same_up) {
    // Moving the same way vertically: tell them apart by side. A piece moving towards its
    // left stands on the right (右). A dragon or a horse (never more than two) moving
    // straight is named by the side it stands on against the other; others write 直.
    const PieceType t = type_of(p);
    int right = mine.right;
    if (right == 0 && (t == kDragon || t == kHorse)) right = -other_right;
    if (right < 0) {
      out += "右";
    } else if (right > 0) {
      out += "左";
    } else {
      out += "直";
      straight = true;
    }
  }
  // The vertical word when the side alone does not single the piece out.
  if (!straight && (!same_up || same_right)) out += mine.up > 0 ? "上" : mine.up < 0 ? "引" : "寄";
  return out;
}

}  // namespace

std::string japanese_move_text(const Position& before, Move m, Move prev) {
  const Variant& v = before.variant();
  const Square to = move_to(m);
  std::string out =
      prev != kNoMove && move_to(prev) == to ? std::string("同　") : kif_square_name(v, to);
  const Square from = is_drop(m) ? kNoSquare : move_from(m);
  const Piece p = is_drop(m) ? make_piece(before.side_to_move(), drop_type(m)) : before.at(from);
  std::vector<Square> others;
  for (Square s : v.squares)
    if (s != from && before.at(s) == p && reaches(before, s, to)) others.push_back(s);
  out += kif_piece_name(type_of(p));
  if (is_drop(m)) return others.empty() ? out : out + "打";
  if (!others.empty()) out += origin_words(p, from, to, others);
  if (is_promotion(m)) {
    out += "成";
  } else if (can_promote(type_of(p)) && (v.zone[color_of(p)][from] || v.zone[color_of(p)][to])) {
    out += "不成";
  }
  return out;
}

}  // namespace banmen::shogi

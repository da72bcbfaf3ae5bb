// Shogi-family evaluation (shogi and minishogi): material on the board and in hand, the
// defenders beside each king and the attackers near it, and a small reward for pieces
// that have advanced (they are closer to promotion and to the enemy king).
#include "engine/shogi_node.h"

namespace banmen::engine {
namespace {

using namespace shogi;

// Indexed by PieceType.
constexpr int kValue[kTypeCount] = {0, 90,  315, 405, 495, 540, 855, 990,
                                    0, 540, 540, 540, 540, 0,   945, 1395};
// Extra worth of a piece in hand: it can be dropped where it is needed.
constexpr int kHandBonus[kHandTypeCount] = {0, 15, 40, 50, 60, 60, 90, 110, 0};

int king_safety(const Position& pos, Color c) {
  const Square k = pos.king(c);
  if (k == kNoSquare) return 0;
  int score = 0;
  for (int dr = -2; dr <= 2; ++dr)
    for (int dc = -2; dc <= 2; ++dc) {
      const int s = k + dr * kStride + dc;
      if (s < 0 || s >= kSquareCount) continue;
      const Piece p = pos.at(static_cast<Square>(s));
      if (!is_piece(p)) continue;
      const bool near = dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
      const PieceType t = type_of(p);
      if (color_of(p) == c) {
        if (t == kGold || t == kSilver || is_promoted(t)) score += near ? 30 : 12;
      } else {
        score -= near ? 60 : 25;
      }
    }
  if (pos.attacked(k, opposite(c))) score -= 40;
  return score;
}

int side_score(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  int score = 0;
  for (Square s : v.squares) {
    const Piece p = pos.at(s);
    if (!is_piece(p) || color_of(p) != c) continue;
    const PieceType t = type_of(p);
    score += kValue[t];
    // Rows counted from the colour's own side: advanced pieces are closer to the zone.
    const int row = row_of(s);
    const int advanced = c == kBlack ? v.ranks - 1 - row : row;
    if (t != kKing && t != kRook && t != kBishop) score += 3 * advanced;
  }
  for (int t = kPawn; t <= kRook; ++t) {
    const int n = pos.hand(c, PieceType(t));
    score += n * (kValue[t] + kHandBonus[t]);
  }
  return score + king_safety(pos, c);
}

}  // namespace

int shogi_piece_value(PieceType t) {
  return kValue[t];
}

int evaluate_shogi(const Position& pos) {
  const Color us = pos.side_to_move();
  return side_score(pos, us) - side_score(pos, opposite(us)) + 20;
}

}  // namespace banmen::engine

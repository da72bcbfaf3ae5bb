// Dog-cat evaluation on a determinization: material (hand pieces a little more), the
// number of king candidates each side keeps (the fewer, the nearer a side is to being
// proven kingless, and the easier its king is to find), and the danger around each king.
#include "engine/dogcat_node.h"

namespace banmen::engine {
namespace {

using namespace shogi;

int value(PieceType t) {
  switch (t) {
    case kRook:
      return 900;
    case kBishop:
      return 800;
    case kGold:
      return 550;
    case kSilver:
      return 500;
    case kDragon:
      return 1200;
    case kHorse:
      return 1050;
    case kProSilver:
      return 560;
    default:
      return 0;
  }
}

int side_score(const DogcatPosition& pos, Color c) {
  int score = 0;
  const Position& board = pos.board();
  for (Square s : board.variant().squares) {
    const Piece p = pos.at(s);
    if (!is_piece(p) || color_of(p) != c) continue;
    score += value(type_of(p));
    if (type_of(p) == kKing) {
      // The king wants company and no enemy next to it.
      if (board.attacked(s, opposite(c))) score -= 250;
      for (int d = 0; d < 8; ++d) {
        const Piece n = pos.at(static_cast<Square>(s + kDelta[d]));
        if (is_piece(n) && color_of(n) == c) score += 15;
      }
    }
  }
  for (PieceType t : kDogcatTypes) score += board.hand(c, t) * (value(t) + 60);
  // Candidates: a screen for the king. One left means the king is known.
  const int cands = pos.candidates(c);
  score += 40 * (cands < 4 ? cands : 4);
  if (cands == 1 && pos.hidden_hand_count(c) == 0) score -= 200;
  return score;
}

}  // namespace

int dogcat_piece_value(PieceType t) {
  return value(t);
}

int evaluate_dogcat(const DogcatPosition& pos) {
  const Color us = pos.side_to_move();
  return side_score(pos, us) - side_score(pos, opposite(us)) + 20;
}

}  // namespace banmen::engine

// Chess evaluation: material, and piece-square terms written as formulas rather than
// tables (knights and bishops want the centre, pawns want to advance, rooks like open
// files, the king hides in the middle game and comes out in the endgame).
#include <cstdlib>

#include "engine/chess_node.h"

namespace banmen::engine {
namespace {

using namespace chess;

constexpr int kValue[kKinds] = {100, 320, 330, 500, 900, 0};

// 0 at the edge .. 3 in the four middle squares.
int centrality(Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int df = f < 4 ? f : 7 - f, dr = r < 4 ? r : 7 - r;
  return df < dr ? df : dr;
}

// Ranks advanced from the colour's own back rank.
int advance(Color c, Square s) {
  return c == kWhite ? rank_of(s) : 7 - rank_of(s);
}

int side_score(const Position& pos, Color c, bool endgame) {
  int score = 0;
  const Bitboard pawns_all = pos.kinds[kPawn];
  for (Bitboard b = pos.colors[c]; b;) {
    const Square s = pop_lsb(b);
    const Kind k = kind_of(pos.board[s]);
    score += kValue[k];
    switch (k) {
      case kPawn: {
        const int adv = advance(c, s);
        score += adv * (endgame ? 12 : 5);
        const int f = file_of(s);
        if (f >= 2 && f <= 5) score += 5 * (adv >= 2 ? 2 : 0);
        break;
      }
      case kKnight:
        score += 8 * centrality(s) - (advance(c, s) == 0 ? 10 : 0);
        break;
      case kBishop:
        score += 5 * centrality(s) - (advance(c, s) == 0 ? 8 : 0);
        break;
      case kRook: {
        Bitboard file = 0x0101010101010101ULL << file_of(s);
        if (!(file & pawns_all)) score += 20;
        if (advance(c, s) == 6) score += 15;
        break;
      }
      case kQueen:
        score += 2 * centrality(s);
        break;
      case kKing:
        if (endgame) {
          score += 10 * centrality(s);
        } else {
          score += advance(c, s) == 0 ? 20 : -15 * advance(c, s);
          const int f = file_of(s);
          if (f == 3 || f == 4) score -= 15;
        }
        break;
      default:
        break;
    }
  }
  return score;
}

}  // namespace

int evaluate_chess(const Position& pos) {
  const int heavy = popcount(pos.kinds[kQueen]) * 4 + popcount(pos.kinds[kRook]) * 2 +
                    popcount(pos.kinds[kKnight] | pos.kinds[kBishop]);
  const bool endgame = heavy <= 8;
  int score = side_score(pos, kWhite, endgame) - side_score(pos, kBlack, endgame);
  if (popcount(pos.pieces(kWhite, kBishop)) >= 2) score += 30;
  if (popcount(pos.pieces(kBlack, kBishop)) >= 2) score -= 30;
  return (pos.side == kWhite ? score : -score) + 10;  // +10: the move is worth something
}

}  // namespace banmen::engine

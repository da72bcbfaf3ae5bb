#include "shogi/variant.h"

#include "shogi/pieces.h"

namespace banmen::shogi {

namespace {

// True when a piece on `s` has no step, slide or jump that stays on the board.
bool has_no_move(const Variant& v, Piece p, Square s) {
  const auto& t = piece_tables();
  std::uint8_t dirs = near_mask(p);
  for (int d = 0; d < 8; ++d) {
    int to = s + kDelta[d];
    if ((dirs >> d & 1) && to >= 0 && to < kSquareCount && v.on_board[to]) return false;
  }
  if (t.knight[p]) {
    for (int k : t.knight_delta[color_of(p)]) {
      int to = s + k;
      if (to >= 0 && to < kSquareCount && v.on_board[to]) return false;
    }
  }
  return true;
}

void finish_tables(Variant& v) {
  for (int row = 0; row < v.ranks; ++row) {
    for (int col = 0; col < v.files; ++col) {
      Square s = make_square(col, row);
      v.on_board[s] = true;
      v.squares.push_back(s);
      v.zone[kBlack][s] = row < v.promotion_ranks;
      v.zone[kWhite][s] = row >= v.ranks - v.promotion_ranks;
      v.camp[kBlack][s] = row >= v.ranks - v.camp_ranks;
      v.camp[kWhite][s] = row < v.camp_ranks;
    }
  }
  for (Color c : {kBlack, kWhite}) {
    for (int t = kPawn; t < kTypeCount; ++t) {
      Piece p = make_piece(c, PieceType(t));
      for (Square s : v.squares) v.dead[p][s] = has_no_move(v, p, s);
    }
  }
}

Variant make(std::string_view id, int size, int zone, int camp, std::string_view start,
             std::array<int, kHandTypeCount> counts, int max_plies) {
  Variant v;
  v.id = id;
  v.files = v.ranks = size;
  v.promotion_ranks = zone;
  v.camp_ranks = camp;
  v.start_sfen = start;
  v.piece_count = counts;
  v.max_plies = max_plies;
  finish_tables(v);
  return v;
}

}  // namespace

std::string Variant::square_name(Square s) const {
  return {char('0' + file_of(s)), char('a' + row_of(s))};
}

Square Variant::parse_square(char file, char rank) const {
  int f = file - '0', r = rank - 'a';
  if (f < 1 || f > files || r < 0 || r >= ranks) return kNoSquare;
  return make_square(files - f, r);
}

//                                      -  P   L  N  S  G  B  R  K
const Variant& shogi_variant() {
  static const Variant v =
      make("shogi", 9, 3, 3, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
           {0, 18, 4, 4, 4, 4, 2, 2, 2}, 512);
  return v;
}

const Variant& minishogi_variant() {
  static const Variant v =
      make("minishogi", 5, 1, 1, "rbsgk/4p/5/P4/KGSBR b - 1", {0, 2, 0, 0, 2, 2, 2, 2, 2}, 512);
  return v;
}

const Variant& dogcat_variant() {
  static const Variant v =
      make("dogcat", 5, 1, 2, "5/5/5/5/5 b - 1", {0, 0, 0, 0, 2, 2, 2, 2, 2}, 256);
  return v;
}

}  // namespace banmen::shogi

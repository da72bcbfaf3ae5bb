// Legal move generation as Fairy-Stockfish does it: pseudo-legal moves from each piece's
// leaps and rides (pawns with their double step, en passant and promotions), castling,
// then the legality filter (own king not attacked; no checks where checking is off;
// immobility; castling through attacked squares).
#include "fairy/position.h"

namespace banmen::fairy {

void Position::add_pawn_moves(MoveList& out, int from) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int push = r.push(us);
  auto add = [&](int to) {
    const bool zone = r.promotion_zone[us][to];
    if (!zone || !r.mandatory_promotion)
      out.add({static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to)});
    if (zone)
      for (int t : r.promotion_types[us])
        if (!r.promotion_limit[t] || r.promotion_limit[t] > count_[us][t])
          out.add({static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to),
                   MoveKind::promotion, static_cast<std::int8_t>(t)});
  };
  const int one = from + push;
  if (board_[one] == empty_cell) {
    add(one);
    const int two = one + push;
    if (r.double_step_zone[us][from] && board_[two] == empty_cell) add(two);
  }
  for (int to : {one - 1, one + 1}) {
    const Cell c = board_[to];
    if (c != empty_cell && c != off_board && cell_color(c) == them) add(to);
    if (to == ep_ && ep_)
      out.add(
          {static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to), MoveKind::en_passant});
  }
}

void Position::add_castling(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  const int kfrom = castle_king_[us];
  if (!kfrom || board_[kfrom] != make_cell(us, r.castling_king_type)) return;
  const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
  for (int s : {0, 1}) {
    const int rfrom = castle_rook_[us][s];
    if (!rfrom) continue;
    const int kto = square_of(s == 0 ? r.castling_kingside_file : r.castling_queenside_file, rank);
    const int rto = kto + (s == 0 ? -1 : 1);
    // Every square the king and rook pass or land on, except their own, must be empty.
    bool clear = true;
    auto check_span = [&](int a, int b) {
      const int step = b > a ? 1 : -1;
      for (int sq = a; sq != b;) {
        sq += step;
        if (sq != kfrom && sq != rfrom && board_[sq] != empty_cell) clear = false;
      }
    };
    check_span(rfrom, rto);
    check_span(kfrom, kto);
    if (clear)
      out.add({static_cast<std::uint16_t>(kfrom), static_cast<std::uint16_t>(rfrom),
               MoveKind::castling});
  }
}

void Position::generate(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int from = square_of(f, k);
      const Cell cell = board_[from];
      if (cell == empty_cell || cell_color(cell) != us) continue;
      const int t = cell_type(cell);
      const PieceRules& p = r.types[t];
      if (p.pawn) {
        add_pawn_moves(out, from);
        continue;
      }
      for (const Leap& l : p.leaps[us]) {
        const int to = from + l.offset;
        const Cell target = board_[to];
        if (target == off_board) continue;
        if (target == empty_cell ? !l.moves : (!l.captures || cell_color(target) == us)) continue;
        bool clear = true;
        for (int i = 0; i < l.path_length; ++i)
          if (board_[from + l.path[i]] != empty_cell) clear = false;
        if (clear) out.add({static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to)});
      }
      for (const Ride& ride : p.rides[us]) {
        int to = from + ride.offset;
        for (int steps = 1;; ++steps, to += ride.offset) {
          const Cell target = board_[to];
          if (target == off_board) break;
          if (target != empty_cell) {
            if (ride.captures && cell_color(target) != us)
              out.add({static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to)});
            break;
          }
          if (ride.moves)
            out.add({static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to)});
          if (ride.max_steps && steps >= ride.max_steps) break;
        }
      }
    }
  if (r.castling && !in_check()) add_castling(out);
}

bool Position::castling_legal(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  if (!r.types[cell_type(board_[m.from])].royal) return true;
  const bool king_side = m.to > m.from;
  const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
  const int kto = square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
  const int step = kto > m.from ? -1 : 1;
  for (int s = kto; s != m.from; s += step)
    if (attacked(s, them)) return false;
  // Chess960: the castling rook may have been shielding the king's destination.
  auto& self = const_cast<Position&>(*this);
  const Cell rook = board_[m.to];
  self.board_[m.to] = empty_cell;
  const bool safe = !attacked(kto, them);
  self.board_[m.to] = rook;
  return safe;
}

bool Position::legal(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  if (m.kind == MoveKind::castling && !castling_legal(m)) return false;
  if (r.immobility_illegal && m.kind == MoveKind::normal &&
      !r.types[cell_type(board_[m.from])].mobile[us][m.to])
    return false;
  // make/unmake restore the position exactly, so the check is const from outside.
  auto& self = const_cast<Position&>(*this);
  self.make(m);
  bool ok = !(king_sq_[us] && attacked(king_sq_[us], them));
  if (ok && !r.checking && king_sq_[them] && attacked(king_sq_[them], us)) ok = false;
  self.unmake();
  return ok;
}

bool Position::immediate_end() const {
  const Rules& r = *rules_;
  if (r.extinction != EndValue::none) {
    for (int c : {side_ ^ 1, side_}) {
      const int extra = r.extinction_claim && c == side_ ? 1 : 0;
      if (r.extinction_all) {
        if (total_[c] <= r.extinction_count && total_[c ^ 1] >= r.extinction_opponent_count + extra)
          return true;
      }
      for (std::size_t t = 0; t < r.types.size(); ++t)
        if ((r.extinction_types >> t & 1) && count_[c][t] <= r.extinction_count &&
            count_[c ^ 1][t] >= r.extinction_opponent_count + extra)
          return true;
    }
  }
  // Fairy-Stockfish: with flagMove the side that reached the flag first lets the other
  // answer once (except a king flag, where the win is seen at once).
  if (r.flag_move && flag_reached(side_)) return true;
  return (!r.flag_move || r.flag_type[side_] == r.king) && flag_reached(side_ ^ 1);
}

bool Position::flag_reached(int color) const {
  const Rules& r = *rules_;
  const int t = r.flag_type[color];
  if (t < 0) return false;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      if (r.flag_zone[color][sq] && board_[sq] == make_cell(color, t)) return true;
    }
  return false;
}

void Position::legal_moves(MoveList& out) const {
  out.size = 0;
  if (immediate_end()) return;
  MoveList pseudo;
  generate(pseudo);
  for (const Move& m : pseudo)
    if (legal(m)) out.add(m);
}

}  // namespace banmen::fairy

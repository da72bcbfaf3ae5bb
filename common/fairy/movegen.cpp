// Legal move generation as Fairy-Stockfish does it: pseudo-legal moves from each piece's
// leaps and rides (pawns with their double step, en passant and promotions), castling,
// then the legality filter (own king not attacked; no checks where checking is off;
// immobility; castling through attacked squares).
#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "fairy/position.h"

namespace banmen::fairy {

namespace {
// This thread's scratch tables: the ones lent out, then the free ones after them. A table
// is made the first time a thread needs one more than it has, and kept for its next steps.
struct MarksStack {
  std::vector<std::unique_ptr<SquareMarks>> tables;
  std::size_t lent = 0;
};
thread_local MarksStack marks_stack;
}  // namespace

void MoveList::add_beyond(Move m) {
  if (!heap_ || size == capacity_) {
    if (capacity_ >= max_walling_moves) return;
    const int grown = std::min(std::max(2 * size, 2 * max_moves), max_walling_moves);
    auto room = std::make_unique_for_overwrite<Move[]>(static_cast<std::size_t>(grown));
    std::copy_n(data(), size, room.get());
    heap_ = std::move(room);
    capacity_ = grown;
    limit_ = 0;
  }
  heap_[static_cast<std::size_t>(size++)] = m;
}

SquareMarksLease::SquareMarksLease() {
  MarksStack& s = marks_stack;
  if (s.lent == s.tables.size()) s.tables.push_back(std::make_unique<SquareMarks>());
  marks_ = s.tables[s.lent++].get();
  marks_->renew();
}

SquareMarksLease::~SquareMarksLease() {
  --marks_stack.lent;
}

void Position::add_pawn_moves(MoveList& out, int from) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int push = r.push(us);
  auto add = [&](int to) {
    if (r.mobility_regions && !(r.may_stand[us][to] >> r.pawn & 1)) return;
    const bool zone = r.promotion_zone[us][to] && !r.sittuyin_promotion;
    if (!zone || !r.mandatory_promotion) out.add(make_move(from, to));
    if (zone) {
      for (int t : r.promotion_types[us])
        if (!r.promotion_limit[t] || r.promotion_limit[t] > count_[us][t])
          out.add(make_move(from, to, MoveKind::promotion, t));
      // The pawn's promotedPieceType, on entering the region (no promotion limit, as in
      // Fairy-Stockfish).
      if (r.promoted_type[r.pawn] >= 0)
        out.add(make_move(from, to, MoveKind::piece_promotion, r.promoted_type[r.pawn]));
    }
  };
  const int one = from + push;
  if (board_[one] == empty_cell) {
    add(one);
    const int two = one + push;
    if (r.double_step_zone[us][from] && board_[two] == empty_cell) add(two);
    // tripleStepRegion: three squares, both passed empty.
    if (r.triple_step && r.triple_step_zone[us][from] && board_[two] == empty_cell &&
        board_[two + push] == empty_cell)
      add(two + push);
  }
  for (int to : {one - 1, one + 1}) {
    const Cell c = board_[to];
    if (holds_piece_of(c, them)) add(to);
    if ((to == ep_ || to == ep2_) && ep_ &&
        (!r.mobility_regions || r.may_stand[us][to] >> r.pawn & 1))
      out.add(make_move(from, to, MoveKind::en_passant));
  }
}

// A move of a piece with a promotedPieceType (within its promotion limit), or with
// pieceDemotion of a promoted piece: into, within or out of the promotion region it may
// promote (demote); with mandatoryPiecePromotion it must. With piecePromotionOnCapture only
// a capture promotes or demotes (and, if mandatory, must), a quiet move never does.
void Position::add_piece_promotions(MoveList& out, int from, int to, int promoted,
                                    int demoted) const {
  const Rules& r = *rules_;
  const SquareSet& zone = r.promotion_zone[side_];
  const bool in_zone = zone[from] || zone[to];
  const bool quiet_only = r.piece_promotion_on_capture && board_[to] == empty_cell;
  if (!in_zone || !r.mandatory_piece_promotion || quiet_only) out.add(make_move(from, to));
  if (!in_zone || quiet_only) return;
  if (promoted >= 0) out.add(make_move(from, to, MoveKind::piece_promotion, promoted));
  if (demoted >= 0) out.add(make_move(from, to, MoveKind::piece_demotion, demoted));
}

// A move of a type that promotes as a pawn (promotionPawnTypes, not the named pawn), as
// Fairy-Stockfish makes it: onto its promotion region it promotes to each promotion type
// (within its limit), and stays as it is only without mandatoryPawnPromotion; a
// promotedPieceType promotes as any piece's.
void Position::add_pawn_like_moves(MoveList& out, int from, int to, int t) const {
  const Rules& r = *rules_;
  const int us = side_;
  const SquareSet& zone = r.promotion_zone[us];
  bool plain = !(zone[to] && r.mandatory_promotion);
  const int promoted = r.promoted_type[t];
  if (promoted >= 0 &&
      (!r.promotion_limit[promoted] || r.promotion_limit[promoted] > count_[us][promoted]) &&
      (zone[from] || zone[to])) {
    if (r.mandatory_piece_promotion) plain = false;
    out.add(make_move(from, to, MoveKind::piece_promotion, promoted));
  }
  if (plain) out.add(make_move(from, to));
  if (zone[to])
    for (int p : r.promotion_types[us])
      if (!r.promotion_limit[p] || r.promotion_limit[p] > count_[us][p])
        out.add(make_move(from, to, MoveKind::promotion, p));
}

// En passant by a type of enPassantTypes that is not the named pawn: onto an en passant
// square its capture reaches and no quiet move of it does.
void Position::add_custom_en_passant(MoveList& out, int from, int t) const {
  const Rules& r = *rules_;
  const int us = side_;
  const PieceRules& p = r.types[t];
  auto reach = [&](int to, bool capture) {
    auto leap_reaches = [&](const Leap& l) {
      if (from + l.offset != to) return false;
      for (int i = 0; i < l.path_length; ++i)
        if (board_[from + l.path[i]] != empty_cell) return false;
      return true;
    };
    auto ride_reaches = [&](const Ride& ride) {
      int sq = from + ride.offset;
      for (int steps = 1;; ++steps, sq += ride.offset) {
        if (sq == to) return true;
        if (board_[sq] != empty_cell) return false;
        if (ride.max_steps && steps >= ride.max_steps) return false;
      }
    };
    for (const Leap& l : p.leaps[us])
      if ((capture ? l.captures : l.moves) && leap_reaches(l)) return true;
    for (const Ride& ride : p.rides[us])
      if ((capture ? ride.captures : ride.moves) && ride_reaches(ride)) return true;
    if (!capture && p.initial && r.double_step_zone[us][from]) {
      for (const Leap& l : p.initial_leaps[us])
        if (leap_reaches(l)) return true;
      for (const Ride& ride : p.initial_rides[us])
        if (ride_reaches(ride)) return true;
    }
    return false;
  };
  for (int to : {static_cast<int>(ep_), static_cast<int>(ep2_)}) {
    if (!to || board_[to] != empty_cell) continue;
    if (r.mobility_regions && !(r.may_stand[us][to] >> t & 1)) continue;
    if (reach(to, true) && !reach(to, false)) out.add(make_move(from, to, MoveKind::en_passant));
  }
}

// Sittuyin's promotions: a pawn in the promotion region (any pawn, when it is the side's
// last) becomes a promotion type in place or on an empty square one of the new piece's
// moves reaches, where it attacks no enemy piece (the pawn's square counted empty).
void Position::add_sittuyin_promotions(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  if (r.pawn < 0 || !count_[us][r.pawn]) return;
  const bool last = count_[us][r.pawn] == 1;
  auto& self = const_cast<Position&>(*this);
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int from = square_of(f, k);
      if (board_[from] != make_cell(us, r.pawn) || (!last && !r.promotion_zone[us][from])) continue;
      self.board_[from] = empty_cell;
      for (int t : r.promotion_types[us]) {
        if (r.promotion_limit[t] && r.promotion_limit[t] <= count_[us][t]) continue;
        const PieceRules& p = r.types[t];
        // Whether the new piece on `to` attacks an enemy piece.
        auto attacks_enemy = [&](int to) {
          for (const Leap& l : p.leaps[us]) {
            const Cell c = board_[to + l.offset];
            if (!l.captures || c == empty_cell || c == off_board || cell_color(c) != them) continue;
            bool clear = true;
            for (int i = 0; i < l.path_length; ++i)
              if (board_[to + l.path[i]] != empty_cell) clear = false;
            if (clear) return true;
          }
          for (const Ride& ride : p.rides[us]) {
            if (!ride.captures) continue;
            int sq = to + ride.offset;
            for (int steps = 1;
                 board_[sq] == empty_cell && (!ride.max_steps || steps < ride.max_steps); ++steps)
              sq += ride.offset;
            const Cell c = board_[sq];
            if (c != empty_cell && c != off_board && cell_color(c) == them) return true;
          }
          return false;
        };
        auto emit = [&](int to) {
          if (!attacks_enemy(to)) out.add(make_move(from, to, MoveKind::promotion, t));
        };
        emit(from);
        for (const Leap& l : p.leaps[us]) {
          const int to = from + l.offset;
          if (!l.captures || board_[to] != empty_cell) continue;
          bool clear = true;
          for (int i = 0; i < l.path_length; ++i)
            if (board_[from + l.path[i]] != empty_cell) clear = false;
          if (clear) emit(to);
        }
        for (const Ride& ride : p.rides[us]) {
          if (!ride.captures) continue;
          int to = from + ride.offset;
          for (int steps = 1; board_[to] == empty_cell; ++steps, to += ride.offset) {
            emit(to);
            if (ride.max_steps && steps >= ride.max_steps) break;
          }
        }
      }
      self.board_[from] = make_cell(us, r.pawn);
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
    if (clear) out.add(make_move(kfrom, rfrom, MoveKind::castling));
  }
}

// One piece's leaps and rides. With `unique` (a piece whose moves overlap) each target is
// listed once: the first move to reach it marks it for this piece.
template <bool unique>
void Position::add_piece_moves(MoveList& out, int from, int t) const {
  const Rules& r = *rules_;
  const int us = side_;
  const PieceRules& p = r.types[t];
  // The targets already listed for this piece (leased only where moves overlap).
  std::optional<SquareMarksLease> seen;
  if constexpr (unique) seen.emplace();
  // Whether this piece may promote (promotedPieceType, within its promotion limit):
  // such moves take the slower path through add_piece_promotions.
  const int promoted = r.promoted_type[t];
  const bool promotes = promoted >= 0 && (!r.promotion_limit[promoted] ||
                                          r.promotion_limit[promoted] > count_[us][promoted]);
  // pieceDemotion: a promoted piece may become its unpromoted type again.
  const int demoted = r.piece_demotion ? unpromoted(from) : -1;
  const bool regions = r.mobility_regions;
  const bool pawn_like = r.custom_pawns && (r.promotion_pawn_types[us] >> t & 1);
  auto emit = [&](int to) {
    if (regions && !(r.may_stand[us][to] >> t & 1)) return;
    if constexpr (unique) {
      if ((**seen).marked(to)) return;
      (**seen).mark(to);
    }
    if (pawn_like)
      add_pawn_like_moves(out, from, to, t);
    else if (promotes || demoted >= 0)
      add_piece_promotions(out, from, to, promotes ? promoted : -1, demoted);
    else
      out.add(make_move(from, to));
  };
  for (const Leap& l : p.leaps[us]) {
    const int to = from + l.offset;
    const Cell target = board_[to];
    if (target == off_board) continue;
    if (target == empty_cell ? !l.moves : (!l.captures || cell_color(target) == us)) continue;
    bool clear = true;
    for (int i = 0; i < l.path_length; ++i)
      if (board_[from + l.path[i]] != empty_cell) clear = false;
    if (clear) emit(to);
  }
  for (const Ride& ride : p.rides[us]) {
    int to = from + ride.offset;
    for (int steps = 1;; ++steps, to += ride.offset) {
      const Cell target = board_[to];
      if (target == off_board) break;
      if (target != empty_cell) {
        if (ride.captures && cell_color(target) != us) emit(to);
        break;
      }
      if (ride.moves) emit(to);
      if (ride.max_steps && steps >= ride.max_steps) break;
    }
  }
  // Janggi's cannon: the cannons (bit per type) that may neither screen nor be taken.
  const std::uint32_t cannons = p.janggi_cannon ? r.janggi_cannon_types : 0;
  for (const Hop& hop : p.hops[us]) {
    int to = from + hop.offset;
    int steps = 1;
    for (; board_[to] == empty_cell; ++steps) to += hop.offset;  // up to the screen
    if (board_[to] == off_board || cannons >> cell_type(board_[to]) & 1) continue;
    for (to += hop.offset, ++steps;; to += hop.offset, ++steps) {
      const Cell target = board_[to];
      if (target == off_board || (hop.max_steps && steps > hop.max_steps)) break;
      if (target != empty_cell) {
        if (hop.captures && cell_color(target) != us && !(cannons >> cell_type(target) & 1))
          emit(to);
        break;
      }
      if (hop.moves) emit(to);
      if (hop.grasshopper) break;
    }
  }
  if (p.soldier && r.soldier_zone[us][from])
    for (const Leap& l : p.soldier_side_leaps[us]) {
      const int to = from + l.offset;
      const Cell target = board_[to];
      if (target == off_board) continue;
      if (target == empty_cell ? l.moves : (l.captures && cell_color(target) != us)) emit(to);
    }
  if (r.diagonals && p.diagonal != PieceRules::Diagonal::none && r.diagonal_lines[from])
    add_diagonal_moves(out, from, t);
  if (r.custom_pawns) {
    // Initial moves (Betza i): quiet, from the double step region.
    if (p.initial && r.double_step_zone[us][from]) {
      for (const Leap& l : p.initial_leaps[us]) {
        const int to = from + l.offset;
        if (board_[to] != empty_cell) continue;
        bool clear = true;
        for (int i = 0; i < l.path_length; ++i)
          if (board_[from + l.path[i]] != empty_cell) clear = false;
        if (clear) emit(to);
      }
      for (const Ride& ride : p.initial_rides[us]) {
        int to = from + ride.offset;
        for (int steps = 1; board_[to] == empty_cell; ++steps, to += ride.offset) {
          emit(to);
          if (ride.max_steps && steps >= ride.max_steps) break;
        }
      }
    }
    if (ep_ && (r.en_passant_types[us] >> t & 1)) add_custom_en_passant(out, from, t);
  }
}

// The moves along the diagonal lines (diagonalLines), from a square on one to a square on
// one, never the same as the piece's other moves.
void Position::add_diagonal_moves(MoveList& out, int from, int t) const {
  const Rules& r = *rules_;
  const int us = side_;
  using Diagonal = PieceRules::Diagonal;
  const Diagonal kind = r.types[t].diagonal;
  auto emit = [&](int to) {
    const Cell target = board_[to];
    if (!r.diagonal_lines[to] || (target != empty_cell && cell_color(target) == us)) return;
    if (r.mobility_regions && !(r.may_stand[us][to] >> t & 1)) return;
    // Promotions as for the piece's other moves (elgam's soldier into the last rank).
    const int promoted = r.promoted_type[t];
    const bool promotes = promoted >= 0 && (!r.promotion_limit[promoted] ||
                                            r.promotion_limit[promoted] > count_[us][promoted]);
    const int demoted = r.piece_demotion ? unpromoted(from) : -1;
    if (r.custom_pawns && (r.promotion_pawn_types[us] >> t & 1))
      add_pawn_like_moves(out, from, to, t);
    else if (promotes || demoted >= 0)
      add_piece_promotions(out, from, to, promotes ? promoted : -1, demoted);
    else
      out.add(make_move(from, to));
  };
  const int forward = r.push(us);
  for (std::size_t d = 0; d < 4; ++d) {
    // No target lies beyond the farthest square on a line.
    const int reach = r.diagonal_reach[static_cast<std::size_t>(from)][d];
    if (!reach) continue;
    const int offset = Rules::diagonal_offsets[d];
    int to = from + offset;
    if (kind == Diagonal::step) {
      emit(to);
    } else if (kind == Diagonal::forward) {
      if (offset == forward + 1 || offset == forward - 1) emit(to);
    } else if (kind == Diagonal::ride) {
      int steps = 1;
      for (; board_[to] == empty_cell && steps < reach; to += offset, ++steps) emit(to);
      emit(to);
    } else {
      // The cannon: over one piece that is not a cannon, to an empty square or onto an
      // enemy that is not a cannon.
      int steps = 1;
      while (board_[to] == empty_cell && steps < reach) to += offset, ++steps;
      if (board_[to] == empty_cell || steps == reach ||
          r.janggi_cannon_types >> cell_type(board_[to]) & 1)
        continue;
      for (to += offset, ++steps; board_[to] == empty_cell && steps < reach; to += offset, ++steps)
        emit(to);
      if (board_[to] == empty_cell || !(r.janggi_cannon_types >> cell_type(board_[to]) & 1))
        emit(to);
    }
  }
}

// A pass (pass, passOnStalemate): the king's, or without a king the first piece's (in
// Fairy-Stockfish's order of squares, from a1 along the ranks).
void Position::add_pass(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  if (king_sq_[us]) {
    out.add(make_move(king_sq_[us], king_sq_[us], MoveKind::pass));
    return;
  }
  for (int k = 0; k < r.ranks; ++k)
    for (int f = 0; f < r.files; ++f) {
      const int sq = square_of(f, k);
      if (board_[sq] != empty_cell && cell_color(board_[sq]) == us) {
        out.add(make_move(sq, sq, MoveKind::pass));
        return;
      }
    }
}

// passOnStalemate: the pass is legal only when no other move is.
void Position::apply_pass_on_stalemate(MoveList& out) const {
  const bool other =
      std::any_of(out.begin(), out.end(), [](const Move& m) { return m.kind != MoveKind::pass; });
  if (!other) return;
  int kept = 0;
  for (const Move& m : out)
    if (m.kind != MoveKind::pass) out[kept++] = m;
  out.size = kept;
}

// Drops: each type in hand on each empty square of the drop region, as Fairy-Stockfish's
// drop region for the type: pawns not in their promotion region (promotionZonePawnDrops)
// nor on their first rank (firstRankPawnDrops), no file holding dropNoDoubledCount pieces
// of the dropNoDoubled type.
// With enclosingDrop only the squares its rule allows (enclosing_allows()); while a square
// of enclosingDropStart is empty, only those; anyside's squares stand for every other rule of
// the drop region, as Fairy-Stockfish replaces its drop region by them. With freeDrops every
// type may be dropped and the hand is never counted.
void Position::add_drops(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  const bool enclosing = r.enclosing_drop != Enclosing::none;
  bool start_phase = false;
  if (r.enclosing_start_any && enclosing)
    for (int f = 0; f < r.files && !start_phase; ++f)
      for (int k = 0; k < r.ranks; ++k)
        if (r.enclosing_start[square_of(f, k)] && board_[square_of(f, k)] == empty_cell)
          start_phase = true;
  const bool anyside = r.enclosing_drop == Enclosing::anyside && !start_phase;
  std::optional<SquareMarksLease> anyside_squares;
  if (anyside) {
    anyside_squares.emplace();
    mark_anyside_drops(**anyside_squares);
  }
  for (int t = 0; t < static_cast<int>(r.types.size()); ++t) {
    if (!hand_[us][t] && !r.free_drops) continue;
    const int promoted = r.drop_promoted ? r.promoted_type[t] : -1;
    for (int f = 0; f < r.files; ++f) {
      if (anyside) {
        for (int k = 0; k < r.ranks; ++k) {
          const int to = square_of(f, k);
          if (!(**anyside_squares).marked(to)) continue;
          if (promoted >= 0) out.add(make_move(t, to, MoveKind::drop, promoted));
          out.add(make_move(t, to, MoveKind::drop, t));
        }
        continue;
      }
      if (t == r.drop_no_doubled) {
        int n = 0;
        for (int k = 0; k < r.ranks; ++k) n += board_[square_of(f, k)] == make_cell(us, t);
        if (n >= r.drop_no_doubled_count) continue;
      }
      for (int k = 0; k < r.ranks; ++k) {
        const int to = square_of(f, k);
        if (board_[to] != empty_cell || !r.drop_zone[us][to]) continue;
        if (!(r.may_stand[us][to] >> t & 1)) continue;
        if (r.sittuyin_rook_drop && t == r.rook_type && k != (us == white ? 0 : r.ranks - 1))
          continue;
        if (t == r.pawn) {
          if (!r.promotion_zone_pawn_drops && r.promotion_zone[us][to]) continue;
          if (!r.first_rank_pawn_drops && k == (us == white ? 0 : r.ranks - 1)) continue;
        }
        if (enclosing && !enclosing_allows(to, start_phase)) continue;
        if (promoted >= 0 && r.may_stand[us][to] >> promoted & 1)
          out.add(make_move(t, to, MoveKind::drop, promoted));
        out.add(make_move(t, to, MoveKind::drop, t));
      }
    }
  }
}

// enclosingDrop, for a drop of the side to move on the empty square `to`: reversi's encloses
// a line of the other side's pieces with an own piece along a queen's line; ataxx's is a
// king's step from an own piece; snort's is not a wazir's step from the other side's;
// top's is on the first rank or on a piece. At the start (start_phase) only the squares of
// enclosingDropStart.
bool Position::enclosing_allows(int to, bool start_phase) const {
  const Rules& r = *rules_;
  if (start_phase) return r.enclosing_start[to];
  const int us = side_, them = us ^ 1;
  auto holds = [&](int sq, int color) { return holds_piece_of(board_[sq], color); };
  constexpr const auto& around = king_steps;
  switch (r.enclosing_drop) {
    case Enclosing::reversi: {
      // As Fairy-Stockfish tests it: next to one of theirs, and along a queen's line over
      // their pieces and walls (which it does not count as blockers here; the flip stops at
      // them) to one of ours beyond the next square.
      auto wall = [&](int sq) { return board_[sq] == off_board && r.on_board(sq); };
      if (std::none_of(around.begin(), around.end(), [&](int d) { return holds(to + d, them); }))
        return false;
      for (int d : around) {
        int s = to + d;
        while (holds(s, them) || wall(s)) s += d;
        if (s != to + d && holds(s, us)) return true;
      }
      return false;
    }
    case Enclosing::ataxx:
      return std::any_of(around.begin(), around.end(), [&](int d) { return holds(to + d, us); });
    case Enclosing::snort:
      for (int d : {1, -1, board_width, -board_width})
        if (holds(to + d, them)) return false;
      return true;
    case Enclosing::top:
      return rank_of(to) == 0 ||
             (board_[to - board_width] != empty_cell && board_[to - board_width] != off_board);
    case Enclosing::none:
    case Enclosing::quadwrangle:
    case Enclosing::anyside:
      break;
  }
  return true;
}

// enclosingDrop = anyside, as Fairy-Stockfish computes it: for each rank whose a-file square
// is empty the westmost empty square with a piece (or the edge) east of it; for each file
// whose first square is empty the lowest empty square with a piece (or the edge) north of
// it; for each file whose last square is empty the lowest empty square with a piece south of
// it or on the first rank; for each rank whose last square is empty the westmost empty
// square with a piece west of it or on the a-file. (The last two take the lowest such square,
// not the one a piece slid in from that edge would reach, as Fairy-Stockfish does.)
void Position::mark_anyside_drops(SquareMarks& marks) const {
  const Rules& r = *rules_;
  auto occupied = [&](int f, int k) { return board_[square_of(f, k)] != empty_cell; };
  // The lowest square of a line (file by file or rank by rank) that is empty and whose
  // neighbour (df, dk) is occupied or off the board on that side.
  auto first = [&](bool along_rank, int line, int df, int dk) {
    const int n = along_rank ? r.files : r.ranks;
    for (int i = 0; i < n; ++i) {
      const int f = along_rank ? i : line, k = along_rank ? line : i;
      if (occupied(f, k)) continue;
      const int nf = f + df, nk = k + dk;
      const bool edge = nf < 0 || nf >= r.files || nk < 0 || nk >= r.ranks;
      if (edge || occupied(nf, nk)) {
        marks.mark(square_of(f, k));
        return;
      }
    }
  };
  for (int k = 0; k < r.ranks; ++k) {
    if (!occupied(0, k)) first(true, k, 1, 0);
    if (!occupied(r.files - 1, k)) first(true, k, -1, 0);
  }
  for (int f = 0; f < r.files; ++f) {
    if (!occupied(f, 0)) first(false, f, 0, 1);
    if (!occupied(f, r.ranks - 1)) first(false, f, 0, -1);
  }
}

// The rules on a drop beyond the king's safety, in Fairy-Stockfish's order: no check by a
// drop (dropChecks = false), bishops left for both colours (dropOppositeColoredBishop), a
// piece that could move from its square (immobilityIllegal).
bool Position::drop_allowed(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  if (!r.drop_checks && king_sq_[them]) {
    auto& self = const_cast<Position&>(*this);
    self.board_[m.to] = make_cell(us, m.promotion);
    const bool check = attacked(king_sq_[them], us);
    self.board_[m.to] = empty_cell;
    if (check) return false;
  }
  if (r.drop_opposite_colored_bishop && r.bishop_type >= 0) {
    const int b = r.bishop_type;
    const int bishops = count_[us][b] + hand_[us][b];
    // Dark squares as Fairy-Stockfish counts them: a1's colour.
    auto dark = [](int sq) { return (file_of(sq) + rank_of(sq)) % 2 == 0; };
    if (m.promotion != b) {
      int dark_room = 0, light_room = 0;
      for (int f = 0; f < r.files; ++f)
        for (int k = 0; k < r.ranks; ++k) {
          const int sq = square_of(f, k);
          const bool room = board_[sq] == make_cell(us, b) ||
                            (board_[sq] == empty_cell && sq != m.to && r.drop_zone[us][sq]);
          if (room) ++(dark(sq) ? dark_room : light_room);
        }
      if (dark_room < bishops / 2 || light_room < bishops / 2) return false;
    } else {
      int same = 0;
      for (int f = 0; f < r.files; ++f)
        for (int k = 0; k < r.ranks; ++k) {
          const int sq = square_of(f, k);
          if (board_[sq] == make_cell(us, b) && dark(sq) == dark(m.to)) ++same;
        }
      if (same + 1 > (bishops + 1) / 2) return false;
    }
  }
  if (r.immobility_illegal && !r.types[m.promotion].mobile[us][m.to]) return false;
  return true;
}

// mustDrop: while the side holds pieces (of mustDropType), a drop of another type is
// illegal, and so is every other move whenever a drop is legal.
void Position::apply_must_drop(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  if (r.must_drop_type >= 0 ? !hand_[us][r.must_drop_type] : !hand_total_[us]) return;
  int kept = 0;
  bool drop = false;
  for (const Move& m : out) {
    if (m.kind == MoveKind::drop && r.must_drop_type >= 0 && m.from != r.must_drop_type) continue;
    drop |= m.kind == MoveKind::drop;
    out[kept++] = m;
  }
  out.size = kept;
  if (!drop) return;
  kept = 0;
  for (const Move& m : out)
    if (m.kind == MoveKind::drop) out[kept++] = m;
  out.size = kept;
}

// mustCapture: whenever a capture is legal (after mustDrop has had its say, as in
// Fairy-Stockfish, where a capture mustDrop forbids does not count), only captures are.
// Castling (the king onto its own rook), drops and passes never capture.
void Position::apply_must_capture(MoveList& out) const {
  auto captures = [&](const Move& m) {
    return m.kind == MoveKind::en_passant ||
           (m.kind != MoveKind::castling && m.kind != MoveKind::drop && m.kind != MoveKind::pass &&
            board_[m.to] != empty_cell);
  };
  if (std::none_of(out.begin(), out.end(), captures)) return;
  int kept = 0;
  for (const Move& m : out)
    if (captures(m)) out[kept++] = m;
  out.size = kept;
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
      // Of two kings (one promoted to), Fairy-Stockfish moves only the one on the lowest
      // square, the one it guards.
      if (t == r.king && from != king_sq_[us]) continue;
      const PieceRules& p = r.types[t];
      if (p.pawn)
        add_pawn_moves(out, from);
      else if (p.overlapping)
        add_piece_moves<true>(out, from, t);
      else
        add_piece_moves<false>(out, from, t);
    }
  if (r.sittuyin_promotion) add_sittuyin_promotions(out);
  // Castling needs a right, and the king out of check (tested only when a right is left).
  if (r.castling && (castle_rook_[us][0] || castle_rook_[us][1]) && !in_check()) add_castling(out);
  if (r.seirawan_gating && hand_total_[us] && gates_[us]) add_gatings(out);
  if (r.cambodian_moves && gates_[us]) add_cambodian_moves(out);
  if (r.drops && (hand_total_[us] || r.free_drops)) add_drops(out);
  if (r.pass[us]) add_pass(out);
  if (r.wall_or_move) add_wall_pass(out);
}

// wallOrMove: a side may wall a square instead of moving, as Fairy-Stockfish writes it: a
// pass from its first piece's square (from a1 along the ranks) that carries the wall
// (add_walled gives it its walls; without one it is no move).
void Position::add_wall_pass(MoveList& out) const {
  const Rules& r = *rules_;
  for (int k = 0; k < r.ranks; ++k)
    for (int f = 0; f < r.files; ++f)
      if (holds_piece_of(board_[square_of(f, k)], side_)) {
        out.add(make_move(square_of(f, k), square_of(f, k), MoveKind::pass));
        return;
      }
}

// The move with each square it may wall (wallingRule), as Fairy-Stockfish chooses them: a
// square of the side's walling region, not a wall, empty after the move as it reckons it
// (empty now or the square the piece left, not the square it went to; castling: neither
// the king's nor the rook's new square; en passant: the taken pawn's square too), and by
// the rule: the square left (past), a square the moved piece's type reaches by a quiet move
// from where it went with the square it left empty (arrow: the amazons' shot), an edge of
// the board or a square beside a wall (edge), any (duck, static). A move that may wall no
// square is no move. With wallOrMove only the wall pass walls; every other move is as it is.
void Position::add_walled(MoveList& out, Move m) const {
  const Rules& r = *rules_;
  if (r.walling == Walling::none || (r.wall_or_move && m.kind != MoveKind::pass)) {
    out.add(m);
    return;
  }
  const int us = side_;
  int kto = -1, rto = -1;
  if (m.kind == MoveKind::castling) {
    const bool king_side = m.to > m.from;
    const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    kto = square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
    rto = kto + (king_side ? -1 : 1);
  }
  std::optional<SquareMarksLease> shot;
  if (r.walling == Walling::arrow) {
    // The quiet leaps and rides of the moved piece's type from where it went, the square it
    // left empty (Fairy-Stockfish's moves_bb: no initial moves, blocked by every piece and
    // wall).
    shot.emplace();
    SquareMarks& marks = **shot;
    auto& self = const_cast<Position&>(*this);
    const Cell moved = board_[m.from];
    const PieceRules& p = r.types[cell_type(moved)];
    self.board_[m.from] = empty_cell;
    for (const Leap& l : p.leaps[us]) {
      if (!l.moves) continue;
      bool clear = true;
      for (int i = 0; i < l.path_length; ++i)
        if (board_[m.to + l.path[i]] != empty_cell) clear = false;
      if (clear) marks.mark(m.to + l.offset);
    }
    for (const Ride& ride : p.rides[us]) {
      if (!ride.moves) continue;
      int sq = m.to + ride.offset;
      for (int steps = 1; board_[sq] == empty_cell; ++steps, sq += ride.offset) {
        marks.mark(sq);
        if (ride.max_steps && steps >= ride.max_steps) break;
      }
    }
    self.board_[m.from] = moved;
  }
  auto beside_wall = [&](int sq) {
    for (int d : {1, -1, board_width, -board_width})
      if (wall(sq + d)) return true;
    return false;
  };
  for (int k = 0; k < r.ranks; ++k)
    for (int f = 0; f < r.files; ++f) {
      const int sq = square_of(f, k);
      bool free = (board_[sq] == empty_cell || sq == m.from) && sq != m.to;
      if (m.kind == MoveKind::castling) free ^= (sq == m.to) ^ (sq == kto) ^ (sq == rto);
      if (m.kind == MoveKind::en_passant && sq == ep_victim_) free = !free;
      if (!free || !r.walling_zone[us][sq]) continue;
      switch (r.walling) {
        case Walling::past:
          free = sq == m.from;
          break;
        case Walling::arrow:
          free = (**shot).marked(sq);
          break;
        case Walling::edge:
          free = f == 0 || f == r.files - 1 || k == 0 || k == r.ranks - 1 || beside_wall(sq);
          break;
        case Walling::duck:
        case Walling::static_squares:
        case Walling::none:
          break;
      }
      if (free) out.add(with_wall(m, sq));
    }
}

// Cambodian chess's first moves, never captures: the king on its gate, not in check, leaps
// as a knight to the rank in front; the met (the fers) on its gate steps two squares ahead.
void Position::add_cambodian_moves(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  const int push = r.push(us);
  const int king = king_sq_[us];
  if (king && gate_at(us, king) && !in_check())
    for (int to : {king + push - 2, king + push + 2})
      if (board_[to] == empty_cell) out.add(make_move(king, to));
  if (r.fers_type < 0) return;
  for (int f = 0; f < r.files; ++f) {
    const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    const int from = square_of(f, rank);
    if (board_[from] == make_cell(us, r.fers_type) && gate_at(us, from) &&
        board_[from + 2 * push] == empty_cell)
      out.add(make_move(from, from + 2 * push));
  }
}

// Whether a piece of `type` from the hand may stand on `sq` as a drop may, as
// Fairy-Stockfish's drop region for a type says (the drop region and the type's mobility
// region; a pawn neither in its promotion zone nor on its first rank unless allowed; no
// more own pieces of the dropNoDoubled type on the file than its count).
bool Position::may_gate(int type, int sq) const {
  const Rules& r = *rules_;
  const int us = side_;
  if (!r.drop_zone[us][sq] || !(r.may_stand[us][sq] >> type & 1)) return false;
  if (type == r.pawn) {
    if (!r.promotion_zone_pawn_drops && r.promotion_zone[us][sq]) return false;
    if (!r.first_rank_pawn_drops && rank_of(sq) == (us == white ? 0 : r.ranks - 1)) return false;
  }
  if (type == r.drop_no_doubled) {
    int n = 0;
    for (int k = 0; k < r.ranks; ++k) n += board_[square_of(file_of(sq), k)] == make_cell(us, type);
    if (n >= r.drop_no_doubled_count) return false;
  }
  return true;
}

// seirawanGating: a move from a gate square may also put a piece from the hand on the
// square it leaves (castling: on the king's or the rook's square), where that piece may
// be dropped.
void Position::add_gatings(MoveList& out) const {
  const Rules& r = *rules_;
  const int us = side_;
  const int moves = out.size;
  for (int i = 0; i < moves; ++i) {
    const Move m = out[i];
    if (m.kind == MoveKind::pass) continue;  // a pass leaves no square
    for (int sq : {static_cast<int>(m.from), m.kind == MoveKind::castling ? m.to : 0}) {
      if (!sq || !gate_at(us, sq)) continue;
      for (int t = 0; t < static_cast<int>(r.types.size()); ++t)
        if (hand_[us][t] && may_gate(t, sq)) out.add(with_gate(m, t, sq));
    }
  }
}

// Whether the piece on `from` could make a plain move to `to` here (its own check aside),
// as Fairy-Stockfish's pseudo_legal() judges a normal move.
bool Position::plain_move_pseudo_legal(int from, int to) const {
  const Rules& r = *rules_;
  const Cell cell = board_[from];
  const Cell target = board_[to];
  if (cell == empty_cell || cell == off_board || target == off_board) return false;
  const int us = cell_color(cell);
  if (target != empty_cell && cell_color(target) == us) return false;
  const PieceRules& p = r.types[cell_type(cell)];
  if (p.pawn) return false;
  if (!(r.may_stand[us][to] >> cell_type(cell) & 1)) return false;
  const bool capture = target != empty_cell;
  for (const Leap& l : p.leaps[us]) {
    if (from + l.offset != to || !(capture ? l.captures : l.moves)) continue;
    bool clear = true;
    for (int i = 0; i < l.path_length; ++i)
      if (board_[from + l.path[i]] != empty_cell) clear = false;
    if (clear) return true;
  }
  for (const Ride& ride : p.rides[us]) {
    if (!(capture ? ride.captures : ride.moves)) continue;
    int sq = from + ride.offset;
    for (int steps = 1; board_[sq] != off_board; ++steps, sq += ride.offset) {
      if (sq == to) return true;
      if (board_[sq] != empty_cell || (ride.max_steps && steps >= ride.max_steps)) break;
    }
  }
  for (const Hop& hop : p.hops[us]) {
    if (!(capture ? hop.captures : hop.moves)) continue;
    int sq = from + hop.offset;
    int steps = 1;
    for (; board_[sq] == empty_cell; ++steps) sq += hop.offset;
    if (board_[sq] == off_board) continue;
    for (sq += hop.offset, ++steps; board_[sq] != off_board; sq += hop.offset, ++steps) {
      if (hop.max_steps && steps > hop.max_steps) break;
      if (sq == to) return true;
      if (board_[sq] != empty_cell || hop.grasshopper) break;
    }
  }
  if (p.soldier && r.soldier_zone[us][from])
    for (const Leap& l : p.soldier_side_leaps[us])
      if (from + l.offset == to && (capture ? l.captures : l.moves)) return true;
  return false;
}

bool Position::castling_legal(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int king_type = cell_type(board_[m.from]);
  if (!r.types[king_type].royal) {
    if (!r.extinction_pseudo_royal || !pseudo_royal(us, king_type)) return true;
    // A pseudo-royal king may not castle out of or through an attacked square (its
    // destination is tested with the move made, as every pseudo-royal piece's square).
    const bool king_side = m.to > m.from;
    const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    const int kto =
        square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
    auto& self = const_cast<Position&>(*this);
    const Cell king = board_[m.from];
    self.board_[m.from] = empty_cell;
    // With walls, as Fairy-Stockfish tests the path: the duck lifted, the new wall placed.
    std::array<std::int16_t, max_files * max_ranks> lifted{};
    int lifts = 0;
    const int wall_sq = wall_square(m);
    const Cell under_wall = board_[wall_sq];  // the rook, when the wall goes where it was
    if (wall_sq) {
      if (r.walling == Walling::duck)
        for (int f = 0; f < r.files; ++f)
          for (int k = 0; k < r.ranks; ++k)
            if (wall(square_of(f, k))) lifted[lifts++] = static_cast<std::int16_t>(square_of(f, k));
      for (int i = 0; i < lifts; ++i) self.board_[lifted[i]] = empty_cell;
      self.board_[wall_sq] = off_board;
    }
    bool safe = true;
    const int step = kto > m.from ? 1 : -1;
    for (int s = m.from; safe && (m.from != kto ? s != kto : s == m.from); s += step)
      safe = !attacked(s, them) || (r.blast_on_capture && touches_royal(s, them));
    if (wall_sq) {
      self.board_[wall_sq] = under_wall;
      for (int i = 0; i < lifts; ++i) self.board_[lifted[i]] = off_board;
    }
    self.board_[m.from] = king;
    return safe;
  }
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

// The flying general: whether the king on `king` sees the other king (of `them`) along an
// open rank or file, which Fairy-Stockfish forbids as if that king were a rook.
bool Position::kings_face(int king, int them) const {
  if (!king_sq_[them]) return false;
  for (int offset : {1, -1, board_width, -board_width}) {
    int s = king + offset;
    while (board_[s] == empty_cell) s += offset;
    if (s == king_sq_[them]) return true;
  }
  return false;
}

bool Position::legal(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  // A wall shields nothing in Fairy-Stockfish's test of a move, except where pseudo-royal
  // pieces are tested on the position after the move (the duck lifted, the wall placed).
  if (wall_square(m) && !r.extinction_pseudo_royal) m.gate = 0;
  if (gates_piece(m)) {
    // A gate may not be where the castled king or rook lands. Otherwise Fairy-Stockfish
    // judges a gating move as the move without its gate (the gated piece shields nothing),
    // except where pseudo-royal pieces are tested with the gated piece on the board.
    if (m.kind == MoveKind::castling) {
      const bool king_side = m.to > m.from;
      const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
      const int kto =
          square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
      const int rto = kto + (king_side ? -1 : 1);
      if (gate_square(m) == kto || gate_square(m) == rto) return false;
    }
    if (!r.extinction_pseudo_royal) m.gate = 0;
  }
  if (m.kind == MoveKind::castling && !castling_legal(m)) return false;
  if (r.mutually_immune_types && m.kind != MoveKind::drop && m.kind != MoveKind::castling &&
      board_[m.to] != empty_cell) {
    const int t = cell_type(board_[m.from]);
    if ((r.mutually_immune_types >> t & 1) && cell_type(board_[m.to]) == t) return false;
  }
  // Bikjang: a pass is always legal, in check or not; any other move must part the kings.
  if (bikjang_ && m.kind == MoveKind::pass) return true;
  if (r.immobility_illegal && m.kind == MoveKind::normal &&
      !r.types[cell_type(board_[m.from])].mobile[us][m.to])
    return false;
  auto& self = const_cast<Position&>(*this);
  if (r.makpong && m.kind == MoveKind::normal && king_sq_[us] && m.from == king_sq_[us] &&
      attacked(m.from, them)) {
    // The king in check may only take its checker, and only when that is the one: the
    // taken piece, turned ours for a moment, still blocks but no longer attacks.
    const Cell target = board_[m.to];
    if (target == empty_cell) return false;
    self.board_[m.to] = make_cell(us, cell_type(target));
    const bool another = attacked(m.from, them);
    self.board_[m.to] = target;
    if (another) return false;
  }
  if (r.checking && !r.extinction_pseudo_royal &&
      (m.kind == MoveKind::normal || m.kind == MoveKind::promotion ||
       m.kind == MoveKind::piece_promotion || m.kind == MoveKind::piece_demotion)) {
    // Only our king's safety matters: lift the piece onto its target, look, put it back.
    // (Attack tests look at the board only, so a captured piece simply is not there.)
    const Cell moved = board_[m.from];
    const Cell captured = board_[m.to];
    self.board_[m.from] = empty_cell;
    self.board_[m.to] = moved;
    const int king = m.from == king_sq_[us] ? m.to : king_sq_[us];
    const bool ok = !(king && attacked(king, them)) &&
                    !((r.flying_general || bikjang_) && king && kings_face(king, them));
    self.board_[m.to] = captured;
    self.board_[m.from] = moved;
    return ok;
  }
  if (r.checking && !r.extinction_pseudo_royal && m.kind == MoveKind::drop) {
    // A drop only adds a blocker (or the king itself, in placement): put it, look, take it.
    self.board_[m.to] = make_cell(us, m.promotion);
    const int king = m.promotion == r.king ? m.to : king_sq_[us];
    const bool ok = !(king && attacked(king, them)) &&
                    !((r.flying_general || bikjang_) && king && kings_face(king, them));
    self.board_[m.to] = empty_cell;
    return ok;
  }
  if (r.extinction_pseudo_royal) return pseudo_royal_legal(m);
  // Without a royal king nothing is left to test.
  if (r.king < 0) return true;
  // make/unmake restore the position exactly, so the check is const from outside.
  const bool was_bikjang = bikjang_;
  self.make(m);
  bool ok = !(king_sq_[us] && attacked(king_sq_[us], them));
  if (ok && (r.flying_general || was_bikjang) && king_sq_[us] && kings_face(king_sq_[us], them))
    ok = false;
  if (ok && !r.checking && king_sq_[them] && attacked(king_sq_[them], us)) ok = false;
  self.unmake();
  return ok;
}

std::uint32_t Position::checker_types() const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int king = king_sq_[us];
  std::uint32_t types = 0;
  if (!king) return types;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      const Cell c = board_[sq];
      if (c == empty_cell || c == off_board || cell_color(c) != them) continue;
      const int t = cell_type(c);
      const bool checks = r.types[t].pawn
                              ? sq + r.push(them) - 1 == king || sq + r.push(them) + 1 == king
                              : plain_move_pseudo_legal(sq, king);
      if (checks) types |= 1u << t;
    }
  return types;
}

std::uint8_t Position::check_entry() const {
  if (!in_check()) return 0;
  return rules_->shatar_mate && (checker_types() & rules_->shak_types) ? 3 : 1;
}

std::pair<EndValue, const char*> Position::checkmate_result() const {
  const Rules& r = *rules_;
  if (!r.shatar_mate) return {r.checkmate, "checkmate"};
  // A mate by knights alone loses for the side that gave it.
  const std::uint32_t checkers = checker_types();
  if (r.knight_type >= 0 && checkers && !(checkers & ~(1u << r.knight_type)))
    return {EndValue::win, "knight_mate"};
  // Back through the unbroken series of checks of the mated side: one shak makes the mate.
  for (std::size_t j = checks_.size() - 1; checks_[j]; j -= 2) {
    if (checks_[j] & 2) return {r.checkmate, "checkmate"};
    if (j < 2) break;
  }
  return {EndValue::draw, "niol"};
}

bool Position::pseudo_royal(int color, int type) const {
  const Rules& r = *rules_;
  if (r.extinction_all) return total_[color] <= r.extinction_count + 1;
  return (r.extinction_types >> type & 1) && count_[color][type] <= r.extinction_count + 1;
}

// Whether the move leaves the other side's royal king attacked.
bool Position::gives_check(Move m) const {
  const int us = side_;
  auto& self = const_cast<Position&>(*this);
  self.make(m);
  const bool check = king_sq_[us ^ 1] && attacked(king_sq_[us ^ 1], us);
  self.unmake();
  return check;
}

// dupleCheck: whether `color` has pieces of the extinction types and every one is attacked.
bool Position::all_extinction_attacked(int color, std::uint32_t ignored_types) const {
  const Rules& r = *rules_;
  bool any = false;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      const Cell c = board_[sq];
      if (c == empty_cell || cell_color(c) != color) continue;
      if (!r.extinction_all && !(r.extinction_types >> cell_type(c) & 1)) continue;
      if (!attacked(sq, color ^ 1, ignored_types) ||
          (r.blast_on_capture && touches_royal(sq, color ^ 1)))
        return false;
      any = true;
    }
  return any;
}

bool Position::pseudo_royal_attacked(int color) const {
  const Rules& r = *rules_;
  if (r.duple_check && all_extinction_attacked(color)) return true;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      const Cell c = board_[sq];
      if (c != empty_cell && cell_color(c) == color && pseudo_royal(color, cell_type(c)) &&
          attacked(sq, color ^ 1) && !(r.blast_on_capture && touches_royal(sq, color ^ 1)))
        return true;
    }
  return false;
}

// A move where extinctionPseudoRoyal holds, as Fairy-Stockfish judges it: the pieces that
// were pseudo-royal before the move (counted then) may not be attacked after it, nor a
// piece of an extinction type just dropped, nor a piece promoted to one (unless the side
// already had more than extinctionPieceCount of that type, which then loses its royalty);
// a move that takes a pseudo-royal piece of the other side is legal whatever it leaves.
bool Position::pseudo_royal_legal(Move m) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  // Royalty is the pieces' before the move (Fairy-Stockfish keeps it as a set of squares
  // and moves it with the piece), so a piece promoted to an extinction type is not royal,
  // except a pawn's promotion, which ...
  std::array<bool, max_types> royal{};
  for (std::size_t t = 0; t < r.types.size(); ++t) royal[t] = pseudo_royal(us, static_cast<int>(t));
  const bool extinction_type =
      !r.extinction_all && m.promotion >= 0 && (r.extinction_types >> m.promotion & 1);
  // ... makes the new piece royal, or takes royalty from all of its type when the side
  // already had more than extinctionPieceCount of them.
  const bool pawn_promotion = m.kind == MoveKind::promotion && extinction_type;
  const bool strips = pawn_promotion && count_[us][m.promotion] > r.extinction_count;
  const bool mover = m.kind == MoveKind::normal || m.kind == MoveKind::promotion ||
                     m.kind == MoveKind::piece_promotion || m.kind == MoveKind::piece_demotion ||
                     m.kind == MoveKind::en_passant;
  const bool mover_royal = mover && royal[cell_type(board_[m.from])];
  int taken = -1;
  if (m.kind == MoveKind::en_passant)
    taken = ep_victim_;
  else if (m.kind != MoveKind::castling && m.kind != MoveKind::drop)
    taken = m.to;
  bool takes_royal = taken >= 0 && board_[taken] != empty_cell &&
                     cell_color(board_[taken]) == them &&
                     pseudo_royal(them, cell_type(board_[taken]));
  std::array<bool, max_types> royal_them{};
  if (r.blast_on_capture)
    for (std::size_t t = 0; t < r.types.size(); ++t)
      royal_them[t] = pseudo_royal(them, static_cast<int>(t));
  auto& self = const_cast<Position&>(*this);
  self.make(m);
  // Fairy-Stockfish's test empties a blast's squares, the walls petrification leaves there
  // included: they shield nothing in it.
  std::array<std::int16_t, king_steps.size() + 1> unwalled{};
  std::size_t unwalls = 0;
  if (r.blast_on_capture && r.petrify_types)
    for (int i = 0; i < undo_.back().blasted; ++i) {
      const Blasted& b = blasted_[blasted_.size() - 1 - static_cast<std::size_t>(i)];
      if (!b.walled) continue;
      self.board_[b.sq] = empty_cell;
      unwalled[unwalls++] = b.sq;
    }
  bool ok = !(king_sq_[us] && attacked(king_sq_[us], them));
  // A blast may not remove one of our pseudo-royal pieces (even if it also removes one of
  // theirs); one of theirs removed ends the test, as a capture of one does.
  for (int i = 0; i < undo_.back().blasted; ++i) {
    const Blasted& b = blasted_[blasted_.size() - 1 - static_cast<std::size_t>(i)];
    const int t = cell_type(b.cell);
    if (cell_color(b.cell) == them) {
      takes_royal = takes_royal || royal_them[t];
    } else if (b.sq == m.to ? mover_royal || (r.blast_on_capture && pawn_promotion && !strips)
                            : royal[t] && !(strips && t == m.promotion)) {
      ok = false;
    }
  }
  // With blasts, a piece touching one of their pseudo-royal pieces cannot be taken.
  auto touches_theirs = [&](int sq) {
    if (!r.blast_on_capture) return false;
    for (int offset : king_steps) {
      const Cell c = board_[sq + offset];
      if (holds_piece_of(c, them) && royal_them[cell_type(c)]) return true;
    }
    return false;
  };
  if (ok && r.flying_general && king_sq_[us] && kings_face(king_sq_[us], them)) ok = false;
  // Their pieces of types both petrifying and of extinction attack nothing here, as
  // Fairy-Stockfish tests it (taking would turn them into walls).
  const std::uint32_t harmless = r.petrify_types & (r.extinction_all ? ~0u : r.extinction_types);
  if (ok && !takes_royal)
    for (int f = 0; ok && f < r.files; ++f)
      for (int k = 0; ok && k < r.ranks; ++k) {
        const int sq = square_of(f, k);
        const Cell c = board_[sq];
        if (c == empty_cell || cell_color(c) != us) continue;
        const int t = cell_type(c);
        bool is_royal = royal[t] && !(strips && t == m.promotion);
        if (sq == m.to && m.kind == MoveKind::drop) is_royal = extinction_type;
        if (sq == m.to && mover) is_royal = mover_royal || (pawn_promotion && !strips);
        if (is_royal && attacked(sq, them, harmless) && !touches_theirs(sq)) ok = false;
      }
  if (ok && !takes_royal && r.duple_check && all_extinction_attacked(us, harmless)) ok = false;
  if (ok && !r.checking && king_sq_[them] && attacked(king_sq_[them], us)) ok = false;
  for (std::size_t i = 0; i < unwalls; ++i) self.board_[unwalled[i]] = off_board;
  self.unmake();
  return ok;
}

std::optional<ImmediateEnd> Position::immediate_result() const {
  const Rules& r = *rules_;
  // Extinction: the side that just moved is checked first, as Fairy-Stockfish does; the
  // value is from the point of view of the side that lost its pieces. Pieces in hand count
  // as still there (Fairy-Stockfish's count_with_hand).
  // Pseudo-royal pieces are never taken, so their extinction is no end (Fairy-Stockfish),
  // unless a blast removes them.
  if (r.extinction != EndValue::none && (!r.extinction_pseudo_royal || r.blast_on_capture)) {
    auto all = [&](int c) { return total_[c] + hand_total_[c]; };
    auto of_type = [&](int c, std::size_t t) { return count_[c][t] + hand_[c][t]; };
    for (int c : {side_ ^ 1, side_}) {
      const int extra = r.extinction_claim && c == side_ ? 1 : 0;
      bool extinct = r.extinction_all && all(c) <= r.extinction_count &&
                     all(c ^ 1) >= r.extinction_opponent_count + extra;
      for (std::size_t t = 0; t < r.types.size() && !extinct; ++t)
        extinct = (r.extinction_types >> t & 1) && of_type(c, t) <= r.extinction_count &&
                  of_type(c ^ 1, t) >= r.extinction_opponent_count + extra;
      if (extinct) {
        EndValue v = r.extinction;
        if (c != side_)
          v = v == EndValue::win ? EndValue::loss : v == EndValue::loss ? EndValue::win : v;
        return ImmediateEnd{v, "extinction"};
      }
    }
  }
  // Flags, as Fairy-Stockfish judges them: with flagMove (or flagPieceSafe) the side to move
  // wins when it still holds the flag it reached before, unless both hold theirs, a draw
  // when White's king was first (racing kings) or with flagPieceSafe alone. A flag just
  // reached wins at once where the other side gets no extra move, or for a king flag
  // unless Black's king can still reach its own (racing kings).
  if ((r.flag_move || r.flag_piece_safe) && flag_reached(side_)) {
    const bool both_draw = (r.flag_move && side_ == white && r.flag_type[black] == r.king) ||
                           (r.flag_piece_safe && !r.flag_move);
    return ImmediateEnd{both_draw && flag_reached(side_ ^ 1) ? EndValue::draw : EndValue::win,
                        "flag"};
  }
  if ((!r.flag_move || r.flag_piece_safe || r.flag_type[side_] == r.king) &&
      flag_reached(side_ ^ 1) &&
      !(r.flag_move && r.flag_type[side_] == r.king && side_ == black && king_can_reach_flag()))
    return ImmediateEnd{EndValue::loss, "flag"};
  if (r.castling_wins_any)
    if (const auto end = castling_result()) return end;
  // n-check: the side that has just moved gave its last check.
  if (r.check_counting && checks_left_[side_ ^ 1] == 0)
    return ImmediateEnd{EndValue::loss, "check_count"};
  // Connections, for the side that has just moved; connectValue is its own.
  if ((r.connect_n || r.connect_nxn || r.connect_regions) && connected(side_ ^ 1)) {
    const EndValue v = r.connect_value;
    return ImmediateEnd{v == EndValue::win    ? EndValue::loss
                        : v == EndValue::loss ? EndValue::win
                                              : v,
                        "connect"};
  }
  if (r.collinear_n && collinear(side_ ^ 1)) {
    const EndValue v = r.connect_value;
    return ImmediateEnd{v == EndValue::win    ? EndValue::loss
                        : v == EndValue::loss ? EndValue::win
                                              : v,
                        "collinear"};
  }
  // Bikjang left standing by both sides' moves, or two passes in a row, end the game.
  if (!undo_.empty()) {
    if (bikjang_ && undo_.back().bikjang) return ImmediateEnd{material_result(), "bikjang"};
    // (With wallOrMove a pass walls a square: two in a row end nothing, as in Fairy-Stockfish.)
    if (passed_ && undo_.back().passed && !r.wall_or_move)
      return ImmediateEnd{material_result(), "double_pass"};
  }
  // adjudicateFullBoard: no empty square left.
  if (r.adjudicate_full_board && total_[white] + total_[black] + walls_ == r.files * r.ranks)
    return ImmediateEnd{material_result(), "full_board"};
  return std::nullopt;
}

// Castle chess (castlingWins), as Fairy-Stockfish judges it: castling on a listed wing
// wins at once. Else a side left with none of its listed rights loses, the side that has
// just moved looked at first (a rook taking a rook may end both sides' rights: the taker
// loses, as with extinction). The win is looked at first, as castling ends the castler's
// rights too.
std::optional<ImmediateEnd> Position::castling_result() const {
  const Rules& r = *rules_;
  const int mover = side_ ^ 1;
  if (!undo_.empty()) {
    const Move m = undo_.back().move;
    // The castling move goes from the king to its rook: a rook on a higher square is the
    // king side (index 0), as castle_rook_ holds them.
    if (m.kind == MoveKind::castling && r.castling_wins[mover][m.to > m.from ? 0 : 1])
      return ImmediateEnd{EndValue::loss, "castling"};
  }
  for (int c : {mover, side_}) {
    const auto& wins = r.castling_wins[c];
    if (!wins[0] && !wins[1]) continue;
    if ((wins[0] && castle_rook_[c][0]) || (wins[1] && castle_rook_[c][1])) continue;
    return ImmediateEnd{c == side_ ? EndValue::loss : EndValue::win, "castling_right"};
  }
  return std::nullopt;
}

// Janggi's points: chariot 13, cannon 7, horse 5, elephant and advisor 3, soldier 2, and
// 1.5 to Black (a tie is Black's); or the more pieces; or one side always.
EndValue Position::material_result() const {
  const Rules& r = *rules_;
  int white_ahead = 0;  // > 0: White wins, < 0: Black wins, 0: draw
  switch (r.material_counting) {
    case MaterialCounting::none:
      return EndValue::draw;
    case MaterialCounting::janggi: {
      int points = -1;
      for (std::size_t t = 0; t < r.types.size(); ++t) {
        const std::string& name = r.types[t].name;
        const int weight = name == "rook"                                ? 13
                           : name == "janggiCannon"                      ? 7
                           : name == "horse"                             ? 5
                           : name == "janggiElephant" || name == "wazir" ? 3
                           : name == "soldier"                           ? 2
                                                                         : 0;
        points += weight * (count_[white][t] - count_[black][t]);
      }
      white_ahead = points > 0 ? 1 : -1;
      break;
    }
    case MaterialCounting::unweighted:
      white_ahead = total_[white] - total_[black];
      break;
    case MaterialCounting::white_draw_odds:
      white_ahead = 1;
      break;
    case MaterialCounting::black_draw_odds:
      white_ahead = -1;
      break;
  }
  if (white_ahead == 0) return EndValue::draw;
  return (white_ahead > 0) == (side_ == white) ? EndValue::win : EndValue::loss;
}

// As Fairy-Stockfish tests it: a run of connectN along one of the allowed lines, an
// N-by-N square, or a chain from the first connect region that reaches the second
// growing only east, north, north-east and south-east (its bitboard shifts).
bool Position::connects(int sq, int color) const {
  const Cell c = board_[sq];
  return holds_piece_of(c, color) && (rules_->connect_types >> cell_type(c) & 1);
}

bool Position::connected(int color) const {
  const Rules& r = *rules_;
  auto connects = [&](int sq) { return this->connects(sq, color); };
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      if (!connects(sq)) continue;
      if (r.connect_n)
        for (int d : r.connect_offsets) {
          int run = 1;
          while (run < r.connect_n && connects(sq + run * d)) ++run;
          if (run >= r.connect_n) return true;
        }
      if (r.connect_nxn && f + r.connect_nxn <= r.files && k + r.connect_nxn <= r.ranks) {
        bool square = true;
        for (int i = 0; i < r.connect_nxn && square; ++i)
          for (int j = 0; j < r.connect_nxn && square; ++j)
            square = connects(square_of(f + i, k + j));
        if (square) return true;
      }
    }
  if (!r.connect_regions) return false;
  SquareSet reached{};
  std::vector<int> frontier;
  bool target_held = false;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      if (!connects(sq)) continue;
      target_held = target_held || r.connect_region2[color][sq];
      if (r.connect_region1[color][sq]) {
        reached[sq] = true;
        frontier.push_back(sq);
      }
    }
  if (frontier.empty() || !target_held) return false;
  while (!frontier.empty()) {
    const int sq = frontier.back();
    frontier.pop_back();
    for (int d : r.connect_offsets) {
      const int next = sq + d;
      if (!connects(next)) continue;
      if (r.connect_region2[color][next]) return true;
      if (!reached[next]) {
        reached[next] = true;
        frontier.push_back(next);
      }
    }
  }
  return false;
}

// As Fairy-Stockfish counts it: collinearN of the pieces on one line of an allowed
// direction, however far apart, whatever stands between them (other pieces, empty squares,
// walls). Each line is counted once, from its first square.
bool Position::collinear(int color) const {
  const Rules& r = *rules_;
  for (int d : r.connect_offsets)
    for (int f = 0; f < r.files; ++f)
      for (int k = 0; k < r.ranks; ++k) {
        const int start = square_of(f, k);
        if (r.on_board(start - d)) continue;
        int count = 0;
        for (int sq = start; r.on_board(sq); sq += d) count += connects(sq, color) ? 1 : 0;
        if (count >= r.collinear_n) return true;
      }
  return false;
}

// At least one flag piece of `color` in its flag region, and flagPieceCount of them there,
// or (flagPieceBlockedWin) no empty square left in the region, as Fairy-Stockfish has it.
bool Position::flag_reached(int color) const {
  const Rules& r = *rules_;
  if (r.flag_type[color] == -1) return false;
  int flags = 0;
  bool region_full = true;
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) {
      const int sq = square_of(f, k);
      if (!r.flag_zone[color][sq]) continue;
      const Cell c = board_[sq];
      if (c != empty_cell && cell_color(c) == color && r.flag_piece(color, cell_type(c))) ++flags;
      if (board_[sq] == empty_cell) region_full = false;
    }
  const bool reached =
      flags > 0 && (flags >= r.flag_piece_count || (r.flag_piece_blocked_win && region_full));
  // flagPieceSafe: at exactly the count needed, none of them may be attacked (with flagMove,
  // only for the side that has just moved: the other's unsafe pieces get their extra move).
  if (reached && r.flag_piece_safe && flags == r.flag_piece_count &&
      (!r.flag_move || color != side_))
    for (int f = 0; f < r.files; ++f)
      for (int k = 0; k < r.ranks; ++k) {
        const int sq = square_of(f, k);
        const Cell c = board_[sq];
        if (r.flag_zone[color][sq] && c != empty_cell && cell_color(c) == color &&
            r.flag_piece(color, cell_type(c)) && attacked(sq, color ^ 1))
          return false;
      }
  return reached;
}

// Racing kings: after White's king reached its flag, Black may still draw by reaching its
// own with its king on the next move; the game goes on while such a move is legal.
bool Position::king_can_reach_flag() const {
  const Rules& r = *rules_;
  const int us = side_;
  if (!king_sq_[us] || in_check()) return false;
  MoveList moves;
  generate(moves);
  for (const Move& m : moves)
    if (m.kind == MoveKind::normal && m.from == king_sq_[us] && r.flag_zone[us][m.to] && legal(m))
      return true;
  return false;
}

// Marks the squares whose piece, by leaving, could expose our king: our first piece on
// each line from the king along which an enemy rider attacks, and the squares on a lame
// leaper's path to the king. A move from any other square (not the king's, not en
// passant, not in check) cannot expose the king, so it needs no make/unmake test.
void Position::mark_exposing_squares(SquareMarks& exposing) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int king = king_sq_[us];
  for (int offset : r.attack_ride_offsets[them]) {
    int s = king - offset;
    while (board_[s] == empty_cell) s -= offset;
    if (!holds_piece_of(board_[s], us)) continue;
    // Our piece shields the king only when an enemy piece that rides this way stands beyond.
    int beyond = s - offset;
    while (board_[beyond] == empty_cell) beyond -= offset;
    if (holds_piece_of(board_[beyond], them) &&
        rides_along(them, offset, cell_type(board_[beyond])))
      exposing.mark(s);
  }
  mark_lame_paths(exposing);
  // The flying general: a piece that leaves the line between the kings lets them face.
  if (r.flying_general)
    for (int offset : {1, -1, board_width, -board_width}) {
      int s = king + offset;
      while (board_[s] == empty_cell) s += offset;
      if (board_[s] != off_board && cell_color(board_[s]) == us) exposing.mark(s);
    }
}

// Not in check, with enemy hoppers or diagonal lines: the pieces whose leaving a line of
// the king may make a check (exposing), and the squares onto which a move may (screening).
// Along each hopper direction from the king, with p1, p2, p3 the first pieces on it: an
// enemy hopper as p1 is checked by a screen put between; as p2 or p3, by our p1 or p2
// leaving (a cannon's second screen goes, or a grasshopper's screen moves next to the
// king); with janggi's cannons, by a capture on the line too. Every square of the diagonal
// lines within reach of the king is both.
void Position::mark_screen_squares(SquareMarks& exposing, SquareMarks& screening) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int king = king_sq_[us];
  for (const Rules::HopStep& h : r.hop_attacks[them]) {
    const std::uint32_t types = h.cannon_types | h.grasshopper_types | h.ranged_types;
    auto hopper = [&](int sq) {
      return sq && holds_piece_of(board_[sq], them) && (types >> cell_type(board_[sq]) & 1);
    };
    int pieces[3] = {0, 0, 0};
    int s = king - h.offset;
    for (int n = 0; n < 3; ++n) {
      while (board_[s] == empty_cell) s -= h.offset;
      if (board_[s] == off_board) break;
      pieces[n] = s;
      s -= h.offset;
    }
    if (hopper(pieces[0]) || hopper(pieces[1]))
      for (int e = king - h.offset; e != pieces[hopper(pieces[0]) ? 0 : 1]; e -= h.offset)
        if (board_[e] == empty_cell) screening.mark(e);
    if (hopper(pieces[1]) || hopper(pieces[2]))
      if (holds_piece_of(board_[pieces[0]], us)) exposing.mark(pieces[0]);
    if (hopper(pieces[2]) && holds_piece_of(board_[pieces[1]], us)) exposing.mark(pieces[1]);
    // Janggi's cannon is no screen: taking a cannon that stands in the way of another makes
    // the taker one.
    if ((h.cannon_types & r.janggi_cannon_types) &&
        (hopper(pieces[0]) || hopper(pieces[1]) || hopper(pieces[2])))
      for (int p : pieces)
        if (holds_piece_of(board_[p], them)) screening.mark(p);
  }
  if (r.diagonals && r.diagonal_lines[king])
    for (std::size_t d = 0; d < 4; ++d) {
      const int offset = Rules::diagonal_offsets[d];
      const int reach = r.diagonal_reach[static_cast<std::size_t>(king)][d];
      for (int s = king + offset, n = 0; n < reach; s += offset, ++n) {
        exposing.mark(s);
        screening.mark(s);
      }
    }
}

// Whether pieces of `type` and colour `color` capture along `offset` as riders (limited or
// not).
bool Position::rides_along(int color, int offset, int type) const {
  const Rules& r = *rules_;
  for (const Rules::AttackStep& step : r.ride_attacks[color])
    if (step.offset == offset && (step.types >> type & 1)) return true;
  for (const Rules::LimitedRide& ride : r.limited_ride_attacks[color])
    if (ride.offset == offset && ride.type == type) return true;
  return false;
}

// In check: the empty squares between the king and each enemy rider aimed at it, and the
// paths of enemy lame leapers that attack it. Only a piece put or moved onto one of these
// (or a capture, or a king move) can end a check by leapers, riders and lame leapers.
void Position::mark_blocking_squares(SquareMarks& blocking) const {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  const int king = king_sq_[us];
  for (int offset : r.attack_ride_offsets[them]) {
    int s = king - offset;
    while (board_[s] == empty_cell) s -= offset;
    if (!holds_piece_of(board_[s], them)) continue;
    for (int b = king - offset; b != s; b -= offset) blocking.mark(b);
  }
  mark_lame_paths(blocking);
}

// The paths of the enemy lame leapers that attack our king: a piece leaving one may expose
// the king, a piece put on one blocks the attack.
void Position::mark_lame_paths(SquareMarks& marks) const {
  const int them = side_ ^ 1;
  const int king = king_sq_[side_];
  for (const auto& [type, leap] : rules_->lame_attacks[them]) {
    const int from = king - leap.offset;
    if (board_[from] != make_cell(them, type)) continue;
    for (int i = 0; i < leap.path_length; ++i) marks.mark(from + leap.path[i]);
  }
}

void Position::pseudo_legal_moves(MoveList& out) const {
  out.size = 0;
  if (rules_->walling == Walling::none) {
    generate(out);
    return;
  }
  MoveList base;
  generate(base);
  for (const Move& m : base) add_walled(out, m);
}

void Position::legal_moves(MoveList& out, bool shortcuts) const {
  out.size = 0;
  if (immediate_result()) return;
  MoveList pseudo;
  generate(pseudo);
  const Rules& r = *rules_;
  const int king = king_sq_[side_];
  // The shortcut needs a royal king not in check, and checks allowed (else every move
  // must be tested for giving check); not bikjang's duty to part the kings.
  const bool simple = shortcuts && king && r.checking && !r.extinction_pseudo_royal && !bikjang_;
  const bool check = simple && attacked(king, side_ ^ 1);
  const bool quick = simple && !check;
  // In check, a move that neither takes, nor moves the king, nor lands on a blocking square
  // leaves the check as it was. Not where a move does more than move one piece: blasts,
  // flips, gates, or kings that may not face each other; nor where a second screen or a
  // piece leaving a screen ends a hopper's check, nor along the diagonal lines.
  const bool evading = check && !r.blast_on_capture && r.flip == Enclosing::none &&
                       !r.flying_general && r.hop_attacks[side_ ^ 1].empty() && !r.diagonals;
  // With enemy hoppers, or diagonal lines through the king, a move onto a square can make
  // a check too: those squares are marked as targets to test.
  const bool screens = quick && (!r.hop_attacks[side_ ^ 1].empty() || r.diagonals);
  std::optional<SquareMarksLease> exposing, screening, blocking;
  if (quick) {
    exposing.emplace();
    mark_exposing_squares(**exposing);
    if (screens) {
      screening.emplace();
      mark_screen_squares(**exposing, **screening);
    }
  } else if (evading) {
    blocking.emplace();
    mark_blocking_squares(**blocking);
  }
  // Walls: a move is legal with every wall it may place, except where pseudo-royal pieces
  // are tested on the position after the move, which the new wall changes: each is tested.
  // (On the heap: an empty std::optional of a list would clear the list's room each time.)
  std::unique_ptr<MoveList> walled;
  if (r.walling != Walling::none && r.extinction_pseudo_royal)
    walled = std::make_unique<MoveList>();
  const bool walls = r.walling != Walling::none;
  auto keep = [&](const Move& m) {
    if (walls)
      add_walled(out, m);
    else
      out.add(m);
  };
  for (const Move& m : pseudo) {
    if (walled) {
      walled->size = 0;
      add_walled(*walled, m);
      if (!walled->size) continue;
      // A new wall only shields: a move legal with the duck lifted and no wall placed is
      // legal with each of its walls; otherwise each is tested.
      auto& self = const_cast<Position&>(*this);
      std::array<std::int16_t, max_files * max_ranks> ducks{};
      int lifted = 0;
      if (r.walling == Walling::duck)
        for (int f = 0; f < r.files; ++f)
          for (int k = 0; k < r.ranks; ++k)
            if (wall(square_of(f, k))) ducks[lifted++] = static_cast<std::int16_t>(square_of(f, k));
      for (int i = 0; i < lifted; ++i) self.board_[ducks[i]] = empty_cell;
      self.walls_ -= lifted;
      const bool bare = legal(m);
      for (int i = 0; i < lifted; ++i) self.board_[ducks[i]] = off_board;
      self.walls_ += lifted;
      // Fairy-Stockfish's test blasts every square next to a capture's target that held a
      // piece other than a pawn before the move, the capturer's own square among them: a
      // wall placed there shields nothing in its test.
      const bool blasts_origin =
          r.blast_on_capture && m.kind != MoveKind::castling && m.kind != MoveKind::en_passant &&
          holds_piece_of(board_[m.to], side_ ^ 1) && cell_type(board_[m.from]) != r.pawn &&
          std::find(king_steps.begin(), king_steps.end(), m.to - m.from) != king_steps.end();
      for (const Move& w : *walled)
        if (bare || (!(blasts_origin && wall_square(w) == m.from) && legal(w))) out.add(w);
      continue;
    }
    // A sittuyin promotion may not give check.
    if (r.sittuyin_promotion && m.kind == MoveKind::promotion) {
      if (legal(m) && !gives_check(m)) out.add(m);
      continue;
    }
    if (quick && m.kind != MoveKind::en_passant && m.kind != MoveKind::castling && m.from != king &&
        !(**exposing).marked(m.from) && !(screens && (**screening).marked(m.to))) {
      if (!r.immobility_illegal || m.kind != MoveKind::normal ||
          r.types[cell_type(board_[m.from])].mobile[side_][m.to])
        keep(m);
      continue;
    }
    if (evading && m.from != king && !m.gate && board_[m.to] == empty_cell &&
        (m.kind == MoveKind::drop || m.kind == MoveKind::normal || m.kind == MoveKind::promotion ||
         m.kind == MoveKind::piece_promotion || m.kind == MoveKind::piece_demotion) &&
        !(**blocking).marked(m.to))
      continue;
    if (legal(m)) keep(m);
  }
  if (r.drops) {
    int kept = 0;
    for (const Move& m : out)
      if (m.kind != MoveKind::drop || drop_allowed(m)) out[kept++] = m;
    out.size = kept;
    if (r.must_drop) apply_must_drop(out);
  }
  if (r.must_capture) apply_must_capture(out);
  if (r.pass_on_stalemate[side_]) apply_pass_on_stalemate(out);
}

}  // namespace banmen::fairy

#include "fairy/position.h"

#include <algorithm>
#include <cstdlib>

namespace banmen::fairy {
namespace {

// Zobrist keys from a fixed-seed generator, so keys are the same on every run.
struct Zobrist {
  std::array<std::array<std::uint64_t, board_cells>, 64> piece{};
  std::array<std::uint64_t, board_cells> castle_rook{};
  std::array<std::uint64_t, board_cells> en_passant{};
  // A hand holding n pieces of a type: hand[colour * max_types + type][n].
  std::array<std::array<std::uint64_t, max_in_hand + 2>, 2 * max_types> hand{};
  // n-check: a side with n checks still to give (a FEN gives one digit).
  std::array<std::array<std::uint64_t, 10>, 2> checks_left{};
  std::array<std::uint64_t, board_cells> wall{};
  std::uint64_t side = 0;
  Zobrist() {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    auto next = [&] {
      s += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = s;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& row : piece)
      for (auto& v : row) v = next();
    for (auto& v : castle_rook) v = next();
    for (auto& v : en_passant) v = next();
    side = next();
    for (auto& row : hand)
      for (auto& v : row) v = next();
    for (auto& row : checks_left)
      for (auto& v : row) v = next();
    for (auto& v : wall) v = next();
  }
};
const Zobrist& zobrist() {
  static const Zobrist z;
  return z;
}

}  // namespace

Position::Position(const Rules& rules) : rules_(&rules) {
  clear();
}

void Position::clear() {
  board_ = rules_->empty_board;
  unpromoted_ = {};
  hand_ = {};
  hand_total_ = {};
  side_ = white;
  king_sq_ = {};
  count_ = {};
  total_ = {};
  castle_rook_ = {};
  castle_king_ = {};
  ep_ = ep2_ = ep_victim_ = 0;
  ep_custom_ = false;
  rule50_ = game_ply_ = counting_limit_ = counting_ply_ = 0;
  checks_left_ = {};
  gates_ = {};
  walls_ = 0;
  key_ = 0;
  bikjang_ = passed_ = false;
  undo_.clear();
  blasted_.clear();
  flipped_.clear();
  lifted_.clear();
  keys_.clear();
  checks_.clear();
}

void Position::place(int sq, Cell cell) {
  board_[sq] = cell;
  const int c = cell_color(cell), t = cell_type(cell);
  ++count_[c][t];
  ++total_[c];
  // With two kings (a piece promoted to the king beside one), Fairy-Stockfish guards only
  // the one on the lowest square (a1, b1, ..., a2, ...): so does king_sq_.
  if (t == rules_->king && (!king_sq_[c] || sq < king_sq_[c])) king_sq_[c] = sq;
  key_ ^= zobrist().piece[cell][sq];
}

void Position::remove(int sq) {
  const Cell cell = board_[sq];
  const int c = cell_color(cell), t = cell_type(cell);
  --count_[c][t];
  --total_[c];
  key_ ^= zobrist().piece[cell][sq];
  board_[sq] = empty_cell;
  if (t == rules_->king && king_sq_[c] == sq) king_sq_[c] = lowest_king(c);
}

// The lowest square of a king of `color`, or 0 (none).
int Position::lowest_king(int color) const {
  if (!count_[color][rules_->king]) return 0;
  const Cell king = make_cell(color, rules_->king);
  for (int sq = 0; sq < board_cells; ++sq)
    if (board_[sq] == king) return sq;
  return 0;
}

// A wall a move places or lifts (wallingRule), with its part of the key.
void Position::place_wall(int sq) {
  board_[sq] = off_board;
  ++walls_;
  key_ ^= zobrist().wall[sq];
}

void Position::lift_wall(int sq) {
  board_[sq] = empty_cell;
  --walls_;
  key_ ^= zobrist().wall[sq];
}

void Position::put(int sq, Cell cell, int unpromoted_type) {
  if (board_[sq] != empty_cell) remove(sq);
  place(sq, cell);
  unpromoted_[sq] = static_cast<std::int8_t>(unpromoted_type + 1);
}

void Position::add_to_hand(int color, int type) {
  const int n = hand_[color][type];
  key_ ^=
      zobrist().hand[color * max_types + type][n] ^ zobrist().hand[color * max_types + type][n + 1];
  ++hand_[color][type];
  ++hand_total_[color];
}

void Position::take_from_hand(int color, int type) {
  const int n = hand_[color][type];
  key_ ^=
      zobrist().hand[color * max_types + type][n] ^ zobrist().hand[color * max_types + type][n - 1];
  --hand_[color][type];
  --hand_total_[color];
}

// castlingDroppedPiece (placement): a king dropped on its castling square may castle with
// the rooks already dropped on the corners of its rank, and a rook dropped on a corner
// with the king already on its square, as Fairy-Stockfish grants the rights.
void Position::drop_castling_rights(int sq, int type) {
  const Rules& r = *rules_;
  const int us = side_;
  const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
  if (rank_of(sq) != rank) return;
  const int king_sq = square_of(r.castling_king_file, rank);
  auto is_rook = [&](int s) {
    const Cell c = board_[s];
    return holds_piece_of(c, us) && (r.castling_rook_types >> cell_type(c) & 1);
  };
  auto grant = [&](int king, int rook) {
    castle_king_[us] = static_cast<std::int16_t>(king);
    castle_rook_[us][king < rook ? 0 : 1] = static_cast<std::int16_t>(rook);
  };
  const bool corner = file_of(sq) == 0 || file_of(sq) == r.files - 1;
  if (type == r.castling_king_type && sq == king_sq) {
    for (int f : {0, r.files - 1})
      if (is_rook(square_of(f, rank))) grant(sq, square_of(f, rank));
  } else if ((r.castling_rook_types >> type & 1) && corner &&
             board_[king_sq] == make_cell(us, r.castling_king_type)) {
    grant(king_sq, sq);
  }
}

void Position::set_castling(int color, int side, int rook_sq, int king_sq) {
  castle_rook_[color][side] = static_cast<std::int16_t>(rook_sq);
  castle_king_[color] = static_cast<std::int16_t>(king_sq);
}

void Position::set_counters(int rule50, int game_ply, int counting_limit, int counting_ply) {
  rule50_ = rule50;
  game_ply_ = game_ply;
  counting_limit_ = counting_limit;
  counting_ply_ = counting_ply;
}

bool Position::gate_at(int color, int sq) const {
  const Rules& r = *rules_;
  const int rank = color == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
  return rank_of(sq) == rank && (gates_[color] >> file_of(sq) & 1);
}

void Position::set_checks_left(int white_checks, int black_checks) {
  checks_left_ = {static_cast<std::int8_t>(std::clamp(white_checks, 0, 9)),
                  static_cast<std::int8_t>(std::clamp(black_checks, 0, 9))};
}

std::uint64_t Position::castling_key() const {
  std::uint64_t k = 0;
  for (const auto& side : castle_rook_)
    for (std::int16_t sq : side)
      if (sq) k ^= zobrist().castle_rook[sq];
  return k;
}

void Position::finish_setup() {
  std::uint64_t k = 0;
  for (int sq = 0; sq < board_cells; ++sq)
    if (board_[sq] != empty_cell && board_[sq] != off_board) k ^= zobrist().piece[board_[sq]][sq];
  // Walls are part of the position (the duck's square tells two positions apart).
  for (int sq = 0; sq < board_cells; ++sq)
    if (wall(sq)) k ^= zobrist().wall[sq];
  if (side_ == black) k ^= zobrist().side;
  k ^= castling_key();
  if (ep_) k ^= zobrist().en_passant[ep_];
  for (int c : {white, black})
    for (int t = 0; t < max_types; ++t)
      k ^= zobrist().hand[c * max_types + t][0] ^ zobrist().hand[c * max_types + t][hand_[c][t]];
  if (rules_->check_counting)
    for (int c : {white, black}) k ^= zobrist().checks_left[c][checks_left_[c]];
  key_ = k;
  passed_ = false;
  bikjang_ = rules_->bikjang_rule && king_sq_[white] && king_sq_[black] &&
             kings_face(king_sq_[side_], side_ ^ 1);
  keys_.assign(1, key_);
  checks_.clear();
  if (rules_->track_checks) checks_.push_back(check_entry());
}

bool Position::attacked(int sq, int by, std::uint32_t ignored_types) const {
  const Rules& r = *rules_;
  // A cell holds a piece of colour `by` when its colour bits match; its type bit must be
  // in the step's set.
  // Only types whose mobility region holds sq attack it (Fairy-Stockfish's board_bb(c, pt)).
  const std::uint32_t may_stand = r.may_stand[by][static_cast<std::size_t>(sq)] & ~ignored_types;
  auto hits = [&](Cell c, std::uint32_t types) {
    return holds_piece_of(c, by) && ((types & may_stand) >> cell_type(c) & 1);
  };
  for (const Rules::AttackStep& step : r.leap_attacks[by])
    if (hits(board_[sq - step.offset], step.types)) return true;
  for (const Rules::AttackStep& step : r.ride_attacks[by]) {
    int s = sq - step.offset;
    while (board_[s] == empty_cell) s -= step.offset;
    if (hits(board_[s], step.types)) return true;
  }
  for (const Rules::LimitedRide& ride : r.limited_ride_attacks[by]) {
    int s = sq - ride.offset;
    int steps = 1;
    while (board_[s] == empty_cell && steps < ride.max_steps) {
      s -= ride.offset;
      ++steps;
    }
    if (board_[s] == make_cell(by, ride.type) && (may_stand >> ride.type & 1)) return true;
  }
  for (const auto& [type, l] : r.lame_attacks[by]) {
    const int from = sq - l.offset;
    if (board_[from] != make_cell(by, type) || !(may_stand >> type & 1)) continue;
    bool clear = true;
    for (int i = 0; i < l.path_length; ++i)
      if (board_[from + l.path[i]] != empty_cell) clear = false;
    if (clear) return true;
  }
  // Hoppers: a cannon beyond the first piece behind sq (the screen); a grasshopper beyond a
  // screen right next to sq.
  for (const Rules::HopStep& h : r.hop_attacks[by]) {
    int s = sq - h.offset;
    if (h.grasshopper_types && board_[s] != empty_cell && board_[s] != off_board) {
      int g = s - h.offset;
      while (board_[g] == empty_cell) g -= h.offset;
      if (hits(board_[g], h.grasshopper_types)) return true;
    }
    if (!h.cannon_types) continue;
    while (board_[s] == empty_cell) s -= h.offset;
    if (board_[s] == off_board) continue;
    const Cell screen = board_[s];
    s -= h.offset;
    while (board_[s] == empty_cell) s -= h.offset;
    // Janggi's cannon never hops over another cannon.
    if (hits(board_[s], h.cannon_types) && !(r.janggi_cannon_types >> cell_type(board_[s]) & 1 &&
                                             r.janggi_cannon_types >> cell_type(screen) & 1))
      return true;
  }
  // A cannon with a range: one screen between, within its range of sq.
  for (const Rules::LimitedRide& hop : r.limited_hop_attacks[by]) {
    int s = sq - hop.offset;
    int steps = 1;
    for (; board_[s] == empty_cell && steps < hop.max_steps; ++steps) s -= hop.offset;
    if (board_[s] == off_board || board_[s] == empty_cell) continue;
    for (s -= hop.offset, ++steps; board_[s] == empty_cell && steps < hop.max_steps; ++steps)
      s -= hop.offset;
    if (board_[s] == make_cell(by, hop.type) && steps <= hop.max_steps &&
        (may_stand >> hop.type & 1))
      return true;
  }
  for (const auto& [offset, type] : r.soldier_attacks[by]) {
    const int from = sq - offset;
    if (board_[from] == make_cell(by, type) && r.soldier_zone[by][from] && (may_stand >> type & 1))
      return true;
  }
  return r.diagonals && r.diagonal_lines[sq] && diagonally_attacked(sq, by);
}

// Attacks along the diagonal lines, onto sq (on one) from a piece on one, as
// Fairy-Stockfish adds them whatever the attacker's mobility region.
bool Position::diagonally_attacked(int sq, int by) const {
  const Rules& r = *rules_;
  using Diagonal = PieceRules::Diagonal;
  auto is = [&](int from, Diagonal kind) {
    const Cell c = board_[from];
    return holds_piece_of(c, by) && r.diagonal_lines[from] &&
           r.types[cell_type(c)].diagonal == kind;
  };
  const int back = -r.push(by);
  for (std::size_t d = 0; d < 4; ++d) {
    // Every attacker stands on a line, so none lies beyond the farthest one.
    const int reach = r.diagonal_reach[static_cast<std::size_t>(sq)][d];
    if (!reach) continue;
    const int offset = Rules::diagonal_offsets[d];
    int s = sq + offset;
    if (is(s, Diagonal::step)) return true;
    if ((offset == back + 1 || offset == back - 1) && is(s, Diagonal::forward)) return true;
    int steps = 1;
    while (board_[s] == empty_cell && steps < reach) s += offset, ++steps;
    if (board_[s] == empty_cell || board_[s] == off_board) continue;
    if (is(s, Diagonal::ride)) return true;
    const Cell screen = board_[s];
    if (steps == reach) continue;
    s += offset, ++steps;
    while (board_[s] == empty_cell && steps < reach) s += offset, ++steps;
    if (is(s, Diagonal::hop) && !(r.janggi_cannon_types >> cell_type(screen) & 1)) return true;
  }
  return false;
}

void Position::set_en_passant(int sq, int sq2, int victim, bool listed) {
  if (!victim && sq) {
    // The piece right behind the square, seen from the side that takes.
    const int back = -rules_->push(side_);
    victim = sq + back;
    while (rules_->on_board(victim) && board_[victim] == empty_cell) victim += back;
    // No piece behind the square: nothing to take there.
    if (!rules_->on_board(victim) || cell_color(board_[victim]) == side_) sq = sq2 = victim = 0;
  }
  ep_ = static_cast<std::int16_t>(sq);
  ep2_ = static_cast<std::int16_t>(sq2);
  ep_victim_ = static_cast<std::int16_t>(victim);
  ep_custom_ = listed;
}

// Whether a piece of `type` (of the colour of the piece on `from` or `to`, else of the
// side to move) reaches `to` from `from` on the empty board by a quiet move (capture: a
// capture) that is not an initial move.
bool Position::reaches(int from, int to, int type, bool capture) const {
  const Rules& r = *rules_;
  const int c = board_[from] != empty_cell && board_[from] != off_board ? cell_color(board_[from])
                : board_[to] != empty_cell && board_[to] != off_board   ? cell_color(board_[to])
                                                                        : side_;
  const PieceRules& p = r.types[type];
  for (const Leap& l : p.leaps[c])
    if ((capture ? l.captures : l.moves) && from + l.offset == to) return true;
  for (const Leap& l : p.soldier_side_leaps[c])
    if ((capture ? l.captures : l.moves) && from + l.offset == to) return true;
  for (const Ride& ride : p.rides[c]) {
    if (!(capture ? ride.captures : ride.moves)) continue;
    int sq = from + ride.offset;
    for (int steps = 1; r.on_board(sq); ++steps, sq += ride.offset) {
      if (sq == to) return true;
      if (ride.max_steps && steps >= ride.max_steps) break;
    }
  }
  return false;
}

// After a piece's initial move (Betza i) that none of its other moves makes, the squares it
// passed (as Fairy-Stockfish's between squares: along a line, else none) and the square it
// reached are its en passant squares, where the other side's en passant region allows.
void Position::set_custom_en_passant(int from, int to, int type) {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;  // the side moving (a wall may stand on `to` now)
  const PieceRules& p = r.types[type];
  bool initial = false;
  for (const Leap& l : p.initial_leaps[us]) initial = initial || from + l.offset == to;
  for (const Ride& ride : p.initial_rides[us]) {
    int sq = from + ride.offset;
    for (int steps = 1; r.on_board(sq) && !initial; ++steps, sq += ride.offset) {
      initial = sq == to;
      if (ride.max_steps && steps >= ride.max_steps) break;
    }
  }
  if (!initial || reaches(from, to, type, false)) return;
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (df == 0 || dr == 0 || df == dr || df == -dr) {
    const int n = std::max(std::abs(df), std::abs(dr));
    const int step = (to - from) / n;
    for (int sq = from + step; sq != to; sq += step)
      if (r.en_passant_zone[them][sq] && board_[sq] == empty_cell) {
        if (!ep_)
          ep_ = static_cast<std::int16_t>(sq);
        else if (!ep2_)
          ep2_ = static_cast<std::int16_t>(sq);
      }
  }
  ep_custom_ = r.en_passant_zone[them][to];
  if (ep_ || ep_custom_) ep_victim_ = static_cast<std::int16_t>(to);
}

void Position::make(Move m) {
  const Rules& r = *rules_;
  const Zobrist& z = zobrist();
  const int us = side_, them = us ^ 1;
  Undo u{m,
         empty_cell,
         board_[m.from],
         0,
         unpromoted_[m.from],
         castle_rook_,
         castle_king_,
         -1,
         0,
         0,
         0,
         gates_,
         checks_left_,
         ep_,
         ep2_,
         ep_victim_,
         ep_custom_,
         rule50_,
         counting_limit_,
         counting_ply_,
         key_,
         bikjang_,
         passed_};
  key_ ^= castling_key();
  if (ep_) key_ ^= z.en_passant[ep_];
  ep_ = ep2_ = ep_victim_ = 0;
  ep_custom_ = false;
  ++rule50_;
  if (counting_limit_) ++counting_ply_;
  const int moved_type = m.kind == MoveKind::drop ? m.from : cell_type(u.moved);
  if (m.kind == MoveKind::drop) {
    // From the hand: the piece (its promoted type with dropPromoted) goes on the square.
    if (!r.free_drops) take_from_hand(us, m.from);
    place(m.to, make_cell(us, m.promotion));
    if (r.track_promoted)
      unpromoted_[m.to] = m.promotion != m.from ? static_cast<std::int8_t>(m.from + 1) : 0;
    rule50_ = 0;
    if (r.castling_dropped_piece) drop_castling_rights(m.to, m.promotion);
  } else if (m.kind == MoveKind::castling) {
    const bool king_side = m.to > m.from;
    const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    const int kto =
        square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
    const int rto = kto + (king_side ? -1 : 1);
    const Cell rook = board_[m.to];
    remove(m.from);
    remove(m.to);
    place(kto, u.moved);
    place(rto, rook);
    if (r.track_promoted) unpromoted_[m.from] = unpromoted_[m.to] = 0;
  } else if (m.kind == MoveKind::pass) {
    // Nothing moves; the clocks run on, unless the piece on the square the pass names is of
    // the nMoveRuleTypes (a pawn's, without a king): Fairy-Stockfish counts it as a move
    // the pawn cannot take back.
    if (r.n_move_rule_types[us] >> moved_type & 1) rule50_ = 0;
  } else {
    int capture_sq = m.to;
    if (m.kind == MoveKind::en_passant) capture_sq = u.ep_victim;
    if (board_[capture_sq] != empty_cell && capture_sq != m.from) {
      u.captured = board_[capture_sq];
      u.captured_unpromoted = unpromoted_[capture_sq];
      remove(capture_sq);
      rule50_ = 0;
      if (r.captures_to_hand) {
        // The capturer's hand gets the piece as it was before any promotion (a pawn for a
        // pawn's promotion), or as it is with dropLoop.
        const std::int8_t was = u.captured_unpromoted;
        const int demoted = r.main_promotion_pawn[them] >= 0 ? r.main_promotion_pawn[them]
                            : r.pawn >= 0                    ? r.pawn
                                                             : cell_type(u.captured);
        const int type = was == 0 || r.drop_loop ? cell_type(u.captured)
                         : was == pawn_promoted  ? demoted
                                                 : was - 1;
        add_to_hand(us, type);
        u.to_hand = static_cast<std::int8_t>(type);
      }
    }
    remove(m.from);
    if (m.kind == MoveKind::normal || m.kind == MoveKind::en_passant) {
      place(m.to, u.moved);
    } else {
      place(m.to, make_cell(us, m.promotion));
    }
    if (r.track_promoted) {
      // A promoted piece keeps its unpromoted type as it moves; a piece promotion records
      // the type it was; a pawn's promotion to a promotionPieceTypes piece is marked as
      // promoted (for captures to the hand) without a type; a demoted piece is unpromoted.
      unpromoted_[capture_sq] = 0;
      unpromoted_[m.to] =
          m.kind == MoveKind::piece_promotion ? static_cast<std::int8_t>(moved_type + 1)
          : m.kind == MoveKind::promotion ? (r.captures_to_hand ? pawn_promoted : std::int8_t{0})
          : m.kind == MoveKind::piece_demotion ? std::int8_t{0}
                                               : u.moved_unpromoted;
      if (m.from != m.to) unpromoted_[m.from] = 0;
    }
    // A promotion is irreversible, unless pieces may demote again (pieceDemotion); so is a
    // promotion of a type that promotes as a pawn.
    if ((m.kind == MoveKind::piece_promotion && !r.piece_demotion) || m.kind == MoveKind::promotion)
      rule50_ = 0;
    if (r.blast_on_capture && u.captured != empty_cell) blast(m.to, u);
    // Petrification without blasts: a capturer of a petrifying type leaves the board, and a
    // wall takes its square where the piece it has become is of one too (as Fairy-Stockfish
    // judges the two).
    if (!r.blast_on_capture && u.captured != empty_cell && (r.petrify_types >> moved_type & 1))
      take_blasted(m.to, (r.petrify_types >> cell_type(board_[m.to]) & 1) != 0, u);
    if (moved_type == r.pawn) {
      if (r.n_move_rule_types[us] >> r.pawn & 1) rule50_ = 0;
      const int push = r.push(us);
      const int step = m.to - m.from;
      // The squares passed, where an enemy pawn could take (or any square, when the other
      // side has en passant types of its own).
      auto passed = [&](int ep) {
        return r.en_passant_zone[them][ep] &&
               (r.custom_en_passant[them] || board_[ep + push - 1] == make_cell(them, r.pawn) ||
                board_[ep + push + 1] == make_cell(them, r.pawn));
      };
      // No en passant onto the square the move walls.
      const int walled = wall_square(m);
      if (step == 2 * push) {
        if (passed(m.to - push) && m.to - push != walled) {
          ep_ = static_cast<std::int16_t>(m.to - push);
          ep_victim_ = static_cast<std::int16_t>(m.to);
        }
      } else if (r.triple_step && step == 3 * push) {
        for (int ep : {m.to - push, m.to - 2 * push})
          if (passed(ep) && ep != walled) (ep_ ? ep2_ : ep_) = static_cast<std::int16_t>(ep);
        if (ep_) ep_victim_ = static_cast<std::int16_t>(m.to);
      }
    } else if (r.custom_pawns && m.kind != MoveKind::drop) {
      if ((r.n_move_rule_types[us] >> moved_type & 1) && !reaches(m.to, m.from, moved_type, false))
        rule50_ = 0;
      if (m.kind == MoveKind::normal && r.types[moved_type].initial)
        set_custom_en_passant(m.from, m.to, moved_type);
    }
  }
  if (r.flip != Enclosing::none && m.kind != MoveKind::pass) flip_enclosed(m, u);
  if (r.gating) {
    // The gated piece comes from the hand onto the square the move left. A gate ends when
    // its square is left, or taken; with seirawanGating all of a side's gates end with its
    // last piece in hand (where captures never refill it).
    if (gates_piece(m)) {
      take_from_hand(us, gate_type(m));
      place(gate_square(m), make_cell(us, gate_type(m)));
    }
    auto close = [&](int color, int sq) {
      const int rank = color == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
      if (m.kind != MoveKind::drop && rank_of(sq) == rank)
        gates_[color] &= static_cast<std::uint16_t>(~(1u << file_of(sq)));
    };
    close(us, m.from);
    if (m.kind == MoveKind::castling) close(us, m.to);
    close(them, m.to);
    if (r.seirawan_gating && hand_total_[us] == 0 && !r.captures_to_hand) gates_[us] = 0;
    // Cambodian chess: a rook moving onto the line of the other king ends its leap.
    const int king = king_sq_[them];
    if (r.cambodian_moves && moved_type == r.rook_type && king && gate_at(them, king) &&
        (file_of(king) == file_of(m.to) || rank_of(king) == rank_of(m.to)))
      gates_[them] &= static_cast<std::uint16_t>(~(1u << file_of(king)));
  }
  if (const int walled = wall_square(m)) {
    // The duck moves: every wall standing is lifted (as Fairy-Stockfish lifts them all),
    // then the new one is placed.
    if (r.walling == Walling::duck)
      for (int f = 0; f < r.files && u.lifted < walls_; ++f)
        for (int k = 0; k < r.ranks; ++k)
          if (wall(square_of(f, k))) {
            lifted_.push_back(static_cast<std::int16_t>(square_of(f, k)));
            ++u.lifted;
          }
    for (int i = 0; i < u.lifted; ++i) lift_wall(lifted_[lifted_.size() - 1 - i]);
    place_wall(walled);
  }
  // Castling rights end when the castling king or rook leaves its square or is taken (a
  // drop moves and takes nothing).
  for (int c : {white, black})
    for (int s : {0, 1}) {
      const int rook = castle_rook_[c][s];
      if (!rook || m.kind == MoveKind::drop || m.kind == MoveKind::pass) continue;
      if (m.from == rook || m.to == rook || m.from == castle_king_[c] ||
          (m.kind != MoveKind::castling && m.to == castle_king_[c]))
        castle_rook_[c][s] = 0;
    }
  // oppositeCastling: castling takes the other side's castling on the same wing (the wing
  // of a rook on a higher file than its king is index 0 for both).
  if (r.opposite_castling && m.kind == MoveKind::castling)
    castle_rook_[them][m.to > m.from ? 0 : 1] = 0;
  key_ ^= castling_key();
  if (ep_) key_ ^= z.en_passant[ep_];
  key_ ^= z.side;
  side_ = them;
  ++game_ply_;
  if (r.check_counting && checks_left_[us] > 0 && in_check()) {
    key_ ^= z.checks_left[us][checks_left_[us]] ^ z.checks_left[us][checks_left_[us] - 1];
    --checks_left_[us];
  }
  passed_ = m.kind == MoveKind::pass;
  if (r.bikjang_rule)
    bikjang_ = king_sq_[white] && king_sq_[black] && kings_face(king_sq_[side_], us);
  if (r.counting != CountingRule::none) {
    // Fairy-Stockfish's counting: a count starts (or restarts with a shorter limit) when
    // the side to move is short of material; after a bare king's capture of the last pawn
    // (not in ASEAN) the side that captured counts, from the pieces left on the board.
    const bool pawns = r.pawn >= 0 && (count_[white][r.pawn] || count_[black][r.pawn]);
    if (r.counting != CountingRule::asean && u.captured != empty_cell &&
        cell_type(u.captured) == r.pawn && total_[us] == 1 && !pawns && count_limit(us)) {
      counting_limit_ = 2 * count_limit(us);
      counting_ply_ = 2 * (total_[white] + total_[black]) - 1;
    }
    if ((!counting_limit_ ||
         ((u.captured != empty_cell || m.kind == MoveKind::promotion) && total_[side_] == 1)) &&
        count_limit(side_)) {
      counting_limit_ = 2 * count_limit(side_);
      counting_ply_ = r.counting == CountingRule::asean || total_[side_] > 1
                          ? 0
                          : 2 * (total_[white] + total_[black]);
    }
  }
  undo_.push_back(u);
  keys_.push_back(key_);
  if (r.track_checks) checks_.push_back(check_entry());
}

void Position::unmake() {
  const Undo u = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  const Rules& r = *rules_;
  if (r.track_checks) checks_.pop_back();
  side_ ^= 1;
  --game_ply_;
  const int us = side_;
  const Move m = u.move;
  // The walls first, as make() placed them last (a wall may stand where en passant took).
  if (const int walled = wall_square(m)) {
    board_[walled] = empty_cell;
    --walls_;
    for (int i = 0; i < u.lifted; ++i) {
      board_[lifted_.back()] = off_board;
      ++walls_;
      lifted_.pop_back();
    }
  }
  if (u.flipped) unflip(u);
  if (gates_piece(m)) {
    remove(gate_square(m));
    ++hand_[us][gate_type(m)];
    ++hand_total_[us];
  }
  gates_ = u.gates;
  if (m.kind == MoveKind::pass) {
  } else if (m.kind == MoveKind::drop) {
    remove(m.to);
    if (!r.free_drops) {
      ++hand_[us][m.from];
      ++hand_total_[us];
    }
  } else if (m.kind == MoveKind::castling) {
    const bool king_side = m.to > m.from;
    const int rank = us == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    const int kto =
        square_of(king_side ? r.castling_kingside_file : r.castling_queenside_file, rank);
    const int rto = kto + (king_side ? -1 : 1);
    const Cell rook = board_[rto];
    remove(kto);
    remove(rto);
    place(m.from, u.moved);
    place(m.to, rook);
  } else {
    if (u.blasted) unblast(u);
    remove(m.to);
    place(m.from, u.moved);
    if (u.captured != empty_cell)
      place(m.kind == MoveKind::en_passant ? u.ep_victim : m.to, u.captured);
    if (u.to_hand >= 0) {
      --hand_[us][u.to_hand];
      --hand_total_[us];
    }
  }
  if (r.track_promoted && m.kind == MoveKind::drop) {
    unpromoted_[m.to] = 0;
  } else if (r.track_promoted && m.kind != MoveKind::pass) {
    unpromoted_[m.to] = 0;
    if (m.kind == MoveKind::en_passant)
      unpromoted_[u.ep_victim] = u.captured_unpromoted;
    else if (m.kind != MoveKind::castling)
      unpromoted_[m.to] = u.captured_unpromoted;
    unpromoted_[m.from] = u.moved_unpromoted;
  }
  castle_rook_ = u.castle_rook;
  castle_king_ = u.castle_king;
  ep_ = u.ep;
  ep2_ = u.ep2;
  ep_victim_ = u.ep_victim;
  ep_custom_ = u.ep_custom;
  rule50_ = u.rule50;
  counting_limit_ = u.counting_limit;
  counting_ply_ = u.counting_ply;
  checks_left_ = u.checks_left;
  key_ = u.key;
  bikjang_ = u.bikjang;
  passed_ = u.passed;
}

// Atomic chess: the capture on `center` removes the capturer and every piece next to it
// but pawns, except blast-immune types. Each removed piece goes, with captures to the hand,
// to the hand of the side that did not own it (as Fairy-Stockfish does), and a removed
// castling king or rook ends its castling rights.
void Position::blast(int center, Undo& u) {
  const Rules& r = *rules_;
  for (int i = -1; i < static_cast<int>(king_steps.size()); ++i) {
    const int offset = i < 0 ? 0 : king_steps[static_cast<std::size_t>(i)];
    const int sq = center + offset;
    const Cell c = board_[sq];
    if (c == empty_cell || c == off_board) continue;
    const int t = cell_type(c);
    if ((offset != 0 && t == r.pawn) || (r.blast_immune_types >> t & 1)) continue;
    // Petrification: the capturer of a petrifying type (as it stands after the move) leaves a
    // wall, and with petrifyBlastPieces every blasted piece.
    take_blasted(sq, offset == 0 ? (r.petrify_types >> t & 1) != 0 : r.petrify_blast_pieces, u);
  }
}

// Takes the piece on sq off the board for a blast or a petrification (a wall in its place
// when `walled`), kept on blasted_ for unblast().
void Position::take_blasted(int sq, bool walled, Undo& u) {
  const Rules& r = *rules_;
  const Cell c = board_[sq];
  const int t = cell_type(c);
  Blasted b{static_cast<std::int16_t>(sq), c, unpromoted_[sq], -1, walled};
  if (r.captures_to_hand) {
    const std::int8_t was = unpromoted_[sq];
    b.to_hand = static_cast<std::int8_t>(was == 0 || r.drop_loop ? t
                                         : was == pawn_promoted  ? r.pawn
                                                                 : was - 1);
    add_to_hand(cell_color(c) ^ 1, b.to_hand);
  }
  remove(sq);
  unpromoted_[sq] = 0;
  for (auto& sides : castle_rook_)
    for (auto& rook : sides)
      if (rook == sq) rook = 0;
  for (int color : {white, black})
    if (castle_king_[color] == sq) castle_rook_[color] = {};
  if (walled) place_wall(sq);
  blasted_.push_back(b);
  ++u.blasted;
}

void Position::unblast(const Undo& u) {
  for (int i = 0; i < u.blasted; ++i) {
    const Blasted b = blasted_.back();
    blasted_.pop_back();
    if (b.walled) {
      board_[b.sq] = empty_cell;
      --walls_;
    }
    place(b.sq, b.cell);
    unpromoted_[b.sq] = b.unpromoted;
    if (b.to_hand >= 0) {
      --hand_[cell_color(b.cell) ^ 1][b.to_hand];
      --hand_total_[cell_color(b.cell) ^ 1];
    }
  }
}

// flipEnclosedPieces: the other side's pieces the move on m.to encloses change sides.
// Reversi's are those on a queen's line from the square up to the first own piece, with
// nothing but the other side's between; ataxx's every one a king's step away; quadwrangle's
// the same, after a move of a piece on the board or a drop next to an own piece.
void Position::flip_enclosed(Move m, Undo& u) {
  const Rules& r = *rules_;
  const int us = side_, them = us ^ 1;
  constexpr const auto& around = king_steps;
  auto theirs = [&](int sq) {
    const Cell c = board_[sq];
    return holds_piece_of(c, them);
  };
  auto ours = [&](int sq) {
    const Cell c = board_[sq];
    return holds_piece_of(c, us);
  };
  auto turn = [&](int sq) {
    const int t = cell_type(board_[sq]);
    remove(sq);
    place(sq, make_cell(us, t));
    flipped_.push_back(static_cast<std::int16_t>(sq));
    ++u.flipped;
  };
  const int to = m.to;
  if (r.flip == Enclosing::reversi) {
    for (int d : around) {
      int s = to + d;
      while (theirs(s)) s += d;
      if (s != to + d && ours(s))
        for (int f = to + d; f != s; f += d) turn(f);
    }
    return;
  }
  if (r.flip == Enclosing::quadwrangle && m.kind != MoveKind::normal &&
      std::none_of(around.begin(), around.end(), [&](int d) { return ours(to + d); }))
    return;
  for (int d : around)
    if (theirs(to + d)) turn(to + d);
}

void Position::unflip(const Undo& u) {
  for (int i = 0; i < u.flipped; ++i) {
    const int sq = flipped_.back();
    flipped_.pop_back();
    const Cell c = board_[sq];
    remove(sq);
    place(sq, make_cell(cell_color(c) ^ 1, cell_type(c)));
  }
}

// Whether a pseudo-royal piece of `color` stands next to sq: with blasts, a piece touching
// the other side's royal piece cannot be taken (the capture would blast that piece too).
bool Position::touches_royal(int sq, int color) const {
  for (int offset : king_steps) {
    const Cell c = board_[sq + offset];
    if (holds_piece_of(c, color) && pseudo_royal(color, cell_type(c))) return true;
  }
  return false;
}

// Fairy-Stockfish's counting limits in full moves for the side that counts (0: none).
int Position::count_limit(int side_to_count) const {
  const Rules& r = *rules_;
  const int other = side_to_count ^ 1;
  const bool pawns = r.pawn >= 0 && (count_[white][r.pawn] || count_[black][r.pawn]);
  auto n = [&](int type) { return type >= 0 ? count_[other][type] : 0; };
  switch (r.counting) {
    case CountingRule::makruk:
    case CountingRule::cambodian: {
      // Cambodian counting is makruk's less one move, and its board's honour count starts
      // with up to three pieces, pawns or not.
      const int less = r.counting == CountingRule::cambodian ? 1 : 0;
      if (r.counting == CountingRule::cambodian ? total_[side_to_count] > 3 : pawns) return 0;
      if (total_[other] == 1) return 0;
      if (total_[side_to_count] > 1) return 64 - less;
      if (pawns) return 0;
      if (n(r.rook_type) > 1) return 8 - less;
      if (n(r.rook_type) == 1) return 16 - less;
      if (n(r.khon_type) > 1) return 22 - less;
      if (n(r.knight_type) > 1) return 32 - less;
      if (n(r.khon_type) == 1) return 44 - less;
      return 64 - less;
    }
    case CountingRule::asean:
      if (pawns || total_[side_to_count] > 1) return 0;
      if (n(r.rook_type)) return 16;
      if (n(r.khon_type)) return 44;
      if (n(r.knight_type)) return 64;
      return 0;
    case CountingRule::none:
      break;
  }
  return 0;
}

EndValue Position::stalemate_value() const {
  const Rules& r = *rules_;
  if (!r.stalemate_piece_count) return r.stalemate;
  const int more = total_[side_] - total_[side_ ^ 1];
  if (more == 0) return EndValue::draw;
  if (more < 0) return r.stalemate;
  return r.stalemate == EndValue::win    ? EndValue::loss
         : r.stalemate == EndValue::loss ? EndValue::win
                                         : r.stalemate;
}

}  // namespace banmen::fairy

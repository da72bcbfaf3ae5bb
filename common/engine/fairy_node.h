// Fairy chess for the search: any variant the fairy rules core compiles (the built-in ones
// and a room's own definition), with piece values worked out from how each piece moves.
//
// The fairy Position is large (a 12x10 mailbox with guard cells, its undo and key
// history), too large to copy at every node as the other families do. So a FairyNode is a
// handle on one Position that the whole search shares: play() makes the move on it and the
// node that played it takes the move back when it goes out of scope. The search's nodes
// are scoped exactly so (a child is made from its parent, played once, searched, and
// destroyed before its parent plays the next move), which keeps the shared Position equal
// to the node being searched. What a parent is asked while a child lives (its key, side,
// a move's code and history slot) is cached or read from the move alone.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/search.h"
#include "fairy/position.h"

namespace banmen::engine {

// What the evaluation knows of a variant, worked out once per search from its rules.
struct FairyValues {
  std::array<int, fairy::max_types> piece{};  // centipawns; 0 for the royal piece
  // What taking a piece gains, for ordering captures: its value, or a win's worth for a
  // piece whose loss ends the game (duck chess's king, an extinction type).
  std::array<int, fairy::max_types> victim{};
  // A piece in the hand: about its board value, more where it is dropped anywhere (it goes
  // where it is needed), a little less where it waits to be gated (seirawan).
  std::array<int, fairy::max_types> hand{};
  // The part of a piece's value its hops make (a cannon needs screens: worth less as the
  // board empties), and a soldier's sideways steps (taken only across the river).
  std::array<int, fairy::max_types> hop{};
  std::array<int, fairy::max_types> soldier_side{};
  int best_promotion = 0;  // the most a pawn may promote to
  int start_material = 1;  // both sides' pieces other than pawns and the king, at the start
  bool drops = false;      // pieces in hand are dropped: an open king is a target
  bool palace = false;     // the royal piece is kept in a region (xiangqi's palace)
};

// The values of a variant's pieces: a pawn is 100 and every other piece is valued by its
// moves (leaps, rides and how far they reach, whether it captures the way it moves), on a
// scale where the knight, bishop, rook and queen come out near 320, 330, 500 and 900.
FairyValues fairy_values(const fairy::Rules& rules, const fairy::Position& start);
// The value of one piece type's moves, as fairy_values() counts it (tests show the scale).
int fairy_piece_value(const fairy::PieceRules& piece);
// The score of `pos` for the side to move.
int evaluate_fairy(const fairy::Position& pos, const FairyValues& values);

struct FairyBoard {
  fairy::Position* pos;
  const FairyValues* values;
};

class FairyNode {
 public:
  using Move = fairy::Move;
  static constexpr int kMaxMoves = fairy::max_moves;
  static constexpr bool kQuiescence = true;
  // From and to on a board of at most 12x10 squares; then a drop's type and destination.
  static constexpr int kHistorySlots = 120 * 120 + fairy::max_types * 120;
  // The clock is read every 64 nodes: a room's own variant may give a node hundreds of
  // moves (and the search orders them by selection), so 1024 nodes could take 0.1 s.
  static constexpr std::uint64_t kCheckMask = 63;

  explicit FairyNode(FairyBoard board)
      : board_(board), key_(board.pos->key()), side_(board.pos->side()) {}
  // A copy shares the Position but has played nothing, so it takes nothing back.
  FairyNode(const FairyNode& other) : board_(other.board_), key_(other.key_), side_(other.side_) {}
  FairyNode& operator=(const FairyNode&) = delete;
  ~FairyNode() {
    if (played_) board_.pos->unmake();
  }

  std::uint64_t key() const { return key_; }
  int side() const { return side_; }
  bool in_check() const { return pos().rules().checking && pos().in_check(); }
  // Room for the moves of any position of the variant: its bound on pseudo-legal moves
  // (the legal ones are among them), which with walls may pass kMaxMoves (duck chess: each
  // move with each empty square) up to fairy::max_walling_moves. The search sizes its lists
  // by this.
  int move_capacity() const {
    return std::clamp(pos().rules().move_bound, kMaxMoves, fairy::max_walling_moves);
  }
  int generate(Move* out) const {
    fairy::MoveList list;
    pos().legal_moves(list);
    // The bound holds by construction; the cap keeps a bound gone wrong from writing past
    // the list (it would cost moves, never memory).
    const int n = std::min(list.size, move_capacity());
    for (int i = 0; i < n; ++i) out[i] = list[i];
    return n;
  }
  // The same move with another wall (the search's quiescence tries one wall per move).
  static bool only_wall_differs(Move a, Move b) {
    return fairy::wall_square(b) != 0 && a.from == b.from && a.to == b.to && a.kind == b.kind &&
           a.promotion == b.promotion;
  }
  // A pass is tried after every other move: it is rarely best, and a search that reached it
  // early would spend its time proving that.
  static bool ordered_last(Move m) { return m.kind == fairy::MoveKind::pass; }
  // Captures (castling takes the player's own rook, and a pass names the king's own square:
  // neither is a capture) and promotions.
  bool noisy(Move m) const {
    if (m.kind == fairy::MoveKind::promotion || m.kind == fairy::MoveKind::piece_promotion ||
        m.kind == fairy::MoveKind::en_passant)
      return true;
    return m.kind != fairy::MoveKind::castling && m.kind != fairy::MoveKind::pass &&
           fairy::holds_piece_of(pos().at(m.to), side_ ^ 1);
  }
  // Most valuable victim, then least valuable attacker, a promotion by what it gains. A
  // drop (asked for in check) takes nothing; its piece comes from the hand (`from` is its
  // type, not a square).
  int capture_order(Move m) const {
    const auto& value = board_.values->piece;
    if (m.kind == fairy::MoveKind::drop) return 64 - value[m.from] / 16;
    const fairy::Cell target = pos().at(m.to);
    int victim = m.kind == fairy::MoveKind::en_passant ? 100
                 : !fairy::holds_piece_of(target, side_ ^ 1) || m.kind == fairy::MoveKind::pass
                     ? 0
                     : board_.values->victim[fairy::cell_type(target)];
    if (m.kind == fairy::MoveKind::promotion || m.kind == fairy::MoveKind::piece_promotion)
      victim += value[m.promotion];
    const fairy::Cell mover = pos().at(m.from);
    const int attacker = fairy::holds_piece_of(mover, side_) ? value[fairy::cell_type(mover)] : 0;
    return 16 * victim - attacker / 16 + 64;
  }
  std::uint32_t code(Move m) const {
    // A gate is on the square left (or, castling, the rook's): its type and which of the two.
    const std::uint32_t gate = m.gate ? static_cast<std::uint32_t>(fairy::gate_type(m) + 1) << 26 |
                                            (fairy::gate_square(m) == m.from ? 0u : 1u << 31)
                                      : 0u;
    return 1u + (static_cast<std::uint32_t>(m.from) | static_cast<std::uint32_t>(m.to) << 9 |
                 static_cast<std::uint32_t>(m.kind) << 18 |
                 static_cast<std::uint32_t>(m.promotion + 1) << 21 | gate);
  }
  int history_slot(Move m) const {
    return m.kind == fairy::MoveKind::drop ? 120 * 120 + m.from * 120 + board_index(m.to)
                                           : board_index(m.from) * 120 + board_index(m.to);
  }
  void play(Move m) {
    board_.pos->make(m);
    played_ = true;
    key_ = board_.pos->key();
    side_ = board_.pos->side();
  }
  // The variant's own ends before any move is looked at: extinction and flags, the
  // n-move rule and the counting rules' limit.
  bool rule_end(int ply, int& score) const;
  int no_moves_score(int ply) const;
  int evaluate() const { return evaluate_fairy(pos(), *board_.values); }

 private:
  const fairy::Position& pos() const { return *board_.pos; }
  static int board_index(int sq) { return fairy::rank_of(sq) * 12 + fairy::file_of(sq); }

  FairyBoard board_;
  std::uint64_t key_;
  int side_;
  bool played_ = false;
};

// A win, loss or draw of the variant's rules, for the side to move `ply` plies from the root.
inline int fairy_end_score(fairy::EndValue value, int ply) {
  return value == fairy::EndValue::win    ? kWin - ply
         : value == fairy::EndValue::loss ? -(kWin - ply)
                                          : 0;
}

inline bool FairyNode::rule_end(int ply, int& score) const {
  if (const auto end = pos().immediate_result()) {
    score = fairy_end_score(end->value, ply);
    return true;
  }
  const fairy::Rules& r = pos().rules();
  if ((r.n_move_rule && pos().halfmove_clock() >= 2 * r.n_move_rule) ||
      (pos().counting_limit() && pos().counting_ply() > pos().counting_limit())) {
    score = 0;
    return true;
  }
  return false;
}

inline int FairyNode::no_moves_score(int ply) const {
  return fairy_end_score(
      pos().in_check() ? pos().checkmate_result().first : pos().stalemate_value(), ply);
}

}  // namespace banmen::engine

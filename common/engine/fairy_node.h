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

#include <array>
#include <cstdint>

#include "engine/search.h"
#include "fairy/position.h"

namespace banmen::engine {

// What the evaluation knows of a variant, worked out once per search from its rules.
struct FairyValues {
  std::array<int, fairy::max_types> piece{};  // centipawns; 0 for the royal piece
  int best_promotion = 0;                     // the most a pawn may promote to
  int start_material = 1;  // both sides' pieces other than pawns and the king, at the start
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
  // From and to on a board of at most 12x10 squares.
  static constexpr int kHistorySlots = 120 * 120;
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
  // Rooms refuse variants with walls (fairy/cost_probe.h), the only ones whose positions
  // may have more than kMaxMoves moves.
  int generate(Move* out) const {
    fairy::MoveList list;
    pos().legal_moves(list);
    for (int i = 0; i < list.size; ++i) out[i] = list[i];
    return list.size;
  }
  // Captures (castling takes the player's own rook, and a pass names the king's own square:
  // neither is a capture) and promotions.
  bool noisy(Move m) const {
    if (m.kind == fairy::MoveKind::promotion || m.kind == fairy::MoveKind::piece_promotion ||
        m.kind == fairy::MoveKind::en_passant)
      return true;
    const fairy::Cell target = pos().at(m.to);
    return m.kind != fairy::MoveKind::castling && m.kind != fairy::MoveKind::pass &&
           target != fairy::empty_cell;
  }
  // Most valuable victim, then least valuable attacker, a promotion by what it gains.
  int capture_order(Move m) const {
    const auto& value = board_.values->piece;
    const fairy::Cell target = pos().at(m.to);
    int victim = m.kind == fairy::MoveKind::en_passant ? 100
                 : target == fairy::empty_cell || m.kind == fairy::MoveKind::castling ||
                         m.kind == fairy::MoveKind::pass
                     ? 0
                     : value[fairy::cell_type(target)];
    if (m.promotion >= 0) victim += value[m.promotion];
    return 16 * victim - value[fairy::cell_type(pos().at(m.from))] / 16 + 64;
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
  int history_slot(Move m) const { return board_index(m.from) * 120 + board_index(m.to); }
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

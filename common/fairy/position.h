#pragma once
// A position of a fairy-chess variant: the mailbox board, castling rights, en passant,
// counters and a Zobrist key, with make/unmake, attack detection and legal move
// generation as Fairy-Stockfish defines them. All of it reads one compiled Rules.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fairy/rules.h"

namespace banmen::fairy {

// promotion: a pawn promoting to a type of promotionPieceTypes (UCI suffix: the letter);
// piece_promotion: a piece becoming its promotedPieceType (UCI suffix: '+');
// piece_demotion: a promoted piece becoming its unpromoted type (pieceDemotion; suffix '-');
// drop: a piece from the hand put on an empty square (UCI P@e4);
// pass: the side moves nothing (pass, passOnStalemate), written as its king's square twice
// (e2e2), or without a king as its first piece's, as Fairy-Stockfish writes it.
enum class MoveKind : std::uint8_t {
  normal,
  promotion,
  castling,
  en_passant,
  piece_promotion,
  drop,
  pass,
  piece_demotion
};

// A move. For castling `to` is the castling rook's square (king takes rook), as
// Fairy-Stockfish stores it; notation turns it into the king's destination when needed.
// For a drop `from` is the type taken from the hand (a guard cell's index, never a board
// square) and `promotion` the type put on the board (another with dropPromoted).
// `gate` is 0; or a piece from the hand put on the square a move leaves (seirawanGating):
// the type + 1 above bit 9, the square below (see gate_type(), gate_square()); or a wall the
// move places (wallingRule): wall_mark above bit 9, the square below (see wall_square()).
// Trivially constructible on purpose: move lists hold a thousand of them per node.
struct Move {
  std::uint16_t from;
  std::uint16_t to;
  MoveKind kind;
  std::int8_t promotion;  // the type promoted to (promotion, piece_promotion), demoted to
  std::uint16_t gate;
  friend bool operator==(const Move&, const Move&) = default;
};

constexpr Move make_move(int from, int to, MoveKind kind = MoveKind::normal, int promotion = -1) {
  return {static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to), kind,
          static_cast<std::int8_t>(promotion), 0};
}
inline constexpr int wall_mark = 31;  // above every type + 1
constexpr Move with_gate(Move m, int type, int sq) {
  m.gate = static_cast<std::uint16_t>((type + 1) << 9 | sq);
  return m;
}
constexpr Move with_wall(Move m, int sq) {
  m.gate = static_cast<std::uint16_t>(wall_mark << 9 | sq);
  return m;
}
// Whether the move gates a piece from the hand (not a wall).
constexpr bool gates_piece(Move m) {
  return m.gate != 0 && (m.gate >> 9) != wall_mark;
}
constexpr int gate_type(Move m) {
  return (m.gate >> 9) - 1;
}
constexpr int gate_square(Move m) {
  return m.gate & 511;
}
// The square the move walls, or 0.
constexpr int wall_square(Move m) {
  return (m.gate >> 9) == wall_mark ? m.gate & 511 : 0;
}
static_assert(board_cells <= 512 && max_types + 1 < wall_mark, "a gate fits in 16 bits");

// The most pieces of one type a hand may hold (more than any board has squares).
inline constexpr int max_in_hand = 120;

// Room for every pseudo-legal move of any position of any variant compile_rules() accepts
// (it refuses a definition whose bound exceeds max_moves, or with walls max_walling_moves).
// The first max_moves are held in place; past them (walls only) the list moves to the
// heap. A copy copies the moves held only, not the whole capacity.
class MoveList {
 public:
  int size = 0;
  MoveList() = default;
  MoveList(const MoveList& other) { *this = other; }
  MoveList& operator=(const MoveList& other) {
    if (this == &other) return *this;
    size = 0;
    for (const Move& m : other) add(m);
    return *this;
  }
  void add(Move m) {
    if (size < limit_) [[likely]]
      held_[static_cast<std::size_t>(size++)] = m;
    else
      add_beyond(m);
  }
  Move& operator[](int i) { return data()[i]; }
  const Move& operator[](int i) const { return data()[i]; }
  const Move* begin() const { return data(); }
  const Move* end() const { return data() + size; }

 private:
  Move* data() { return heap_ ? heap_.get() : held_.data(); }
  const Move* data() const { return heap_ ? heap_.get() : held_.data(); }
  // Past the room held in place: the moves go to the heap, which grows as needed. The
  // bound makes max_walling_moves unreachable; the guard stays so that a bound gone wrong
  // can never write past the list.
  void add_beyond(Move m);
  int limit_ = max_moves;  // held_'s room, 0 once the moves are on the heap
  int capacity_ = 0;       // the heap's room
  std::unique_ptr<Move[]> heap_;
  std::array<Move, max_moves> held_;
};

struct ImmediateEnd {
  EndValue value;
  // "extinction", "flag", "castling", "castling_right", "check_count", "connect",
  // "collinear", "bikjang", "double_pass" or "full_board"
  const char* reason;
};

// A scratch table of squares for one step of move generation: a square is marked when it
// holds the current stamp, so a new step needs no clearing, only a new stamp. Positions do
// not own one (two of these are 2.3 KB, two thirds of a position a room keeps for every
// game): a step borrows one from its thread (SquareMarksLease), and a step inside a step
// borrows another, so no step ever sees another's marks.
struct SquareMarks {
  std::array<std::uint32_t, board_cells> at{};
  std::uint32_t stamp = 0;
  // Starts a new set of marks.
  void renew() {
    if (++stamp == 0) {
      at.fill(0);
      stamp = 1;
    }
  }
  void mark(int sq) { at[static_cast<std::size_t>(sq)] = stamp; }
  bool marked(int sq) const { return at[static_cast<std::size_t>(sq)] == stamp; }
};

// One of this thread's scratch tables, renewed, for as long as the lease lives.
class SquareMarksLease {
 public:
  SquareMarksLease();
  ~SquareMarksLease();
  SquareMarksLease(const SquareMarksLease&) = delete;
  SquareMarksLease& operator=(const SquareMarksLease&) = delete;
  SquareMarks& operator*() const { return *marks_; }

 private:
  SquareMarks* marks_;
};

class Position {
 public:
  explicit Position(const Rules& rules);

  const Rules& rules() const { return *rules_; }
  Cell at(int sq) const { return board_[sq]; }
  // The type a promoted piece (promotedPieceType) was before it promoted, or -1.
  int unpromoted(int sq) const {
    return unpromoted_[sq] == pawn_promoted ? -1 : unpromoted_[sq] - 1;
  }
  // Whether the piece on sq was promoted (by a piece promotion or a pawn's promotion); kept
  // where rules_.track_promoted, for a capture to the hand and the FEN's '~'.
  bool promoted(int sq) const { return unpromoted_[sq] != 0; }
  // Pieces in hand (pieceDrops).
  int in_hand(int color, int type) const { return hand_[color][type]; }
  int hand_total(int color) const { return hand_total_[color]; }
  int side() const { return side_; }
  int count(int color, int type) const { return count_[color][type]; }
  int total(int color) const { return total_[color]; }
  int en_passant() const { return ep_; }
  // A second en passant square (a triple step, or a longer initial move), or 0.
  int en_passant2() const { return ep2_; }
  // The square of the piece an en passant capture takes (the piece that passed).
  int en_passant_victim() const { return ep_victim_; }
  // Whether that piece's square is itself one of Fairy-Stockfish's en passant squares (a
  // piece's initial move: it writes it in the FEN after the squares passed).
  bool en_passant_victim_listed() const { return ep_custom_; }
  int castling_rook(int color, int side) const { return castle_rook_[color][side]; }
  int castling_king(int color) const { return castle_king_[color]; }
  // seirawanGating: the files of `color`'s castling rank from which a move may gate a piece
  // in hand (bit per file).
  std::uint16_t gates(int color) const { return gates_[color]; }
  void add_gate(int color, int file) { gates_[color] |= static_cast<std::uint16_t>(1u << file); }
  bool gate_at(int color, int sq) const;
  int halfmove_clock() const { return rule50_; }
  int game_ply() const { return game_ply_; }
  int counting_limit() const { return counting_limit_; }
  int counting_ply() const { return counting_ply_; }
  // n-check (checkCounting): the checks `color` still has to give to win.
  int checks_left(int color) const { return checks_left_[color]; }
  std::uint64_t key() const { return key_; }
  // Keys of every position since the last irreversible move (for repetition).
  const std::vector<std::uint64_t>& key_history() const { return keys_; }
  // Beside each key, whether the side to move was in check there (kept only where
  // perpetualCheckIllegal, moveRepetitionIllegal or shatarMateRule need it): 0, or 1 for a
  // check, 3 for a shak (shatarMateRule).
  const std::vector<std::uint8_t>& check_history() const { return checks_; }

  bool attacked(int sq, int by) const { return attacked(sq, by, 0); }
  // The same, not counting the pieces of the types ignored (bit per type).
  bool attacked(int sq, int by, std::uint32_t ignored_types) const;
  // The types (bit per type) of the other side's pieces that give check.
  std::uint32_t checker_types() const;
  // The value and reason of a checkmate of the side to move (shatarMateRule's knight mate
  // and niol, or checkmateValue).
  std::pair<EndValue, const char*> checkmate_result() const;
  bool in_check() const { return king_sq_[side_] && attacked(king_sq_[side_], side_ ^ 1); }
  // The value of a stalemate for the side to move: stalemateValue, or with
  // stalematePieceCount by the pieces on the board (fewer than the other side's:
  // stalemateValue; more: its opposite; as many: a draw), as Fairy-Stockfish values it.
  EndValue stalemate_value() const;
  // extinctionPseudoRoyal: whether `color`'s pieces of `type` are pseudo-royal here (an
  // extinction type of which it has at most extinctionPieceCount + 1), and whether one of
  // its pseudo-royal pieces is attacked.
  bool pseudo_royal(int color, int type) const;
  bool pseudo_royal_attacked(int color) const;
  bool all_extinction_attacked(int color, std::uint32_t ignored_types = 0) const;
  bool gives_check(Move m) const;

  // Legal moves; none when a variant rule has ended the game (extinction, flag).
  // `shortcuts` false tests every move whole, as the reference for the shortcuts that take
  // most moves as legal without a test (for the tests).
  void legal_moves(MoveList& out, bool shortcuts = true) const;
  // The moves before the legality test (what legal_moves() filters), for the cost probe.
  void pseudo_legal_moves(MoveList& out) const;
  // An end by a variant rule (extinction, flag), valued for the side to move.
  std::optional<ImmediateEnd> immediate_result() const;
  // materialCounting's verdict for the side to move on a game that would be drawn (draw
  // without material counting).
  EndValue material_result() const;
  // Bikjang (bikjangRule): the kings face each other on an open line, the side to move to
  // part them.
  bool bikjang() const { return bikjang_; }
  // The moves since the start position, counted back from the last (0), and whether each
  // took a piece (for the move repetition rule).
  Move history_move(std::size_t back) const { return undo_[undo_.size() - 1 - back].move; }
  bool history_capture(std::size_t back) const {
    return undo_[undo_.size() - 1 - back].captured != empty_cell;
  }
  std::size_t history_size() const { return undo_.size(); }
  bool flag_reached(int color) const;
  bool king_can_reach_flag() const;
  // Whether `color` has connected as connectN, connectNxN or its connect regions ask.
  bool connected(int color) const;
  // Whether `color` has collinearN of its connecting pieces on one allowed line.
  bool collinear(int color) const;
  // Whether the piece on `from` has a plain (non-promoting) move to `to`, own king aside.
  bool plain_move_pseudo_legal(int from, int to) const;
  void make(Move m);
  void unmake();

  // Board setup (fen.cpp builds positions through these).
  void clear();
  void put(int sq, Cell cell, int unpromoted_type = -1);
  // A wall (a FEN's '*'): a square of the board that no piece enters or passes, as the edge.
  void put_wall(int sq) {
    board_[sq] = off_board;
    ++walls_;
  }
  int walls() const { return walls_; }
  bool wall(int sq) const { return board_[sq] == off_board && rules_->on_board(sq); }
  void set_side(int side) { side_ = side; }
  void set_castling(int color, int side, int rook_sq, int king_sq);
  // Marks the piece on sq as promoted from a pawn (a FEN's '~').
  void set_pawn_promoted(int sq) { unpromoted_[sq] = pawn_promoted; }
  void add_to_hand(int color, int type);
  // Sets the en passant squares: `sq` (and `sq2`) passed, `victim` the piece that passed
  // (0: the piece right behind `sq`), `listed` as en_passant_victim_listed.
  void set_en_passant(int sq, int sq2 = 0, int victim = 0, bool listed = false);
  void set_counters(int rule50, int game_ply, int counting_limit, int counting_ply);
  void set_checks_left(int white_checks, int black_checks);
  void finish_setup();  // computes the key

 private:
  struct Undo {
    Move move;
    Cell captured;
    Cell moved;
    std::int8_t captured_unpromoted;
    std::int8_t moved_unpromoted;
    std::array<std::array<std::int16_t, 2>, 2> castle_rook;
    std::array<std::int16_t, 2> castle_king;
    std::int8_t to_hand;   // the type a capture put into the mover's hand, or -1
    std::uint8_t blasted;  // pieces the capture's blast removed (on blasted_)
    std::uint8_t flipped;  // pieces the move turned over (on flipped_)
    std::uint8_t lifted;   // walls the move lifted (duck; on lifted_)
    std::array<std::uint16_t, 2> gates;
    std::array<std::int8_t, 2> checks_left;
    std::int16_t ep;
    std::int16_t ep2;
    std::int16_t ep_victim;
    bool ep_custom;
    int rule50;
    int counting_limit;
    int counting_ply;
    std::uint64_t key;
    bool bikjang;  // before the move
    bool passed;   // before the move: whether the move that led there was a pass
  };
  void generate(MoveList& out) const;
  void add_pawn_moves(MoveList& out, int from) const;
  void add_castling(MoveList& out) const;
  void add_sittuyin_promotions(MoveList& out) const;
  template <bool unique>
  void add_piece_moves(MoveList& out, int from, int type) const;
  void add_piece_promotions(MoveList& out, int from, int to, int promoted, int demoted) const;
  void add_pawn_like_moves(MoveList& out, int from, int to, int type) const;
  void add_custom_en_passant(MoveList& out, int from, int type) const;
  bool reaches(int from, int to, int type, bool capture) const;
  void set_custom_en_passant(int from, int to, int type);
  void add_drops(MoveList& out) const;
  void add_gatings(MoveList& out) const;
  void add_cambodian_moves(MoveList& out) const;
  bool may_gate(int type, int sq) const;
  void add_pass(MoveList& out) const;
  void add_walled(MoveList& out, Move m) const;
  void add_wall_pass(MoveList& out) const;
  void place_wall(int sq);
  void lift_wall(int sq);
  void add_diagonal_moves(MoveList& out, int from, int type) const;
  bool diagonally_attacked(int sq, int by) const;
  void apply_pass_on_stalemate(MoveList& out) const;
  bool drop_allowed(Move m) const;
  void apply_must_drop(MoveList& out) const;
  void apply_must_capture(MoveList& out) const;
  void take_from_hand(int color, int type);
  void drop_castling_rights(int sq, int type);
  bool legal(Move m) const;
  std::optional<ImmediateEnd> castling_result() const;
  bool connects(int sq, int color) const;
  bool castling_legal(Move m) const;
  bool kings_face(int king, int them) const;
  bool pseudo_royal_legal(Move m) const;
  std::uint8_t check_entry() const;
  void mark_exposing_squares(SquareMarks& marks) const;
  void mark_blocking_squares(SquareMarks& marks) const;
  void mark_lame_paths(SquareMarks& marks) const;
  void mark_screen_squares(SquareMarks& exposing, SquareMarks& screening) const;
  bool rides_along(int color, int offset, int type) const;
  int lowest_king(int color) const;
  void remove(int sq);
  void place(int sq, Cell cell);
  void blast(int center, Undo& u);
  void take_blasted(int sq, bool walled, Undo& u);
  void unblast(const Undo& u);
  void flip_enclosed(Move m, Undo& u);
  void unflip(const Undo& u);
  bool enclosing_allows(int to, bool start_phase) const;
  void mark_anyside_drops(SquareMarks& marks) const;
  bool touches_royal(int sq, int color) const;
  std::uint64_t castling_key() const;
  int count_limit(int side_to_count) const;

  const Rules* rules_;
  std::array<Cell, board_cells> board_{};
  // Per square: a promoted piece's unpromoted type + 1, else 0. Kept only in variants
  // with promotedPieceType; not part of the key, as in Fairy-Stockfish.
  std::array<std::int8_t, board_cells> unpromoted_{};
  static constexpr std::int8_t pawn_promoted = 100;  // promoted, from no recorded type
  std::array<std::array<int, max_types>, 2> hand_{};
  std::array<int, 2> hand_total_{};
  int side_ = white;
  std::array<int, 2> king_sq_{};
  std::array<std::array<int, max_types>, 2> count_{};
  std::array<int, 2> total_{};
  std::array<std::array<std::int16_t, 2>, 2> castle_rook_{};  // [colour][0 king side, 1 queen]
  std::array<std::int16_t, 2> castle_king_{};
  std::int16_t ep_ = 0;
  std::int16_t ep2_ = 0;
  std::int16_t ep_victim_ = 0;
  bool ep_custom_ = false;
  int rule50_ = 0;
  int game_ply_ = 0;
  int counting_limit_ = 0;
  int counting_ply_ = 0;
  std::uint64_t key_ = 0;
  std::array<std::int8_t, 2> checks_left_{};
  std::array<std::uint16_t, 2> gates_{};
  int walls_ = 0;
  bool bikjang_ = false;
  bool passed_ = false;  // the last move was a pass
  std::vector<Undo> undo_;
  // A piece a blast removed: where, what, its promotion record, and the hand it went to.
  struct Blasted {
    std::int16_t sq;
    Cell cell;
    std::int8_t unpromoted;
    std::int8_t to_hand;  // the type put into the hand of the other side than its owner, or -1
    bool walled;          // petrified: a wall took its square
  };
  std::vector<Blasted> blasted_;
  // The squares whose pieces a move turned over (flipEnclosedPieces), the last move's last.
  std::vector<std::int16_t> flipped_;
  // The walls moves lifted (the duck's squares before it moved), the last move's last.
  std::vector<std::int16_t> lifted_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> checks_;
};

}  // namespace banmen::fairy

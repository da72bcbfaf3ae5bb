#pragma once
// A variant definition compiled into the flat tables the move generator walks: a mailbox
// board with guard cells, each piece type's leaps and rides as board offsets for each
// colour, and every rule of the definition as a plain field. Built once per variant; the
// generator reads it and never looks at the definition's text again.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fairy/variant_file.h"

namespace banmen::fairy {

// The board: 12 files by 10 ranks at most, surrounded by three guard cells on every side
// so that a leap of up to three squares from any board square lands on a guard cell
// instead of outside the array.
inline constexpr int guard = 3;
inline constexpr int board_width = max_files + 2 * guard;   // 18
inline constexpr int board_height = max_ranks + 2 * guard;  // 16
inline constexpr int board_cells = board_width * board_height;

constexpr int square_of(int file, int rank) {
  return (rank + guard) * board_width + file + guard;
}
constexpr int file_of(int sq) {
  return sq % board_width - guard;
}
constexpr int rank_of(int sq) {
  return sq / board_width - guard;
}

inline constexpr int white = 0;
inline constexpr int black = 1;

// A board cell: empty, off the board, or a piece (colour in bit 5, type index + 1 below).
using Cell = std::uint8_t;
inline constexpr Cell empty_cell = 0;
inline constexpr Cell off_board = 0xFF;
constexpr Cell make_cell(int color, int type) {
  return static_cast<Cell>(color << 5 | (type + 1));
}
constexpr int cell_color(Cell c) {
  return c >> 5;
}
constexpr int cell_type(Cell c) {
  return (c & 31) - 1;
}
inline constexpr int max_types = 28;  // 26 letters and the king, with room to spare
// Whether the cell holds a piece of `color` (not empty, not off the board or a wall).
constexpr bool holds_piece_of(Cell c, int color) {
  return c != empty_cell && c != off_board && cell_color(c) == color;
}

// The eight squares around a square, as board offsets (blasts, touching kings, enclosing
// drops and flips).
inline constexpr std::array<int, 8> king_steps{1,
                                               -1,
                                               board_width,
                                               -board_width,
                                               board_width + 1,
                                               board_width - 1,
                                               -board_width + 1,
                                               -board_width - 1};

// One leap: the target offset, and the squares (as offsets from the origin) that must be
// empty for a lame leaper.
struct Leap {
  int offset = 0;
  bool moves = true;
  bool captures = true;
  int path_length = 0;
  std::array<int, 3> path{};
};

// One rider direction: the step offset and the most steps it may take (0: unlimited).
struct Ride {
  int offset = 0;
  int max_steps = 0;
  bool moves = true;
  bool captures = true;
};

// One hopper direction (Betza p, g): over the first piece met (the screen) to any square
// up to and including the next piece (cannon), or only to the square right behind it.
// A cannon with a range (pB2) lands at most max_steps squares from where it stands.
struct Hop {
  int offset = 0;
  bool moves = true;
  bool captures = true;
  bool grasshopper = false;
  int max_steps = 0;  // 0: no limit
};

struct PieceRules {
  std::string name;  // the variants.ini name ("knight", "customPiece1", "king")
  char letter = 0;   // lower case
  char synonym = 0;  // lower case; the letter SAN writes when not 0 (PieceType::synonym)
  bool pawn = false;
  bool royal = false;
  std::array<std::vector<Leap>, 2> leaps;  // by colour
  std::array<std::vector<Ride>, 2> rides;
  std::array<std::vector<Hop>, 2> hops;
  // The xiangqi soldier (the named piece soldier, fsW): its sideways steps, kept apart from
  // its leaps, are taken only from a square of Rules::soldier_zone (across the river).
  bool soldier = false;
  std::array<std::vector<Leap>, 2> soldier_side_leaps;
  // Janggi's cannon (the named piece janggiCannon): no cannon may be its screen or its
  // capture.
  bool janggi_cannon = false;
  // Its moves along the palace's diagonals (diagonalLines), from one of those squares to
  // another, by the type's kind as Fairy-Stockfish gives them: a step of a fers (wazir, and
  // a king that moves as one), a forward diagonal step (soldier), a bishop's ride (rook) or
  // a cannon's diagonal hop (janggiCannon).
  enum class Diagonal : std::uint8_t { none, step, forward, ride, hop };
  Diagonal diagonal = Diagonal::none;
  // Initial moves (Betza i): quiet leaps and rides taken only from the double step region.
  std::array<std::vector<Leap>, 2> initial_leaps;
  std::array<std::vector<Ride>, 2> initial_rides;
  bool initial = false;  // the type has initial moves
  // Whether the piece has a quiet move from a square on an empty board (immobilityIllegal).
  std::array<std::array<bool, board_cells>, 2> mobile{};
  // Whether two of its leaps or rides can reach one square (W and R, N and NN, D and R): the
  // generator then lists each target once, as Fairy-Stockfish's attack sets do.
  bool overlapping = false;
  // Fairy-Stockfish's order of piece types (its PieceType), which orders a FEN's pocket.
  int pocket_order = 0;
};

// Room in a move list. A definition whose positions could have more pseudo-legal moves
// (fairy/move_bound.h) is refused when it is compiled, so a list never drops a move.
inline constexpr int max_moves = 4096;
// Walls multiply the moves (duck chess: each move with each empty square for the duck): a
// walling definition may pass max_moves, its lists then grow on the heap (MoveList), up to
// this many, which its bound may not pass.
inline constexpr int max_walling_moves = 65536;

// A game of a definition without an n-move rule (nMoveRule = 0) ends in a draw (reason
// move_limit) after this many plies: nothing else bounds its length (a repetition rule
// alone ends no game whose positions never repeat), and every request that replays a game
// costs in proportion to it.
inline constexpr int ply_limit_without_move_rule = 1000;

using SquareSet = std::array<bool, board_cells>;

struct Rules {
  std::string name;
  int files = 8;
  int ranks = 8;
  std::vector<PieceRules> types;
  int king = -1;  // the royal piece's type, or -1
  // The most pseudo-legal moves of any position (at most max_moves; with walls, at most
  // max_walling_moves, each move counted with each of its walls).
  int move_bound = 0;
  int pawn = -1;
  std::array<Cell, board_cells> empty_board{};  // empty on the board, off_board elsewhere
  std::string start_fen;
  bool chess960 = false;

  std::array<SquareSet, 2> promotion_zone{};
  std::array<std::vector<int>, 2> promotion_types;  // in Fairy-Stockfish's order
  std::array<int, max_types> promotion_limit{};     // 0: no limit
  bool mandatory_promotion = true;
  // Piece promotion (promotedPieceType): the type each type becomes on promoting, or -1.
  // A piece that moves into, within or out of its promotion region may promote (must,
  // with mandatory_piece_promotion); the pawn promotes so only on entering the region.
  std::array<std::int8_t, max_types> promoted_type{};
  bool piece_promotion = false;  // any type has a promoted type
  bool mandatory_piece_promotion = false;
  // pieceDemotion: a promoted piece may (with mandatory_piece_promotion must) become its
  // unpromoted type on a move into, within or out of the region, as a promotion would.
  bool piece_demotion = false;
  // piecePromotionOnCapture: piece promotions and demotions only on moves that capture.
  bool piece_promotion_on_capture = false;
  bool double_step = true;
  std::array<SquareSet, 2> double_step_zone{};
  std::array<SquareSet, 2> triple_step_zone{};  // the named pawn's three-square step
  bool triple_step = false;
  // Pawns of other moves (bit per type, by colour): the types that promote as pawns, take
  // en passant and reset the n-move count with a move they cannot take back; the type a
  // captured promoted piece goes to the hand as (-1: none).
  std::array<std::uint32_t, 2> promotion_pawn_types{};
  std::array<std::uint32_t, 2> en_passant_types{};
  std::array<std::uint32_t, 2> n_move_rule_types{};
  std::array<int, 2> main_promotion_pawn{-1, -1};
  // Whether any type but the named pawn promotes as a pawn, takes en passant or has
  // initial moves (the generator's slower paths).
  bool custom_pawns = false;
  // Whether a side's en passant types include one that is not the named pawn: a double step
  // then always leaves its en passant squares, and a FEN's are kept as written.
  std::array<bool, 2> custom_en_passant{};
  std::array<SquareSet, 2> en_passant_zone{};
  bool immobility_illegal = false;

  bool castling = true;
  int castling_kingside_file = 6;
  int castling_queenside_file = 2;
  int castling_king_file = 4;
  // Where the search for a K or Q castling rook starts (castlingRook...sideFile).
  int castling_rook_kingside_file = 7;
  int castling_rook_queenside_file = 0;
  int castling_rank = 0;  // from each side's own point of view
  int castling_king_type = -1;
  std::uint32_t castling_rook_types = 0;  // bit per type

  bool checking = true;
  EndValue stalemate = EndValue::draw;
  bool stalemate_piece_count = false;  // stalemate valued by the pieces on the board
  EndValue checkmate = EndValue::loss;
  int n_move_rule = 50;
  int ply_limit = 0;  // plies after which the game is drawn (0: none; see above)
  int n_fold_rule = 3;
  EndValue n_fold_value = EndValue::draw;
  bool n_fold_value_absolute = false;  // n_fold_value is White's (minishogi: Black wins)

  EndValue extinction = EndValue::none;
  bool extinction_claim = false;
  bool extinction_all = false;         // '*': all pieces counted together
  std::uint32_t extinction_types = 0;  // bit per type
  int extinction_count = 0;
  int extinction_opponent_count = 0;
  bool extinction_pseudo_royal = false;  // extinctionPseudoRoyal
  bool duple_check = false;              // dupleCheck (spartan)
  bool sittuyin_promotion = false;       // sittuyinPromotion (variant_file.h)
  bool sittuyin_rook_drop = false;       // sittuyinRookDrop: rooks dropped on the first rank
  // Atomic chess (blastOnCapture): a capture removes the piece on the target square and every
  // piece next to it but pawns (the type named pawn), except blast_immune_types (bit per type).
  bool blast_on_capture = false;
  std::uint32_t blast_immune_types = 0;
  std::uint32_t mutually_immune_types = 0;  // bit per type: cannot take a piece of its own type
  bool gating = false;             // gates (Position::gates()), from the FEN's castling field
  bool cambodian_moves = false;    // the king's and met's first moves from their gates
  bool makpong = false;            // a king in check moves only to take its one checker
  bool opposite_castling = false;  // castling takes the other side's on the same wing
  bool shatar_mate = false;        // shatarMateRule (Position::checkmate_result())
  std::uint32_t shak_types = 0;    // bit per type: knight, rook and bers give a shak
  int fers_type = -1;              // the type named fers (cambodian's met)
  bool seirawan_gating = false;    // gating pieces from the hand (Position::gates())
  bool check_counting = false;     // n-check: the checks each side still has to give, in the FEN
  // castlingWins: [colour][0 king side, 1 queen side] (the wings of castle_rook_): castling
  // there wins, and a side that keeps none of its rights listed here loses.
  std::array<std::array<bool, 2>, 2> castling_wins{};
  bool castling_wins_any = false;

  std::array<int, 2> flag_type{-1, -1};  // any_flag_type: every piece (flagPiece = *)
  static constexpr int any_flag_type = -2;
  bool flag_piece(int color, int type) const {
    return flag_type[color] == any_flag_type ? type >= 0 : type == flag_type[color];
  }
  std::array<SquareSet, 2> flag_zone{};
  bool flag_move = false;
  int flag_piece_count = 1;             // flagPieceCount
  bool flag_piece_blocked_win = false;  // flagPieceBlockedWin
  bool flag_piece_safe = false;         // flagPieceSafe

  CountingRule counting = CountingRule::none;

  // Connection wins (connectN, connectNxN, connect regions), for the side that just moved.
  int connect_n = 0;
  int connect_nxn = 0;
  std::uint32_t connect_types = 0;         // bit per type
  std::vector<int> connect_offsets;        // east, north, north-east, south-east, as allowed
  EndValue connect_value = EndValue::win;  // for the side that connected
  std::array<SquareSet, 2> connect_region1{}, connect_region2{};
  bool connect_regions = false;
  int collinear_n = 0;  // collinearN: that many on one line, however far apart

  // Drops (pieceDrops): a piece in hand may be put on an empty square of drop_zone.
  bool drops = false;
  bool captures_to_hand = false;  // a captured piece goes to the capturer's hand
  bool drop_loop = false;         // ... as it is, even when it was promoted
  bool drop_checks = true;        // false: a drop may not give check
  bool must_drop = false;         // while one can, a side with pieces in hand must drop
  bool must_capture = false;      // while a capture is legal, every other move is illegal
  int must_drop_type = -1;        // the type that must be dropped (-1: any)
  bool drop_promoted = false;     // a piece may also be dropped as its promoted type
  std::array<SquareSet, 2> drop_zone{};
  int drop_no_doubled = -1;  // the type no file may hold more than the count of (nifu)
  int drop_no_doubled_count = 1;
  bool drop_opposite_colored_bishop = false;  // placement: bishops on both colours
  int bishop_type = -1;
  bool first_rank_pawn_drops = false;
  bool promotion_zone_pawn_drops = false;
  bool castling_dropped_piece = false;     // placement: a dropped king and rook may castle
  int pocket_size = 0;                     // a fact for the board (pocketSize)
  std::string variant_template = "fairy";  // a fact for the board (variantTemplate)
  std::string piece_to_char_table = "-";   // a fact for the board (pieceToCharTable)
  // Whether a position remembers promoted pieces (piece promotion, or captures to hand).
  bool track_promoted = false;
  int rook_type = -1, knight_type = -1, khon_type = -1;  // for the counting limits

  // For the legality shortcut: every rider direction by which a colour's pieces capture
  // (each offset once), and every lame leap by which they capture, with its piece type.
  std::array<std::vector<int>, 2> attack_ride_offsets;
  // For attack tests: by colour, each capturing offset once with the types that capture
  // along it (bit per type): plain leaps, unlimited rides, and limited rides (by type).
  struct AttackStep {
    int offset;
    std::uint32_t types;
  };
  struct LimitedRide {
    int offset;
    int max_steps;
    int type;
  };
  std::array<std::vector<AttackStep>, 2> leap_attacks;
  std::array<std::vector<AttackStep>, 2> ride_attacks;
  std::array<std::vector<LimitedRide>, 2> limited_ride_attacks;
  std::array<std::vector<std::pair<int, Leap>>, 2> lame_attacks;
  // Hoppers' capturing directions with the types that capture along them (the cannons with
  // a range apart, as their screens still matter to the legality shortcut); the soldiers'
  // sideways captures with their type.
  struct HopStep {
    int offset;
    std::uint32_t cannon_types;
    std::uint32_t grasshopper_types;
    std::uint32_t ranged_types = 0;
  };
  std::array<std::vector<HopStep>, 2> hop_attacks;
  std::array<std::vector<LimitedRide>, 2> limited_hop_attacks;      // the cannons with a range
  std::array<std::vector<std::pair<int, int>>, 2> soldier_attacks;  // (offset, type)

  // Mobility regions (mobilityRegion<Colour><Piece>): by colour and square, a bit for each
  // type that may stand there; a piece neither moves, is dropped nor attacks outside it.
  std::array<std::array<std::uint32_t, board_cells>, 2> may_stand{};
  bool mobility_regions = false;            // any type has a region
  std::array<SquareSet, 2> soldier_zone{};  // from soldierPromotionRank on
  bool flying_general = false;              // the two kings may not face each other on an open line
  bool perpetual_check_illegal = false;     // a repetition by perpetual check loses
  // Xiangqi's chase rule (chasingRule = axf, fairy/chase.h): a repetition by chasing every
  // move loses for the chaser; checks lengthen the n-move rule.
  bool chasing = false;
  bool shogi_pawn_drop_mate_illegal = false;  // a mate by dropping a shogiPawn loses
  // Janggi's rules (variant_file.h): the diagonal lines, passing, bikjang, material
  // counting and the move repetition rule.
  SquareSet diagonal_lines{};
  bool diagonals = false;  // any square on a diagonal line
  // The diagonal directions in Position's order (north-east, north-west, south-east,
  // south-west), and by square and direction how many steps away the farthest square on
  // a line lies (0: none): a move or an attack along the lines goes no farther.
  static constexpr std::array<int, 4> diagonal_offsets{board_width + 1, board_width - 1,
                                                       -board_width + 1, -board_width - 1};
  std::array<std::array<std::uint8_t, 4>, board_cells> diagonal_reach{};
  std::uint32_t janggi_cannon_types = 0;    // bit per type
  std::array<bool, 2> pass{};               // a side may pass
  std::array<bool, 2> pass_on_stalemate{};  // ... only when it has no other legal move
  bool bikjang_rule = false;
  MaterialCounting material_counting = MaterialCounting::none;
  bool move_repetition_illegal = false;
  // Whether positions remember if their side to move was in check (for the repetition rules).
  bool track_checks = false;
  int shogi_pawn_type = -1;  // the type named shogiPawn, or -1
  // Reversi and ataxx (variant_file.h): the drop rule, the squares played first (while one
  // of them is empty a drop goes only there), the flip rule, drops that take nothing from a
  // hand, and the end by material when the board is full.
  Enclosing enclosing_drop = Enclosing::none;
  SquareSet enclosing_start{};
  bool enclosing_start_any = false;  // enclosing_start holds a square
  Enclosing flip = Enclosing::none;
  bool free_drops = false;
  bool adjudicate_full_board = false;
  // Walls placed by the moves (wallingRule, variant_file.h): the rule, each side's walling
  // region, and wallOrMove (a side moves a piece or walls a square, by a pass from its first
  // piece's square, not both).
  Walling walling = Walling::none;
  std::array<SquareSet, 2> walling_zone{};
  bool wall_or_move = false;
  // Petrification (petrifyOnCaptureTypes, bit per type; petrifyBlastPieces).
  std::uint32_t petrify_types = 0;
  bool petrify_blast_pieces = false;

  // Whether positions have hands (a FEN's pocket): drops, or gating from the hand.
  bool hands() const { return (drops && !free_drops) || seirawan_gating; }
  int type_of_letter(char lower) const;
  // The type a FEN's letter names: a type's own letter, or else its synonym.
  int type_of_fen_letter(char lower) const;
  int push(int color) const { return color == white ? board_width : -board_width; }
  bool on_board(int sq) const { return sq >= 0 && sq < board_cells && empty_board[sq] == 0; }
};

// Compiles a checked definition; on failure (a combination the engine does not play)
// returns nothing and sets error.
std::optional<Rules> compile_rules(const VariantDefinition& definition, std::string& error);

}  // namespace banmen::fairy

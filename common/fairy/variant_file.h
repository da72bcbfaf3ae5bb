#pragma once
// Variant definitions in Fairy-Stockfish's variants.ini format: sections `[name]` or
// `[name:parent]` whose keys override what they inherit from `chess`, `fairy` or a
// section defined before them. Every key is checked as it is read; a key this engine
// does not support, a malformed value or an impossible board is an error that names the
// line and the key, so a definition never half-works.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fairy/betza.h"

namespace banmen::fairy {

// Limits on one definition file: enough for every real variant, small enough to hold in
// a room and to check in microseconds.
inline constexpr std::size_t max_variant_file_bytes = 16 * 1024;
inline constexpr std::size_t max_variant_sections = 8;
inline constexpr std::size_t max_builtin_sections = 16;     // the built-in file's own limit
inline constexpr std::size_t max_catalogue_sections = 128;  // catalogue.ini's own limit
inline constexpr std::size_t max_piece_letters = 26;
inline constexpr int max_files = 12;
inline constexpr int max_ranks = 10;
// pieceToCharTable: two letters a piece type (white's, then black's) for every type
// Fairy-Stockfish knows; its own tables are under 50 characters.
inline constexpr std::size_t max_piece_to_char_table = 128;

// A piece type of one variant: its variants.ini name (e.g. "knight", "customPiece1"),
// its letter and its moves.
struct PieceType {
  std::string name;
  char letter = 0;
  std::string betza;
  BetzaPiece moves;
  bool is_pawn = false;  // the pawn's double step, en passant and promotion apply
  // The letter Fairy-Stockfish writes for this piece in SAN, and also reads in a FEN (lower
  // case; 0: its own letter). Only the built-in definitions give one (pieceSynonyms), and a
  // piece named again in a later section is a new piece without it, as in Fairy-Stockfish.
  char synonym = 0;
};

// A result variants.ini names (stalemateValue, nFoldValue, ...).
enum class EndValue : std::uint8_t { none, win, loss, draw };

// The south-east Asian counting rules (countingRule), as Fairy-Stockfish plays them.
enum class CountingRule : std::uint8_t { none, makruk, cambodian, asean };

// Who wins a game that Fairy-Stockfish adjudicates by material (materialCounting) where it
// would otherwise be drawn: janggi's points, the greater number of pieces, or one side
// always (whitedrawodds, blackdrawodds).
enum class MaterialCounting : std::uint8_t {
  none,
  janggi,
  unweighted,
  white_draw_odds,
  black_draw_odds
};

// The enclosing rules of Fairy-Stockfish (enclosingDrop, flipEnclosedPieces): reversi's
// (a line of the other side's pieces closed by one's own, along a queen's line), ataxx's
// (next to a piece, a king's step away), quadwrangle's (ataxx's flip, for a drop only next
// to an own piece), snort's (a drop not a wazir's step from the other side's pieces), top
// (connect four: on the first rank or on top of a piece) and anyside (slid in from an edge).
enum class Enclosing : std::uint8_t { none, reversi, ataxx, quadwrangle, snort, anyside, top };

// Fairy-Stockfish's walling rules (wallingRule): with each move a side also walls a square
// (a square no piece enters or passes, as a FEN's '*'): one its moved piece could reach
// from where it landed (arrow, the game of the amazons), any empty square with the last
// wall lifted first (duck: the duck moves), an edge of the board or a square beside a wall
// (edge), the square the piece left (past), or any empty square (static).
enum class Walling : std::uint8_t { none, arrow, duck, edge, past, static_squares };

// The plain keys of a definition, each read once into a field of its type (the reader's
// key table in variant_file.cpp pairs each key with its field, one line each). Regions,
// piece letters and pairs stay as written, already checked; an empty text is a key not set.
// The initial values are those of Fairy-Stockfish's chess, which every section inherits.
struct VariantSettings {
  std::string start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  bool chess960 = false;
  std::string promotion_region_white = "*8";
  std::string promotion_region_black = "*1";
  std::string promotion_piece_types = "nbrq";
  std::string promotion_piece_types_white;
  std::string promotion_piece_types_black;
  bool mandatory_pawn_promotion = true;
  std::string promoted_piece_type;  // letter:letter pairs
  bool mandatory_piece_promotion = false;
  bool piece_demotion = false;              // a promoted piece may move as its unpromoted type
  bool piece_promotion_on_capture = false;  // promotions and demotions only by captures
  std::string promotion_limit;              // letter:count pairs
  bool double_step = true;
  std::string double_step_region_white = "*2";
  std::string double_step_region_black = "*7";
  // Where en passant may take (the square passed), for both sides or for the side that
  // takes; empty: not set (a side's own key wins, then the key for both, else everywhere).
  std::string en_passant_region;
  std::string en_passant_region_white;
  std::string en_passant_region_black;
  // Pawns of other moves: the types that promote as pawns (the first is the type a promoted
  // piece is demoted to on a capture to the hand), take en passant, and reset the n-move
  // count with a move they cannot take back (Fairy-Stockfish's promotionPawnTypes,
  // enPassantTypes, nMoveRuleTypes, for each side; pawnTypes sets all three). Letters, "-"
  // for none; empty: the type named pawn.
  std::string promotion_pawn_types_white;
  std::string promotion_pawn_types_black;
  std::string en_passant_types_white;
  std::string en_passant_types_black;
  std::string n_move_rule_types_white;
  std::string n_move_rule_types_black;
  // Where the named pawn may also step three squares (both squares passed empty).
  std::string triple_step_region_white;
  std::string triple_step_region_black;
  // Sittuyin: a pawn promotes (to a promotion type, within its limit) in place or by one
  // move of the new piece to an empty square, from the promotion region (anywhere when it
  // is the side's last pawn), never attacking an enemy piece nor giving check, and never by
  // moving into the region; a side with a king and one pawn whose every move is a
  // promotion is stalemated (a draw). Rooks are dropped on the first rank only.
  bool sittuyin_promotion = false;
  bool sittuyin_rook_drop = false;
  bool castling = true;
  char castling_kingside_file = 'g';
  char castling_queenside_file = 'c';
  int castling_rank = 1;  // 1-based, from each side's own point of view
  char castling_king_file = 'e';
  std::string castling_king_piece;
  std::string castling_rook_pieces = "r";
  // Where the search for the castling rook starts, towards the king, when the FEN grants K
  // or Q (a file letter; 0: the board's edge, as in Fairy-Stockfish).
  char castling_rook_kingside_file = 0;
  char castling_rook_queenside_file = 0;
  bool checking = true;
  EndValue stalemate_value = EndValue::draw;
  // A stalemate is valued by the pieces on the board: fewer than the other side's gives
  // stalemateValue, more its opposite, as many a draw (suicide chess).
  bool stalemate_piece_count = false;
  EndValue checkmate_value = EndValue::loss;
  int n_move_rule = 50;
  int n_fold_rule = 3;
  EndValue n_fold_value = EndValue::draw;
  bool n_fold_value_absolute = false;  // nFoldValue is White's, whoever is to move
  EndValue extinction_value = EndValue::none;
  bool extinction_claim = false;
  std::string extinction_piece_types;  // letters, or * for all
  int extinction_piece_count = 0;
  int extinction_opponent_piece_count = 0;
  // The extinction pieces are pseudo-royal while a side has at most one more of a type than
  // extinctionPieceCount: no move may leave one attacked, and a side without a move with
  // one attacked is checkmated.
  bool extinction_pseudo_royal = false;
  // Spartan chess's duple check: a side may not leave every piece of its extinction types
  // attacked (while it has several, none of them pseudo-royal alone), and is in check when
  // they all are.
  bool duple_check = false;
  // Atomic chess: a capture removes the capturer and every piece next to the target square
  // but pawns, except the blastImmuneTypes.
  bool blast_on_capture = false;
  std::string blast_immune_types;
  std::string mutually_immune_types;  // a piece of these types cannot take one of its own type
  // n-check: a side that has given checkCounting's number of checks (the startFen's "3+3"
  // field: checks each side still has to give) wins.
  bool check_counting = false;
  // S-chess: a piece moving off a gate square of its side's first rank (the FEN's castling
  // field names them) may bring a piece from the hand onto it (gating and seirawanGating).
  bool gating = false;
  bool seirawan_gating = false;
  // Cambodian chess: the king on its gate may leap like a knight to the rank in front, the
  // met (fers) on its gate may step two squares straight ahead; neither captures (the gates
  // are the castling field's letters, and need gating).
  bool cambodian_moves = false;
  // Makpong: a king in check may only move to take the one piece that checks it.
  bool makpong_rule = false;
  // Castling takes the other side's castling on the same wing.
  bool opposite_castling = false;
  // Castle chess: the castling rights (K, Q, k, q as a FEN writes them) whose castling wins
  // the game, and whose loss for good loses it.
  std::string castling_wins;
  // Shatar: a mate given by knights alone loses for the mating side; a mate counts only when
  // the series of checks that led to it held a shak (a check by a knight, rook or bers), and
  // is otherwise a draw (niol).
  bool shatar_mate_rule = false;
  std::string flag_piece;
  std::string flag_region_white;
  std::string flag_region_black;
  bool flag_move = false;
  int flag_piece_count = 1;             // flag pieces that must stand in the flag region
  bool flag_piece_blocked_win = false;  // or: one does, and the region has no empty square
  bool flag_piece_safe = false;         // ... and, at exactly that count, none is attacked
  bool immobility_illegal = false;
  bool must_capture = false;  // while a capture is legal, every other move is illegal
  CountingRule counting_rule = CountingRule::none;
  // Drops and pockets (Fairy-Stockfish's crazyhouse family).
  bool piece_drops = false;
  bool captures_to_hand = false;
  bool drop_loop = false;  // a captured promoted piece goes to the hand as it is
  bool drop_checks = true;
  bool must_drop = false;
  std::string must_drop_type;  // a letter; empty: any piece in hand
  bool drop_promoted = false;
  std::string drop_region_white;  // empty: every square
  std::string drop_region_black;
  std::string drop_no_doubled;  // a letter; empty: none
  int drop_no_doubled_count = 1;
  bool drop_opposite_colored_bishop = false;
  bool first_rank_pawn_drops = false;
  bool promotion_zone_pawn_drops = false;
  bool castling_dropped_piece = false;
  int pocket_size = 0;  // a fact for the board; no rule reads it
  // Facts for the board, no rule reads them: which board the variant is drawn on ("fairy",
  // "shogi", "xiangqi", ...), and Fairy-Stockfish's table of its piece types' letters ("-": none).
  std::string variant_template = "fairy";
  std::string piece_to_char_table = "-";
  // Xiangqi's family: soldiers move sideways from this rank on (1-based, each side's own
  // point of view; 1: everywhere); the kings may not face each other on an open line; a
  // repetition brought about by checking every move loses for the checker.
  int soldier_promotion_rank = 1;
  // A checkmate given by dropping a shogiPawn loses for the side that dropped it, as
  // Fairy-Stockfish judges it (the drop itself is legal there).
  bool shogi_pawn_drop_mate_illegal = false;
  bool flying_general = false;
  bool perpetual_check_illegal = false;
  // Xiangqi's chase rule (chasingRule): "axf" or "none".
  std::string chasing_rule = "none";
  // Janggi's: the squares joined by the palace's diagonals (diagonalLines); a side may pass
  // (pass), or pass only when it has no other move (passOnStalemate); kings facing on an
  // open line must be parted by the side to move, or the game ends (bikjangRule); a game
  // that would be drawn is decided by material (materialCounting); a move that undoes the
  // same piece's move again and again loses (moveRepetitionIllegal, as Kakao Janggi).
  std::string diagonal_lines;
  bool pass_white = false;
  bool pass_black = false;
  bool pass_on_stalemate_white = false;
  bool pass_on_stalemate_black = false;
  bool bikjang_rule = false;
  MaterialCounting material_counting = MaterialCounting::none;
  bool move_repetition_illegal = false;
  // Connection games (tic-tac-toe, teeko): the side that has just moved wins (connectValue,
  // from its point of view) with connectN of its pieces (of connectPieceTypes) in a row
  // along the allowed lines, an connectNxN square of them, or a chain from its first
  // connect region to its second.
  int connect_n = 0;
  int connect_nxn = 0;
  std::string connect_piece_types;  // empty: every piece
  bool connect_horizontal = true;
  bool connect_vertical = true;
  bool connect_diagonal = true;
  EndValue connect_value = EndValue::win;
  std::string connect_region1_white, connect_region2_white;
  std::string connect_region1_black, connect_region2_black;
  // Three musketeers: collinearN of them on one allowed line, however far apart, end the
  // game as a connection does (connectValue for the side that has just moved).
  int collinear_n = 0;
  // Reversi and ataxx: where a drop may go (enclosingDrop; while a square of
  // enclosingDropStart is empty, only there), which pieces a move turns over
  // (flipEnclosedPieces), drops of pieces never counted in a hand (freeDrops: set by
  // Fairy-Stockfish's ataxx in its code, its file has no such key), and the game decided by
  // material once the board is full (adjudicateFullBoard).
  Enclosing enclosing_drop = Enclosing::none;
  std::string enclosing_drop_start;
  Enclosing flip_enclosed_pieces = Enclosing::none;
  bool free_drops = false;
  bool adjudicate_full_board = false;
  // Walls placed by the moves (wallingRule), only on a side's walling region (empty:
  // everywhere); with wallOrMove a side either moves or walls a square, not both.
  Walling walling_rule = Walling::none;
  // Petrification (Fairy-Stockfish's petrifyOnCaptureTypes): a piece of these types that
  // captures turns into a wall on the square it took (with blasts, the capturer's square;
  // with petrifyBlastPieces every blasted piece's too).
  std::string petrify_on_capture_types;
  bool petrify_blast_pieces = false;
  std::string walling_region_white;
  std::string walling_region_black;
  bool wall_or_move = false;
};

// A piece type's mobility region (mobilityRegionWhiteKing = d1 e1 f1 ...): the squares a
// piece of that type and colour may stand on. Keyed by the piece's name, as
// Fairy-Stockfish keys it by type, so it holds for whatever letter the type has.
struct MobilityRegion {
  std::string piece;  // "king", "fers", "customPiece1", ...
  int color = 0;      // 0 White, 1 Black
  std::string squares;
};

// One variant, fully resolved: every key inherited or set, every value checked.
struct VariantDefinition {
  std::string name;
  std::string parent;
  int files = 8;
  int ranks = 8;
  std::vector<PieceType> pieces;  // without the king
  char king_letter = 'k';         // 0: no royal king
  std::string king_betza = "K";
  BetzaPiece king_moves;
  VariantSettings settings;  // the remaining keys, inherited or set
  std::vector<MobilityRegion> mobility_regions;

  const PieceType* piece(char letter) const;
};

struct VariantError {
  int line = 0;     // 1-based; 0 for the file as a whole
  std::string key;  // empty when the error is not about one key
  std::string message;
  std::string to_string() const;
};

struct VariantFile {
  std::vector<VariantDefinition> variants;
  const VariantDefinition* find(std::string_view name) const;
};

// Parses a definition file. max_sections lets the built-in file hold more sections than a
// user's file may.
// A parent that is neither chess, fairy nor a section above is looked up in `ancestors`
// (by default every built-in variant: the room variants and Fairy-Stockfish's catalogue).
std::optional<VariantFile> parse_variant_file(std::string_view text, VariantError& error,
                                              std::size_t max_sections = max_variant_sections);
std::optional<VariantFile> parse_variant_file(std::string_view text, VariantError& error,
                                              std::size_t max_sections,
                                              const std::vector<const VariantFile*>& ancestors);

// The built-in variants (chess960 capablanca gothic janus embassy grand almost shatranj
// makruk knightmate amazon kingofthehill), parsed once from the embedded data file.
const VariantFile& builtin_variants();
std::string_view builtin_variants_text();

// Fairy-Stockfish's other built-in variants whose rules this engine plays (crazyhouse,
// placement, ...), in the same format: playable by name in `banmen-rules` and as parents,
// but not listed for rooms (common/fairy/catalogue.ini).
const VariantFile& catalogue_variants();
std::string_view catalogue_variants_text();

// Why a built-in variant of Fairy-Stockfish that this engine does not play cannot be played
// here (bughouse, koedem, supply: two boards), in words for the player; nullopt for any
// other name. The one home of that list, for the definition reader's and banmen-rules'
// errors (docs/rules/fairy.md has the same table).
std::optional<std::string> unplayable_builtin(std::string_view name);

}  // namespace banmen::fairy

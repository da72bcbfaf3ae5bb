#include "fairy/variant_file.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>
#include <type_traits>
#include <variant>

namespace banmen::fairy {
namespace {

// The named pieces variants.ini knows, with their moves. The pawn's moves are its plain
// step and diagonal capture; its double step, en passant and promotion are rules.
struct NamedPiece {
  std::string_view name;
  std::string_view betza;
};
constexpr std::array named_pieces{
    NamedPiece{"pawn", "fmWfcF"},
    NamedPiece{"knight", "N"},
    NamedPiece{"bishop", "B"},
    NamedPiece{"rook", "R"},
    NamedPiece{"queen", "Q"},
    NamedPiece{"fers", "F"},
    NamedPiece{"alfil", "A"},
    NamedPiece{"fersAlfil", "FA"},
    NamedPiece{"silver", "FfW"},
    NamedPiece{"aiwok", "RNF"},
    NamedPiece{"bers", "RF"},
    NamedPiece{"archbishop", "BN"},
    NamedPiece{"chancellor", "RN"},
    NamedPiece{"amazon", "QN"},
    NamedPiece{"knibis", "mNcB"},
    NamedPiece{"biskni", "mBcN"},
    NamedPiece{"kniroo", "mNcR"},
    NamedPiece{"rookni", "mRcN"},
    NamedPiece{"wazir", "W"},
    NamedPiece{"commoner", "K"},
    NamedPiece{"centaur", "KN"},
    NamedPiece{"horse", "nN"},
    NamedPiece{"elephant", "nA"},
    // Xiangqi's: the cannon moves as a rook and captures by hopping over one piece; the
    // soldier steps forward, and sideways too once across the river (soldierPromotionRank);
    // Manchu chess's banner is a rook, a cannon's capture and a horse together.
    NamedPiece{"cannon", "mRcpR"},
    NamedPiece{"soldier", "fsW"},
    NamedPiece{"banner", "RcpRnN"},
    // Janggi's: the cannon hops over one piece to move or capture (never over a cannon, nor
    // onto one: rules.cpp), and the elephant leaps one square straight and two diagonally,
    // over empty squares.
    NamedPiece{"janggiCannon", "pR"},
    NamedPiece{"janggiElephant", "nZ"},
    // The shogi family's, and two of the small games'.
    NamedPiece{"shogiPawn", "fW"},
    NamedPiece{"lance", "fR"},
    NamedPiece{"shogiKnight", "fN"},
    NamedPiece{"gold", "WfF"},
    NamedPiece{"dragonHorse", "BW"},
    NamedPiece{"clobber", "cW"},
    NamedPiece{"breakthrough", "fmWfF"},
    // A piece that never moves once placed (tic-tac-toe's marks, walls): no atoms at all.
    NamedPiece{"immobile", ""},
};

const NamedPiece* find_named(std::string_view name) {
  for (const NamedPiece& p : named_pieces)
    if (p.name == name) return &p;
  return nullptr;
}

enum class Kind {
  integer,
  boolean,
  value,      // win, loss, draw or none
  region,     // squares: a8 b8, or whole ranks/files with * (e.g. *8, a*)
  letters,    // piece letters, or - for none
  letter,     // one piece letter (or * for any, where the key allows it)
  file,       // a file letter
  fen,        // a start position
  pairs,      // letter:letter pairs (promotedPieceType)
  limits,     // letter:count pairs (promotionLimit)
  counting,   // makruk, cambodian, asean or none
  material,   // janggi, unweighted, whitedrawodds, blackdrawodds or none
  enclosing,  // reversi, ataxx, snort, anyside, top or none (enclosingDrop)
  flipping,   // reversi, ataxx, quadwrangle or none (flipEnclosedPieces)
  board,      // a board template's name: fairy, shogi, xiangqi, ...
  table,      // a table of piece letters: letters, '.', '+' and '*', or -
  chasing,    // axf or none
  walling,    // arrow, duck, edge, past, static or none
  rights,     // castling rights: K, Q, k, q as a FEN writes them, or -
};

// The field a key is read into, by its type.
using Field =
    std::variant<int VariantSettings::*, bool VariantSettings::*, EndValue VariantSettings::*,
                 char VariantSettings::*, CountingRule VariantSettings::*,
                 MaterialCounting VariantSettings::*, Enclosing VariantSettings::*,
                 Walling VariantSettings::*, std::string VariantSettings::*>;

struct KeySpec {
  std::string_view key;
  Kind kind;
  Field field;
  int min = 0;
  int max = 0;
};

using S = VariantSettings;

// Every plain key this engine supports, each with the field it is read into, in the
// keys' order (the order a section's errors are reported in). Piece keys (named pieces,
// customPieceN, king) and the board size are handled on their own below.
constexpr std::array key_specs{
    KeySpec{"adjudicateFullBoard", Kind::boolean, &S::adjudicate_full_board},
    KeySpec{"bikjangRule", Kind::boolean, &S::bikjang_rule},
    KeySpec{"blackDropRegion", Kind::region, &S::drop_region_black},
    KeySpec{"blastImmuneTypes", Kind::letters, &S::blast_immune_types},
    KeySpec{"blastOnCapture", Kind::boolean, &S::blast_on_capture},
    KeySpec{"cambodianMoves", Kind::boolean, &S::cambodian_moves},
    KeySpec{"capturesToHand", Kind::boolean, &S::captures_to_hand},
    KeySpec{"castling", Kind::boolean, &S::castling},
    KeySpec{"castlingDroppedPiece", Kind::boolean, &S::castling_dropped_piece},
    KeySpec{"castlingKingFile", Kind::file, &S::castling_king_file},
    KeySpec{"castlingKingPiece", Kind::letters, &S::castling_king_piece},
    KeySpec{"castlingKingsideFile", Kind::file, &S::castling_kingside_file},
    KeySpec{"castlingQueensideFile", Kind::file, &S::castling_queenside_file},
    KeySpec{"castlingRank", Kind::integer, &S::castling_rank, 1, max_ranks},
    KeySpec{"castlingRookKingsideFile", Kind::file, &S::castling_rook_kingside_file},
    KeySpec{"castlingRookPieces", Kind::letters, &S::castling_rook_pieces},
    KeySpec{"castlingRookQueensideFile", Kind::file, &S::castling_rook_queenside_file},
    KeySpec{"castlingWins", Kind::rights, &S::castling_wins},
    KeySpec{"chasingRule", Kind::chasing, &S::chasing_rule},
    KeySpec{"checkCounting", Kind::boolean, &S::check_counting},
    KeySpec{"checking", Kind::boolean, &S::checking},
    KeySpec{"checkmateValue", Kind::value, &S::checkmate_value},
    KeySpec{"chess960", Kind::boolean, &S::chess960},
    KeySpec{"collinearN", Kind::integer, &S::collinear_n, 0, max_files},
    KeySpec{"connectDiagonal", Kind::boolean, &S::connect_diagonal},
    KeySpec{"connectHorizontal", Kind::boolean, &S::connect_horizontal},
    KeySpec{"connectN", Kind::integer, &S::connect_n, 0, max_files},
    KeySpec{"connectNxN", Kind::integer, &S::connect_nxn, 0, max_ranks},
    KeySpec{"connectPieceTypes", Kind::letters, &S::connect_piece_types},
    KeySpec{"connectRegion1Black", Kind::region, &S::connect_region1_black},
    KeySpec{"connectRegion1White", Kind::region, &S::connect_region1_white},
    KeySpec{"connectRegion2Black", Kind::region, &S::connect_region2_black},
    KeySpec{"connectRegion2White", Kind::region, &S::connect_region2_white},
    KeySpec{"connectValue", Kind::value, &S::connect_value},
    KeySpec{"connectVertical", Kind::boolean, &S::connect_vertical},
    KeySpec{"countingRule", Kind::counting, &S::counting_rule},
    KeySpec{"diagonalLines", Kind::region, &S::diagonal_lines},
    KeySpec{"doubleStep", Kind::boolean, &S::double_step},
    KeySpec{"doubleStepRegionBlack", Kind::region, &S::double_step_region_black},
    KeySpec{"doubleStepRegionWhite", Kind::region, &S::double_step_region_white},
    KeySpec{"dropChecks", Kind::boolean, &S::drop_checks},
    KeySpec{"dropLoop", Kind::boolean, &S::drop_loop},
    KeySpec{"dropNoDoubled", Kind::letter, &S::drop_no_doubled},
    KeySpec{"dropNoDoubledCount", Kind::integer, &S::drop_no_doubled_count, 0, max_ranks},
    KeySpec{"dropOppositeColoredBishop", Kind::boolean, &S::drop_opposite_colored_bishop},
    KeySpec{"dropPromoted", Kind::boolean, &S::drop_promoted},
    KeySpec{"dropRegionBlack", Kind::region, &S::drop_region_black},
    KeySpec{"dropRegionWhite", Kind::region, &S::drop_region_white},
    KeySpec{"dupleCheck", Kind::boolean, &S::duple_check},
    KeySpec{"enPassantRegion", Kind::region, &S::en_passant_region},
    KeySpec{"enPassantRegionBlack", Kind::region, &S::en_passant_region_black},
    KeySpec{"enPassantRegionWhite", Kind::region, &S::en_passant_region_white},
    KeySpec{"enPassantTypesBlack", Kind::letters, &S::en_passant_types_black},
    KeySpec{"enPassantTypesWhite", Kind::letters, &S::en_passant_types_white},
    KeySpec{"enclosingDrop", Kind::enclosing, &S::enclosing_drop},
    KeySpec{"enclosingDropStart", Kind::region, &S::enclosing_drop_start},
    KeySpec{"extinctionClaim", Kind::boolean, &S::extinction_claim},
    KeySpec{"extinctionOpponentPieceCount", Kind::integer, &S::extinction_opponent_piece_count, 0,
            120},
    KeySpec{"extinctionPieceCount", Kind::integer, &S::extinction_piece_count, 0, 120},
    KeySpec{"extinctionPieceTypes", Kind::letters, &S::extinction_piece_types},
    KeySpec{"extinctionPseudoRoyal", Kind::boolean, &S::extinction_pseudo_royal},
    KeySpec{"extinctionValue", Kind::value, &S::extinction_value},
    KeySpec{"firstRankPawnDrops", Kind::boolean, &S::first_rank_pawn_drops},
    KeySpec{"flagMove", Kind::boolean, &S::flag_move},
    KeySpec{"flagPiece", Kind::letters, &S::flag_piece},
    KeySpec{"flagPieceBlockedWin", Kind::boolean, &S::flag_piece_blocked_win},
    KeySpec{"flagPieceCount", Kind::integer, &S::flag_piece_count, 1, 120},
    KeySpec{"flagPieceSafe", Kind::boolean, &S::flag_piece_safe},
    KeySpec{"flagRegionBlack", Kind::region, &S::flag_region_black},
    KeySpec{"flagRegionWhite", Kind::region, &S::flag_region_white},
    KeySpec{"flipEnclosedPieces", Kind::flipping, &S::flip_enclosed_pieces},
    KeySpec{"flyingGeneral", Kind::boolean, &S::flying_general},
    KeySpec{"freeDrops", Kind::boolean, &S::free_drops},
    KeySpec{"gating", Kind::boolean, &S::gating},
    KeySpec{"immobilityIllegal", Kind::boolean, &S::immobility_illegal},
    KeySpec{"makpongRule", Kind::boolean, &S::makpong_rule},
    KeySpec{"mandatoryPawnPromotion", Kind::boolean, &S::mandatory_pawn_promotion},
    KeySpec{"mandatoryPiecePromotion", Kind::boolean, &S::mandatory_piece_promotion},
    KeySpec{"materialCounting", Kind::material, &S::material_counting},
    KeySpec{"moveRepetitionIllegal", Kind::boolean, &S::move_repetition_illegal},
    KeySpec{"mustCapture", Kind::boolean, &S::must_capture},
    KeySpec{"mustDrop", Kind::boolean, &S::must_drop},
    KeySpec{"mustDropType", Kind::letter, &S::must_drop_type},
    KeySpec{"mutuallyImmuneTypes", Kind::letters, &S::mutually_immune_types},
    KeySpec{"nFoldRule", Kind::integer, &S::n_fold_rule, 0, 100},
    KeySpec{"nFoldValue", Kind::value, &S::n_fold_value},
    KeySpec{"nFoldValueAbsolute", Kind::boolean, &S::n_fold_value_absolute},
    KeySpec{"nMoveRule", Kind::integer, &S::n_move_rule, 0, 1000},
    KeySpec{"nMoveRuleTypesBlack", Kind::letters, &S::n_move_rule_types_black},
    KeySpec{"nMoveRuleTypesWhite", Kind::letters, &S::n_move_rule_types_white},
    KeySpec{"oppositeCastling", Kind::boolean, &S::opposite_castling},
    KeySpec{"passBlack", Kind::boolean, &S::pass_black},
    KeySpec{"passOnStalemateBlack", Kind::boolean, &S::pass_on_stalemate_black},
    KeySpec{"passOnStalemateWhite", Kind::boolean, &S::pass_on_stalemate_white},
    KeySpec{"passWhite", Kind::boolean, &S::pass_white},
    KeySpec{"perpetualCheckIllegal", Kind::boolean, &S::perpetual_check_illegal},
    KeySpec{"petrifyBlastPieces", Kind::boolean, &S::petrify_blast_pieces},
    KeySpec{"petrifyOnCaptureTypes", Kind::letters, &S::petrify_on_capture_types},
    KeySpec{"pieceDemotion", Kind::boolean, &S::piece_demotion},
    KeySpec{"pieceDrops", Kind::boolean, &S::piece_drops},
    KeySpec{"piecePromotionOnCapture", Kind::boolean, &S::piece_promotion_on_capture},
    KeySpec{"pieceToCharTable", Kind::table, &S::piece_to_char_table},
    KeySpec{"pocketSize", Kind::integer, &S::pocket_size, 0, 64},
    KeySpec{"promotedPieceType", Kind::pairs, &S::promoted_piece_type},
    KeySpec{"promotionLimit", Kind::limits, &S::promotion_limit},
    KeySpec{"promotionPawnTypesBlack", Kind::letters, &S::promotion_pawn_types_black},
    KeySpec{"promotionPawnTypesWhite", Kind::letters, &S::promotion_pawn_types_white},
    KeySpec{"promotionPieceTypes", Kind::letters, &S::promotion_piece_types},
    KeySpec{"promotionPieceTypesBlack", Kind::letters, &S::promotion_piece_types_black},
    KeySpec{"promotionPieceTypesWhite", Kind::letters, &S::promotion_piece_types_white},
    KeySpec{"promotionRegionBlack", Kind::region, &S::promotion_region_black},
    KeySpec{"promotionRegionWhite", Kind::region, &S::promotion_region_white},
    KeySpec{"promotionZonePawnDrops", Kind::boolean, &S::promotion_zone_pawn_drops},
    KeySpec{"seirawanGating", Kind::boolean, &S::seirawan_gating},
    KeySpec{"shatarMateRule", Kind::boolean, &S::shatar_mate_rule},
    KeySpec{"shogiPawnDropMateIllegal", Kind::boolean, &S::shogi_pawn_drop_mate_illegal},
    KeySpec{"sittuyinPromotion", Kind::boolean, &S::sittuyin_promotion},
    KeySpec{"sittuyinRookDrop", Kind::boolean, &S::sittuyin_rook_drop},
    KeySpec{"soldierPromotionRank", Kind::integer, &S::soldier_promotion_rank, 1, max_ranks},
    KeySpec{"stalematePieceCount", Kind::boolean, &S::stalemate_piece_count},
    KeySpec{"stalemateValue", Kind::value, &S::stalemate_value},
    KeySpec{"startFen", Kind::fen, &S::start_fen},
    KeySpec{"tripleStepRegionBlack", Kind::region, &S::triple_step_region_black},
    KeySpec{"tripleStepRegionWhite", Kind::region, &S::triple_step_region_white},
    KeySpec{"variantTemplate", Kind::board, &S::variant_template},
    KeySpec{"wallOrMove", Kind::boolean, &S::wall_or_move},
    KeySpec{"wallingRegionBlack", Kind::region, &S::walling_region_black},
    KeySpec{"wallingRegionWhite", Kind::region, &S::walling_region_white},
    KeySpec{"wallingRule", Kind::walling, &S::walling_rule},
    KeySpec{"whiteDropRegion", Kind::region, &S::drop_region_white},
};

// Each kind is read into a field of its own type: a key paired with a field of another
// type is a build error, not a value silently misread.
constexpr bool field_fits(const KeySpec& s) {
  switch (s.kind) {
    case Kind::integer:
      return std::holds_alternative<int S::*>(s.field);
    case Kind::boolean:
      return std::holds_alternative<bool S::*>(s.field);
    case Kind::value:
      return std::holds_alternative<EndValue S::*>(s.field);
    case Kind::file:
      return std::holds_alternative<char S::*>(s.field);
    case Kind::counting:
      return std::holds_alternative<CountingRule S::*>(s.field);
    case Kind::material:
      return std::holds_alternative<MaterialCounting S::*>(s.field);
    case Kind::enclosing:
    case Kind::flipping:
      return std::holds_alternative<Enclosing S::*>(s.field);
    case Kind::walling:
      return std::holds_alternative<Walling S::*>(s.field);
    case Kind::region:
    case Kind::letters:
    case Kind::letter:
    case Kind::fen:
    case Kind::pairs:
    case Kind::limits:
    case Kind::board:
    case Kind::table:
    case Kind::chasing:
    case Kind::rights:
      return std::holds_alternative<std::string S::*>(s.field);
  }
  return false;
}
static_assert(std::all_of(key_specs.begin(), key_specs.end(), field_fits));
static_assert(std::is_sorted(key_specs.begin(), key_specs.end(),
                             [](const KeySpec& a, const KeySpec& b) { return a.key < b.key; }));

const KeySpec* find_spec(std::string_view key) {
  for (const KeySpec& s : key_specs)
    if (s.key == key) return &s;
  return nullptr;
}

EndValue end_value(std::string_view v) {
  if (v == "win") return EndValue::win;
  if (v == "loss") return EndValue::loss;
  if (v == "draw") return EndValue::draw;
  return EndValue::none;
}

CountingRule counting_rule(std::string_view v) {
  if (v == "makruk") return CountingRule::makruk;
  if (v == "cambodian") return CountingRule::cambodian;
  if (v == "asean") return CountingRule::asean;
  return CountingRule::none;
}

MaterialCounting material_counting(std::string_view v) {
  if (v == "janggi") return MaterialCounting::janggi;
  if (v == "unweighted") return MaterialCounting::unweighted;
  if (v == "whitedrawodds") return MaterialCounting::white_draw_odds;
  if (v == "blackdrawodds") return MaterialCounting::black_draw_odds;
  return MaterialCounting::none;
}

Enclosing enclosing_rule(std::string_view v) {
  if (v == "reversi") return Enclosing::reversi;
  if (v == "ataxx") return Enclosing::ataxx;
  if (v == "quadwrangle") return Enclosing::quadwrangle;
  if (v == "snort") return Enclosing::snort;
  if (v == "anyside") return Enclosing::anyside;
  if (v == "top") return Enclosing::top;
  return Enclosing::none;
}

Walling walling_rule(std::string_view v) {
  if (v == "arrow") return Walling::arrow;
  if (v == "duck") return Walling::duck;
  if (v == "edge") return Walling::edge;
  if (v == "past") return Walling::past;
  if (v == "static") return Walling::static_squares;
  return Walling::none;
}

// The text of a key read into a text field (regions, letters, pairs); empty for others.
const std::string& text_of(const VariantSettings& s, const KeySpec& spec) {
  static const std::string none;
  const auto* field = std::get_if<std::string S::*>(&spec.field);
  return field ? s.**field : none;
}

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  if (s.empty() || s.size() > 6) return std::nullopt;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<bool> to_bool(std::string_view s) {
  if (s == "true") return true;
  if (s == "false") return false;
  return std::nullopt;
}

bool is_piece_letter(char c) {
  return c >= 'a' && c <= 'z';
}

// A board coordinate part: a file letter a-l or *, a rank 1-10 or *.
bool valid_region_word(std::string_view w) {
  if (w.size() < 2 || w.size() > 3) return false;
  const char f = w[0];
  if (f != '*' && (f < 'a' || f >= 'a' + max_files)) return false;
  const std::string_view r = w.substr(1);
  if (r == "*") return true;
  const auto n = to_int(r);
  return n && *n >= 1 && *n <= max_ranks;
}

std::optional<std::string> check_value(const KeySpec& spec, std::string_view v) {
  switch (spec.kind) {
    case Kind::integer: {
      const auto n = to_int(v);
      if (!n || *n < spec.min || *n > spec.max)
        return "expects a whole number from " + std::to_string(spec.min) + " to " +
               std::to_string(spec.max);
      return std::nullopt;
    }
    case Kind::boolean:
      if (!to_bool(v)) return "expects true or false";
      return std::nullopt;
    case Kind::value:
      if (v != "win" && v != "loss" && v != "draw" && v != "none")
        return "expects win, loss, draw or none";
      return std::nullopt;
    case Kind::region:
      if (v == "-") return std::nullopt;  // no square at all
      for (std::string_view w : words(v))
        if (!valid_region_word(w))
          return "expects squares such as a8 or *8, not '" + std::string(w) + "'";
      return std::nullopt;
    case Kind::letters:
      if (v == "-" || v == "*") return std::nullopt;
      for (char c : v)
        if (!is_piece_letter(c)) return "expects piece letters a-z, - or *";
      return std::nullopt;
    case Kind::letter:
      if (v.size() != 1 || (!is_piece_letter(v[0]) && v[0] != '*' && v[0] != '-'))
        return "expects one piece letter a-z, * or -";
      return std::nullopt;
    case Kind::file:
      if (v.size() != 1 || v[0] < 'a' || v[0] >= 'a' + max_files)
        return "expects a file letter a-l";
      return std::nullopt;
    case Kind::fen:
      if (v.empty() || v.size() > 256) return "expects a FEN of at most 256 characters";
      return std::nullopt;
    case Kind::pairs:
    case Kind::limits:
      for (std::string_view w : words(v)) {
        const bool ok =
            w.size() >= 3 && is_piece_letter(w[0]) && w[1] == ':' &&
            (spec.kind == Kind::pairs ? (w.size() == 3 && (is_piece_letter(w[2]) || w[2] == '-'))
                                      : to_int(w.substr(2)).has_value());
        if (!ok)
          return spec.kind == Kind::pairs ? "expects letter:letter pairs such as p:g (or p:-)"
                                          : "expects letter:count pairs such as q:1";
      }
      return std::nullopt;
    case Kind::counting:
      if (v != "makruk" && v != "cambodian" && v != "asean" && v != "none")
        return "expects makruk, cambodian, asean or none";
      return std::nullopt;
    case Kind::chasing:
      if (v != "axf" && v != "none") return "expects axf or none";
      return std::nullopt;
    case Kind::rights:
      if (v == "-") return std::nullopt;
      for (char c : v)
        if (c != 'K' && c != 'Q' && c != 'k' && c != 'q' && c != ' ' && c != '\t')
          return "expects castling rights K, Q, k and q (White's and Black's king and queen "
                 "side), or -";
      return std::nullopt;
    case Kind::material:
      if (v != "janggi" && v != "unweighted" && v != "whitedrawodds" && v != "blackdrawodds" &&
          v != "none")
        return "expects janggi, unweighted, whitedrawodds, blackdrawodds or none";
      return std::nullopt;
    // Fairy-Stockfish reads every rule name for both keys, but plays quadwrangle only as a
    // flip (as a drop rule it is ataxx's) and snort, anyside and top only as drop rules (as
    // a flip, nothing): those combinations are refused rather than half-played.
    case Kind::enclosing:
      if (v != "reversi" && v != "ataxx" && v != "snort" && v != "anyside" && v != "top" &&
          v != "none")
        return "expects reversi, ataxx, snort, anyside, top or none";
      return std::nullopt;
    case Kind::flipping:
      if (v != "reversi" && v != "ataxx" && v != "quadwrangle" && v != "none")
        return "expects reversi, ataxx, quadwrangle or none";
      return std::nullopt;
    case Kind::walling:
      if (v != "arrow" && v != "duck" && v != "edge" && v != "past" && v != "static" && v != "none")
        return "expects arrow, duck, edge, past, static or none";
      return std::nullopt;
    case Kind::board:
      // A board's name as pychess-variants knows them (fairy, shogi, xiangqi, janggi,
      // crazyhouse, ...): a fact for the board, so any such word is kept.
      if (v.empty() || v.size() > 16 ||
          !std::all_of(v.begin(), v.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        return "expects a board's name in lowercase letters, such as fairy or shogi";
      return std::nullopt;
    case Kind::table:
      if (v == "-") return std::nullopt;
      if (v.size() > max_piece_to_char_table)
        return "expects at most " + std::to_string(max_piece_to_char_table) + " characters";
      for (char c : v)
        if (!std::isalpha(static_cast<unsigned char>(c)) && c != '.' && c != '+' && c != '*')
          return "expects piece letters, '.', '+' and '*', or -";
      return std::nullopt;
  }
  return "is not understood";
}

// Reads a checked value into its field.
void store(VariantSettings& s, const KeySpec& spec, std::string_view v) {
  std::visit(
      [&](auto field) {
        using T = std::remove_reference_t<decltype(s.*field)>;
        if constexpr (std::is_same_v<T, int>)
          s.*field = *to_int(v);
        else if constexpr (std::is_same_v<T, bool>)
          s.*field = *to_bool(v);
        else if constexpr (std::is_same_v<T, EndValue>)
          s.*field = end_value(v);
        else if constexpr (std::is_same_v<T, char>)
          s.*field = v[0];
        else if constexpr (std::is_same_v<T, CountingRule>)
          s.*field = counting_rule(v);
        else if constexpr (std::is_same_v<T, MaterialCounting>)
          s.*field = material_counting(v);
        else if constexpr (std::is_same_v<T, Enclosing>)
          s.*field = enclosing_rule(v);
        else if constexpr (std::is_same_v<T, Walling>)
          s.*field = walling_rule(v);
        else
          s.*field = std::string(v);
      },
      spec.field);
}

// Fairy-Stockfish's chess, which every section inherits (its plain keys are the initial
// values of VariantSettings).
VariantDefinition chess_base(std::string name) {
  VariantDefinition d;
  d.name = std::move(name);
  for (auto [pname, letter] :
       {std::pair{"pawn", 'p'}, {"knight", 'n'}, {"bishop", 'b'}, {"rook", 'r'}, {"queen", 'q'}}) {
    const NamedPiece* np = find_named(pname);
    PieceType t{
        std::string(pname), letter, std::string(np->betza), {}, pname == std::string_view("pawn")};
    std::string ignored;
    t.moves = *parse_betza(t.betza, ignored);
    d.pieces.push_back(std::move(t));
  }
  std::string ignored;
  d.king_moves = *parse_betza("K", ignored);
  return d;
}

// Fairy-Stockfish's bare variant, which a section without a parent starts from: chess's
// rules, but no piece at all and no promotion choice.
VariantDefinition bare_base(std::string name) {
  VariantDefinition d = chess_base(std::move(name));
  d.pieces.clear();
  d.king_letter = 0;
  d.settings.promotion_piece_types = "-";
  return d;
}

// mobilityRegion<White|Black><Piece>: Fairy-Stockfish reads one for every piece type it
// knows, whether the variant has the piece or not; a name it does not know is an error here.
std::optional<std::string> apply_mobility_region(VariantDefinition& d, std::string_view key,
                                                 std::string_view value) {
  std::string_view rest = key.substr(std::string_view("mobilityRegion").size());
  int color = -1;
  for (int c : {0, 1}) {
    const std::string_view word = c == 0 ? "White" : "Black";
    if (rest.starts_with(word)) {
      color = c;
      rest.remove_prefix(word.size());
    }
  }
  std::string piece(rest);
  if (!piece.empty())
    piece[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(piece[0])));
  const bool custom = piece.starts_with("customPiece") && to_int(piece.substr(11)) &&
                      *to_int(piece.substr(11)) >= 1 && *to_int(piece.substr(11)) <= 25;
  if (color < 0 || (piece != "king" && !find_named(piece) && !custom))
    return "is not mobilityRegion followed by White or Black and a piece's name "
           "(mobilityRegionWhiteKing)";
  for (std::string_view w : words(value))
    if (!valid_region_word(w))
      return "expects squares such as a8 or *8, not '" + std::string(w) + "'";
  std::erase_if(d.mobility_regions,
                [&](const MobilityRegion& m) { return m.piece == piece && m.color == color; });
  d.mobility_regions.push_back({piece, color, std::string(value)});
  return std::nullopt;
}

// Every key of piece letters names `to` where it named `from` (letters, one letter, and the
// letters of letter:letter and letter:count pairs).
void rename_letter(VariantSettings& s, char from, char to) {
  for (const KeySpec& spec : key_specs) {
    auto* field = std::get_if<std::string S::*>(&spec.field);
    if (!field) continue;
    std::string& text = s.**field;
    if (spec.kind == Kind::letters || spec.kind == Kind::letter) {
      std::replace(text.begin(), text.end(), from, to);
    } else if (spec.kind == Kind::pairs || spec.kind == Kind::limits) {
      for (std::size_t i = 0; i < text.size(); ++i) {
        const bool word_start = i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t';
        const bool after_colon = spec.kind == Kind::pairs && i > 0 && text[i - 1] == ':';
        if ((word_start || after_colon) && text[i] == from) text[i] = to;
      }
    }
  }
}

// The letter whose piece a piece key removes or gives to another piece, if any.
std::optional<char> replaced_letter(const VariantDefinition& d, std::string_view key,
                                    std::string_view value) {
  const bool piece_key = key.starts_with("customPiece") || find_named(key) != nullptr;
  if (!piece_key || value.empty()) return std::nullopt;
  if (value == "-") {
    for (const PieceType& p : d.pieces)
      if (p.name == key) return p.letter;
    return std::nullopt;
  }
  for (const PieceType& p : d.pieces)
    if (p.letter == value[0] && p.name != key) return p.letter;
  return std::nullopt;
}

// pieceSynonyms (built-in definitions only): letter:letter pairs, each giving the section's
// piece of the first letter the second as the letter Fairy-Stockfish writes for it in SAN
// and also reads in a FEN (its xiangqi horse and elephants: n:h, b:e).
std::optional<std::string> apply_synonyms(VariantDefinition& d, std::string_view value) {
  for (std::string_view w : words(value)) {
    if (w.size() != 3 || !is_piece_letter(w[0]) || w[1] != ':' || !is_piece_letter(w[2]))
      return "expects letter:letter pairs such as n:h";
    PieceType* piece = nullptr;
    for (PieceType& p : d.pieces)
      if (p.letter == w[0]) piece = &p;
    if (!piece) return std::string("names '") + w[0] + "', not a piece of the section";
    if (w[2] == d.king_letter || d.piece(w[2]))
      return std::string("gives '") + w[2] + "', another piece's letter";
    piece->synonym = w[2];
  }
  return std::nullopt;
}

// Sets one key of a section; returns the error message, if any.
std::optional<std::string> apply_key(VariantDefinition& d, std::string_view key,
                                     std::string_view value) {
  if (key == "maxRank") {
    const auto n = to_int(value);
    if (!n || *n < 1 || *n > max_ranks) return "expects a rank count from 1 to 10";
    d.ranks = *n;
    return std::nullopt;
  }
  if (key == "maxFile") {
    // Fairy-Stockfish accepts a count or the last file's letter.
    auto n = to_int(value);
    if (!n && value.size() == 1 && value[0] >= 'a' && value[0] <= 'z') n = value[0] - 'a' + 1;
    if (!n || *n < 1 || *n > max_files) return "expects a file count from 1 to 12 (or a-l)";
    d.files = *n;
    return std::nullopt;
  }
  auto remove_letter = [&](char letter) {
    std::erase_if(d.pieces, [&](const PieceType& p) { return p.letter == letter; });
  };
  auto add_piece = [&](std::string name, char letter, std::string betza,
                       bool pawn) -> std::optional<std::string> {
    std::string error;
    auto moves =
        betza.empty() ? std::optional<BetzaPiece>(BetzaPiece{}) : parse_betza(betza, error);
    if (!moves) return "has " + error;
    // A piece given the king's letter takes it: Fairy-Stockfish reads a FEN letter as the
    // first type that has it, and the king comes last, so no royal king is left.
    if (letter == d.king_letter) d.king_letter = 0;
    // A piece that takes another letter keeps its place in every key that names it
    // (promotion choices, promoted types, limits...): Fairy-Stockfish keys them by type.
    for (const PieceType& p : d.pieces)
      if (p.name == name && p.letter != letter) rename_letter(d.settings, p.letter, letter);
    std::erase_if(d.pieces,
                  [&](const PieceType& p) { return p.name == name || p.letter == letter; });
    if (d.pieces.size() + 1 >= max_piece_letters) return "would exceed 26 piece letters";
    d.pieces.push_back({std::move(name), letter, std::move(betza), std::move(*moves), pawn});
    return std::nullopt;
  };
  if (key == "king") {
    if (value == "-") {
      d.king_letter = 0;
      return std::nullopt;
    }
    if (value.empty() || !is_piece_letter(value[0]) || (value.size() > 1 && value[1] != ':'))
      return "expects a letter, letter:Betza or -";
    std::string betza = value.size() > 2 ? std::string(value.substr(2)) : "K";
    std::string error;
    auto moves = parse_betza(betza, error);
    if (!moves) return "has " + error;
    remove_letter(value[0]);
    d.king_letter = value[0];
    d.king_betza = std::move(betza);
    d.king_moves = std::move(*moves);
    return std::nullopt;
  }
  if (key.starts_with("customPiece")) {
    const auto n = to_int(key.substr(11));
    if (!n || *n < 1 || *n > 25) return "is not customPiece1 to customPiece25";
    if (value == "-") {
      std::erase_if(d.pieces, [&](const PieceType& p) { return p.name == key; });
      return std::nullopt;
    }
    if (value.size() < 3 || !is_piece_letter(value[0]) || value[1] != ':')
      return "expects letter:Betza, e.g. a:BN";
    return add_piece(std::string(key), value[0], std::string(value.substr(2)), false);
  }
  if (const NamedPiece* np = find_named(key)) {
    if (value == "-") {
      std::erase_if(d.pieces, [&](const PieceType& p) { return p.name == key; });
      return std::nullopt;
    }
    if (value.size() != 1 || !is_piece_letter(value[0])) return "expects one letter a-z or -";
    return add_piece(std::string(key), value[0], std::string(np->betza), key == "pawn");
  }
  if (key.starts_with("mobilityRegion")) return apply_mobility_region(d, key, value);
  // pass and passOnStalemate set both sides' keys at once (passWhite, passBlack, ...).
  if (key == "pass" || key == "passOnStalemate") {
    const auto on = to_bool(value);
    if (!on) return "expects true or false";
    (key == "pass" ? d.settings.pass_white : d.settings.pass_on_stalemate_white) = *on;
    (key == "pass" ? d.settings.pass_black : d.settings.pass_on_stalemate_black) = *on;
    return std::nullopt;
  }
  // dropOnTop = true is Fairy-Stockfish's other name for enclosingDrop = top.
  if (key == "dropOnTop") {
    const auto on = to_bool(value);
    if (!on) return "expects true or false";
    if (*on) d.settings.enclosing_drop = Enclosing::top;
    return std::nullopt;
  }
  const KeySpec* spec = find_spec(key);
  if (!spec) return "is not a key this engine supports";
  if (auto problem = check_value(*spec, value)) return problem;
  // Pairs and limits add to the inherited ones, as Fairy-Stockfish applies them over its
  // parent's (a later pair for the same letter wins; p:- takes a pair away).
  if (spec->kind == Kind::pairs || spec->kind == Kind::limits) {
    const std::string& inherited = text_of(d.settings, *spec);
    if (!inherited.empty()) {
      store(d.settings, *spec, inherited + " " + std::string(value));
      return std::nullopt;
    }
  }
  store(d.settings, *spec, value);
  return std::nullopt;
}

// Whether a start FEN's castling field grants any right (its third field, when there is
// one, other than "-").
bool start_grants_castling(std::string_view fen) {
  const auto fields = words(fen);
  return fields.size() >= 3 && fields[2] != "-";
}

bool letter_known(const VariantDefinition& d, char c) {
  return c == d.king_letter || d.piece(c) != nullptr;
}

// Whether promotedPieceType gives the piece of this letter a promoted type.
bool promotes(const VariantDefinition& d, char letter) {
  bool result = false;
  for (std::string_view w : words(d.settings.promoted_piece_type))
    if (w[0] == letter) result = w[2] != '-';
  return result;
}

// Checks a finished section as a whole: the start position fits the board and uses only
// its pieces; every letter a key names is one of its pieces.
// Regions inherited from a bigger board are clipped to this one (as Fairy-Stockfish masks
// its bitboards); only regions the section itself sets must lie on the board.
std::optional<VariantError> check_section(const VariantDefinition& d, int line,
                                          const std::map<std::string, int>& own_keys) {
  // An error about a key points at the line that set it, or else at the section header.
  auto line_of = [&](const std::string& key) {
    const auto it = own_keys.find(key);
    return it == own_keys.end() ? line : it->second;
  };
  if (d.pieces.empty() && !d.king_letter)
    return VariantError{line, "",
                        "has no pieces: a section without a parent starts from none, as in "
                        "Fairy-Stockfish; name its pieces, or give it a parent ([" +
                            d.name + ":chess])"};
  const std::string& fen = d.settings.start_fen;
  std::string board = fen.substr(0, fen.find(' '));
  // A pocket, "[...]" after the board (Fairy-Stockfish's crazyhouse FEN): its letters must
  // be pieces of the variant.
  if (const auto open = board.find('['); open != std::string::npos) {
    const std::string pocket = board.substr(open + 1);
    board.resize(open);
    for (char c : pocket) {
      if (c == ']' || c == '-') continue;
      if (!letter_known(d, static_cast<char>(std::tolower(static_cast<unsigned char>(c)))))
        return VariantError{line_of("startFen"), "startFen",
                            std::string("has '") + c + "' in its pocket, not a piece of " + d.name};
    }
  }
  int rank_count = 0;
  std::size_t i = 0;
  while (i <= board.size()) {
    const std::size_t end = std::min(board.find('/', i), board.size());
    const std::string_view row = std::string_view(board).substr(i, end - i);
    ++rank_count;
    int files = 0;
    for (std::size_t k = 0; k < row.size(); ++k) {
      const char c = row[k];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        int n = c - '0';
        if (k + 1 < row.size() && std::isdigit(static_cast<unsigned char>(row[k + 1])))
          n = n * 10 + (row[++k] - '0');
        files += n;
      } else if (c == '~') {
        // A piece promoted from a pawn (Fairy-Stockfish's crazyhouse FEN), after its letter.
      } else if (c == '+' && k + 1 < row.size() &&
                 promotes(
                     d, static_cast<char>(std::tolower(static_cast<unsigned char>(row[k + 1]))))) {
        // A promoted piece, written as its unpromoted letter after '+'; counted with it.
      } else if (c == '*' ||
                 letter_known(d, static_cast<char>(std::tolower(static_cast<unsigned char>(c))))) {
        ++files;  // a piece, or a wall (a square no piece may enter, as Fairy-Stockfish's '*')
      } else {
        return VariantError{line_of("startFen"), "startFen",
                            std::string("uses '") + c + "', which is not a piece of " + d.name};
      }
    }
    if (files != d.files)
      return VariantError{line_of("startFen"), "startFen",
                          "has a rank of " + std::to_string(files) + " squares on a board " +
                              std::to_string(d.files) + " files wide"};
    i = end + 1;
  }
  if (rank_count != d.ranks)
    return VariantError{
        line_of("startFen"), "startFen",
        "has " + std::to_string(rank_count) + " ranks on a board of " + std::to_string(d.ranks)};
  for (const MobilityRegion& m : d.mobility_regions) {
    std::string key = m.piece;
    key[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(key[0])));
    key = std::string("mobilityRegion") + (m.color == 0 ? "White" : "Black") + key;
    if (!own_keys.contains(key)) continue;
    for (std::string_view w : words(m.squares)) {
      const auto r = to_int(w.substr(1));
      if ((w[0] != '*' && w[0] >= 'a' + d.files) || (r && *r > d.ranks))
        return VariantError{line_of(key), key, "names " + std::string(w) + ", off the board"};
    }
  }
  for (const KeySpec& spec : key_specs) {
    const std::string key(spec.key);
    const std::string& value = text_of(d.settings, spec);
    if ((spec.kind == Kind::letters || spec.kind == Kind::letter) && value != "-" && value != "*" &&
        own_keys.contains(key)) {
      for (char c : value)
        if (!letter_known(d, c))
          return VariantError{line_of(key), key,
                              std::string("names '") + c + "', which is not a piece of " + d.name};
    }
    if (spec.kind == Kind::pairs) {
      for (std::string_view w : words(value))
        for (char c : {w[0], w[2]}) {
          if (c == '-') continue;
          // An inherited pair may name a piece this section removed: Fairy-Stockfish keeps
          // it for a type that is not on the board, which changes nothing.
          if (!letter_known(d, c) && !own_keys.contains(key)) continue;
          if (!letter_known(d, c))
            return VariantError{
                line_of(key), key,
                std::string("names '") + c + "', which is not a piece of " + d.name};
          // A piece may promote to the king (forward's g:k): Fairy-Stockfish then has a
          // royal king where there was none (see rules.h). The king itself never promotes
          // here: refused, not ignored.
          if (c == d.king_letter && c == w[0])
            return VariantError{
                line_of(key), key,
                std::string("promotes the king '") + c + "', which is not played here"};
        }
    }
    // A region may name squares of the largest board that this board lacks (Fairy-Stockfish's
    // own epicatomic does); they are left out, as Fairy-Stockfish leaves them.
    if (spec.kind == Kind::region && own_keys.contains(key)) {
      for (std::string_view w : words(value)) {
        const bool file_ok = w[0] == '*' || w[0] < 'a' + max_files;
        const auto r = to_int(w.substr(1));
        if (!file_ok || (r && *r > max_ranks))
          return VariantError{line_of(key), key, "names " + std::string(w) + ", off the board"};
      }
    }
    // Castling files matter only where there is castling: a narrow board may keep the
    // inherited g and c files with castling off, or with a start that grants no castling
    // (as Fairy-Stockfish, which castles only with a right its FEN gives).
    if (const auto* file = std::get_if<char S::*>(&spec.field);
        file && d.settings.castling && d.settings.**file >= 'a' + d.files &&
        (own_keys.contains(key) || start_grants_castling(d.settings.start_fen)))
      return VariantError{line_of(key), key,
                          "names file " + std::string(1, d.settings.**file) + ", off the board"};
  }
  // Combinations Fairy-Stockfish itself warns against (its parser), refused here: a blast
  // would take a royal king off the board; immunity to blasts is not judged for royal
  // pieces; the flag's safety test does not see blasts.
  const VariantSettings& v = d.settings;
  if (v.blast_on_capture && d.king_letter)
    return VariantError{line_of("blastOnCapture"), "blastOnCapture",
                        "needs a king that is not royal (king = - and a commoner with extinction "
                        "rules, as in atomic): a blast would take a royal king off the board"};
  for (auto [key, value] : {std::pair{"blastImmuneTypes", &v.blast_immune_types},
                            std::pair{"mutuallyImmuneTypes", &v.mutually_immune_types}})
    if (!value->empty() && *value != "-" && (d.king_letter || v.extinction_pseudo_royal))
      return VariantError{line_of(key), key,
                          "cannot be used with a royal king or pseudo-royal pieces"};
  if (v.gating && !v.seirawan_gating && !v.cambodian_moves)
    return VariantError{line_of("gating"), "gating",
                        "is played only with seirawanGating (S-chess) or cambodianMoves"};
  for (auto [key, on] : {std::pair{"seirawanGating", v.seirawan_gating},
                         std::pair{"cambodianMoves", v.cambodian_moves}})
    if (on && !v.gating)
      return VariantError{line_of(key), key, "needs gating = true (the gates it uses)"};
  // piecePromotionOnCapture is played for pieces; a pawn that promotes to its
  // promotedPieceType on a quiet step as well is not.
  if (v.piece_promotion_on_capture)
    for (std::string_view w : words(v.promoted_piece_type))
      if (w[2] != '-')
        for (const PieceType& p : d.pieces)
          if (p.is_pawn && p.letter == w[0])
            return VariantError{line_of("piecePromotionOnCapture"), "piecePromotionOnCapture",
                                "is not played with a promotedPieceType for the pawn"};
  if (v.flip_enclosed_pieces != Enclosing::none && d.king_letter)
    return VariantError{line_of("flipEnclosedPieces"), "flipEnclosedPieces",
                        "cannot be used with a royal king (king = -), as in Fairy-Stockfish"};
  if (v.flag_piece_safe && v.blast_on_capture)
    return VariantError{line_of("flagPieceSafe"), "flagPieceSafe",
                        "cannot be used with blastOnCapture (its safety test does not see blasts)"};
  // Petrification: a royal king turned into a wall would leave its side without one; walls
  // are a hopper's screen in Fairy-Stockfish; and its duck rule would lift the walls.
  if (!v.petrify_on_capture_types.empty() && v.petrify_on_capture_types != "-") {
    auto refuse = [&](const std::string& why) {
      return VariantError{line_of("petrifyOnCaptureTypes"), "petrifyOnCaptureTypes", why};
    };
    if (v.petrify_on_capture_types == "*")
      return refuse("names its types by letter (Fairy-Stockfish reads '*' as no piece here)");
    if (d.king_letter && v.petrify_on_capture_types.find(d.king_letter) != std::string::npos)
      return refuse("cannot turn a royal king into a wall (king = - and a commoner, as petrified)");
    const auto hops = [](const BetzaPiece& p) {
      return std::any_of(p.vectors.begin(), p.vectors.end(),
                         [](const BetzaVector& x) { return x.hop != BetzaVector::Hop::none; });
    };
    if (hops(d.king_moves) || std::any_of(d.pieces.begin(), d.pieces.end(),
                                          [&](const PieceType& p) { return hops(p.moves); }))
      return refuse(
          "cannot be used with hoppers, which Fairy-Stockfish lets use a wall as a screen");
    if (v.walling_rule == Walling::duck) return refuse("cannot be used with wallingRule = duck");
  }
  if (v.walling_rule != Walling::none) {
    // What Fairy-Stockfish's walls do not go with: drops (its reader says so), a royal king
    // beside the duck (likewise), and the moves that carry no wall there (passes, gated
    // pieces, sittuyin's promotions: it would wall a1); hoppers, which take a wall as a
    // screen there and the edge here; and soldiers and the diagonal lines, whose moves an
    // arrow is not shot along here as they are there.
    auto refuse = [&](const std::string& why) {
      return VariantError{line_of("wallingRule"), "wallingRule", why};
    };
    bool hoppers =
        std::any_of(d.king_moves.vectors.begin(), d.king_moves.vectors.end(),
                    [](const BetzaVector& x) { return x.hop != BetzaVector::Hop::none; });
    for (const PieceType& p : d.pieces)
      for (const BetzaVector& x : p.moves.vectors)
        hoppers = hoppers || x.hop != BetzaVector::Hop::none;
    if (v.piece_drops) return refuse("cannot be used with pieceDrops, as in Fairy-Stockfish");
    if (v.walling_rule == Walling::duck && d.king_letter)
      return refuse(
          "duck needs a king that is not royal (king = - and a commoner with extinction rules, "
          "as in duck chess), as Fairy-Stockfish requires");
    if (v.gating || v.pass_white || v.pass_black || v.pass_on_stalemate_white ||
        v.pass_on_stalemate_black || v.sittuyin_promotion)
      return refuse(
          "cannot be used with gating, passing or sittuyinPromotion (moves that place no wall)");
    if (hoppers)
      return refuse(
          "cannot be used with hoppers, which Fairy-Stockfish lets use a wall as a screen");
    if (v.walling_rule == Walling::arrow &&
        (!v.diagonal_lines.empty() ||
         std::any_of(d.pieces.begin(), d.pieces.end(),
                     [](const PieceType& p) { return p.name == "soldier"; })))
      return refuse("arrow cannot be used with soldiers or diagonalLines");
  }
  return std::nullopt;
}

}  // namespace

const PieceType* VariantDefinition::piece(char letter) const {
  for (const PieceType& p : pieces)
    if (p.letter == letter) return &p;
  return nullptr;
}

std::string VariantError::to_string() const {
  std::string out;
  if (line > 0) out += "line " + std::to_string(line) + ": ";
  if (!key.empty()) out += key + " ";
  return out + message;
}

const VariantDefinition* VariantFile::find(std::string_view name) const {
  for (const VariantDefinition& v : variants)
    if (v.name == name) return &v;
  return nullptr;
}

std::optional<VariantFile> parse_variant_file(std::string_view text, VariantError& error,
                                              std::size_t max_sections) {
  return parse_variant_file(text, error, max_sections,
                            {&builtin_variants(), &catalogue_variants()});
}

std::optional<VariantFile> parse_variant_file(std::string_view text, VariantError& error,
                                              std::size_t max_sections,
                                              const std::vector<const VariantFile*>& ancestors) {
  if (text.size() > max_variant_file_bytes * (max_sections > max_variant_sections ? 4 : 1)) {
    error = {0, "",
             "the definition is larger than " + std::to_string(max_variant_file_bytes) + " bytes"};
    return std::nullopt;
  }
  // The built-in files are the ones read with more sections than a user's file may hold.
  const bool builtin_file = max_sections > max_variant_sections;
  VariantFile file;
  VariantDefinition* current = nullptr;
  int section_line = 0;
  std::map<std::string, int> section_keys;
  auto finish = [&]() -> bool {
    if (!current) return true;
    // Fairy-Stockfish reads enPassantRegion before a side's own key, whatever their lines'
    // order: the section's key for both replaces what a side inherited, unless the section
    // sets that side's key too.
    if (section_keys.contains("enPassantRegion")) {
      if (!section_keys.contains("enPassantRegionWhite"))
        current->settings.en_passant_region_white.clear();
      if (!section_keys.contains("enPassantRegionBlack"))
        current->settings.en_passant_region_black.clear();
    }
    if (auto problem = check_section(*current, section_line, section_keys)) {
      error = *problem;
      return false;
    }
    return true;
  };
  int line_number = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = trim(text.substr(pos, end - pos));
    ++line_number;
    pos = end + 1;
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[') {
      if (line.back() != ']') {
        error = {line_number, "", "a section header must end with ]"};
        return std::nullopt;
      }
      if (!finish()) return std::nullopt;
      const std::string_view inner = line.substr(1, line.size() - 2);
      const auto colon = inner.find(':');
      const std::string name(trim(inner.substr(0, colon)));
      // No parent: Fairy-Stockfish's bare variant, with no piece (not even a king) and no
      // promotion choice until the section names them.
      const bool bare = colon == std::string_view::npos;
      const std::string parent = bare ? "" : std::string(trim(inner.substr(colon + 1)));
      if (name.empty() || name.size() > 32 || !std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
          })) {
        error = {line_number, "", "a variant name is 1-32 letters, digits, - or _"};
        return std::nullopt;
      }
      if (file.find(name) || name == "chess") {
        error = {line_number, "", "the variant " + name + " is defined twice"};
        return std::nullopt;
      }
      if (file.variants.size() >= max_sections) {
        error = {line_number, "", "more than " + std::to_string(max_sections) + " sections"};
        return std::nullopt;
      }
      VariantDefinition next;
      if (bare) {
        next = bare_base(name);
      } else if (parent == "chess") {
        next = chess_base(name);
      } else if (const VariantDefinition* p = file.find(parent)) {
        next = *p;
      } else {
        // A built-in variant, as Fairy-Stockfish lets every definition inherit from its own.
        const VariantDefinition* builtin = nullptr;
        for (const VariantFile* a : ancestors)
          if (!builtin) builtin = a->find(parent);
        if (!builtin) {
          const auto unplayable = unplayable_builtin(parent);
          error = {line_number, "",
                   unplayable ? "the parent " + *unplayable
                              : "the parent " + parent +
                                    " is neither chess, fairy, a built-in variant nor a "
                                    "variant defined above"};
          return std::nullopt;
        }
        next = *builtin;
      }
      next.name = name;
      next.parent = parent;
      file.variants.push_back(std::move(next));
      current = &file.variants.back();
      section_line = line_number;
      section_keys.clear();
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) {
      error = {line_number, std::string(line.substr(0, 32)), "is not a key = value line"};
      return std::nullopt;
    }
    const std::string_view key = trim(line.substr(0, eq));
    const std::string_view value = trim(line.substr(eq + 1));
    if (!current) {
      error = {line_number, std::string(key), "comes before any [section]"};
      return std::nullopt;
    }
    // flagRegion sets both colours' regions, as Fairy-Stockfish reads it: a colour's own key
    // in the same section wins over it, wherever it stands.
    std::optional<std::string> problem;
    // A piece removed, or replaced by another piece taking its letter, leaves the letter
    // keys the section inherited (promotion choices, castling pieces...): Fairy-Stockfish
    // keys them by type, and the new piece is not that type.
    if (const std::optional<char> gone = replaced_letter(*current, key, value))
      for (const KeySpec& spec : key_specs) {
        auto* field = std::get_if<std::string S::*>(&spec.field);
        if (!field || (spec.kind != Kind::letters && spec.kind != Kind::letter)) continue;
        // Set in this section itself, also through a key for both sides (or pawnTypes).
        const std::string own(spec.key);
        const bool pawn_key = own.starts_with("promotionPawnTypes") ||
                              own.starts_with("enPassantTypes") ||
                              own.starts_with("nMoveRuleTypes");
        const std::string both =
            own.ends_with("White") || own.ends_with("Black") ? own.substr(0, own.size() - 5) : own;
        if (section_keys.contains(own) || (pawn_key && section_keys.contains(both)) ||
            (pawn_key && section_keys.contains("pawnTypes")))
          continue;
        std::string& letters = current->settings.**field;
        if (letters.empty() || letters == "-" || letters == "*") continue;
        std::erase(letters, *gone);
        if (letters.empty()) letters = "-";
      }
    // The keys for both sides of pawns of other moves, read as Fairy-Stockfish reads them
    // whatever their lines' order: pawnTypes first, then each key for both sides, then a
    // side's own key.
    static constexpr std::array<std::string_view, 3> pawn_groups{
        "promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"};
    const bool pawn_types = key == "pawnTypes";
    const bool pawn_group =
        std::find(pawn_groups.begin(), pawn_groups.end(), key) != pawn_groups.end();
    if (pawn_types || pawn_group) {
      for (std::string_view group : pawn_groups) {
        if (!pawn_types && group != key) continue;
        if (pawn_types && section_keys.contains(std::string(group))) continue;
        for (const char* colour : {"White", "Black"}) {
          const std::string colour_key = std::string(group) + colour;
          if (!problem && !section_keys.contains(colour_key))
            problem = apply_key(*current, colour_key, value);
        }
      }
    } else if (key == "pieceSynonyms") {
      problem = builtin_file ? apply_synonyms(*current, value)
                             : std::optional<std::string>(
                                   "is for the built-in definitions only: Fairy-Stockfish's "
                                   "variants.ini format gives no piece a second letter");
    } else if (key == "flagRegion") {
      for (const char* colour_key : {"flagRegionWhite", "flagRegionBlack"})
        if (!problem && !section_keys.contains(colour_key))
          problem = apply_key(*current, colour_key, value);
    } else if (key == "wallingRegion") {
      // Both colours' walling regions; Fairy-Stockfish reads it after a colour's own key, so
      // in one section it wins over that key wherever the lines stand.
      for (const char* colour_key : {"wallingRegionWhite", "wallingRegionBlack"})
        if (!problem) problem = apply_key(*current, colour_key, value);
    } else if ((key == "wallingRegionWhite" || key == "wallingRegionBlack") &&
               section_keys.contains("wallingRegion")) {
      problem = check_value(*find_spec(key), value);  // checked; the section's wallingRegion stands
    } else {
      problem = apply_key(*current, key, value);
    }
    if (problem) {
      error = {line_number, std::string(key), *problem};
      return std::nullopt;
    }
    section_keys[std::string(key)] = line_number;
  }
  if (!finish()) return std::nullopt;
  if (file.variants.empty()) {
    error = {0, "", "the definition has no [section]"};
    return std::nullopt;
  }
  return file;
}

const VariantFile& builtin_variants() {
  static const VariantFile file = [] {
    VariantError error;
    auto parsed = parse_variant_file(builtin_variants_text(), error, max_builtin_sections, {});
    // The built-in file is checked by the tests; a broken one is a build defect.
    if (!parsed) std::abort();
    return *parsed;
  }();
  return file;
}

const VariantFile& catalogue_variants() {
  static const VariantFile file = [] {
    VariantError error;
    auto parsed = parse_variant_file(catalogue_variants_text(), error, max_catalogue_sections,
                                     {&builtin_variants()});
    if (!parsed) std::abort();  // checked by the tests, as the built-in file
    return *parsed;
  }();
  return file;
}

std::optional<std::string> unplayable_builtin(std::string_view name) {
  // Each is played on two boards by four players, a side dropping what its partner took
  // on the other board (koedem: the kings too; supply: the partner's captures handed over
  // by choice). A room here is one board between two players.
  for (std::string_view two_boards : {"bughouse", "koedem", "supply"})
    if (name == two_boards)
      return std::string(name) +
             " is played on two boards by four players, each side dropping pieces its "
             "partner took on the other board; Banmen plays one board between two players";
  return std::nullopt;
}

}  // namespace banmen::fairy

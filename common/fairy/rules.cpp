#include "fairy/rules.h"

#include "fairy/move_bound.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace banmen::fairy {
namespace {

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::string word;
  for (char c : s) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

// A region as variants.ini writes it: squares (d4), whole ranks (*8), whole files (a*),
// clipped to the board as Fairy-Stockfish masks its bitboards.
SquareSet region(const std::string& text, int files, int ranks) {
  SquareSet set{};
  for (const std::string& w : split_words(text)) {
    if (w == "-") continue;  // no square
    const bool any_file = w[0] == '*';
    const std::string rank_text = w.substr(1);
    const bool any_rank = rank_text == "*";
    const int rank = any_rank ? 0 : std::atoi(rank_text.c_str()) - 1;
    for (int f = 0; f < files; ++f)
      for (int r = 0; r < ranks; ++r)
        if ((any_file || f == w[0] - 'a') && (any_rank || r == rank)) set[square_of(f, r)] = true;
  }
  return set;
}

// The squares a lame leaper passes, walked as Fairy-Stockfish walks them: along the
// longer leg while it is longer, diagonally while the legs are equal.
std::vector<std::pair<int, int>> lame_path(int df, int dr) {
  std::vector<std::pair<int, int>> path;
  int f = 0, r = 0;
  const int sf = df > 0 ? 1 : -1;
  const int sr = dr > 0 ? 1 : -1;
  while (f != df || r != dr) {
    const int diff = std::abs(df - f) - std::abs(dr - r);
    if (diff > 0)
      f += sf;
    else if (diff < 0)
      r += sr;
    else {
      f += sf;
      r += sr;
    }
    if (f != df || r != dr) path.push_back({f, r});
  }
  return path;
}

// Whether two of a piece's moves can end on one square: some multiple of one step within
// its range equals a multiple of the other's, and both may move there or both capture.
bool overlap(const BetzaVector& a, const BetzaVector& b) {
  if (!(a.moves && b.moves) && !(a.captures && b.captures)) return false;
  // A hop lands beyond a piece, where no ride of the piece goes, but a leap may, and so
  // may another hop along the same line.
  using Hop = BetzaVector::Hop;
  if (a.hop != Hop::none || b.hop != Hop::none) {
    if (a.hop != Hop::none && b.hop != Hop::none)
      return a.file_step == b.file_step && a.rank_step == b.rank_step;
    const BetzaVector& other = a.hop != Hop::none ? b : a;
    return other.max_steps == 1;
  }
  const int reach_a = a.max_steps ? a.max_steps : max_files;
  const int reach_b = b.max_steps ? b.max_steps : max_files;
  for (int i = 1; i <= reach_a; ++i)
    for (int j = 1; j <= reach_b; ++j)
      if (i * a.file_step == j * b.file_step && i * a.rank_step == j * b.rank_step) return true;
  return false;
}

PieceRules compile_piece(const std::string& name, char letter, const BetzaPiece& moves, bool pawn,
                         int files, int ranks) {
  PieceRules p;
  p.name = name;
  p.letter = letter;
  p.pawn = pawn;
  p.soldier = name == "soldier";
  p.janggi_cannon = name == "janggiCannon";
  using Diagonal = PieceRules::Diagonal;
  p.diagonal =
      name == "wazir" || (name == "king" && moves.vectors.size() == 4 &&
                          std::all_of(moves.vectors.begin(), moves.vectors.end(),
                                      [](const BetzaVector& v) {
                                        return v.max_steps == 1 && v.moves && v.captures &&
                                               v.hop == BetzaVector::Hop::none &&
                                               std::abs(v.file_step) + std::abs(v.rank_step) == 1;
                                      }))
          ? Diagonal::step
      : name == "soldier"      ? Diagonal::forward
      : name == "rook"         ? Diagonal::ride
      : name == "janggiCannon" ? Diagonal::hop
                               : Diagonal::none;
  for (std::size_t i = 0; i < moves.vectors.size(); ++i)
    for (std::size_t j = i + 1; j < moves.vectors.size(); ++j)
      p.overlapping = p.overlapping || overlap(moves.vectors[i], moves.vectors[j]);
  // Black's moves are White's turned half a circle (Fairy-Stockfish's -d): forward is
  // down the board and right is towards the a-file, which matters for a piece whose moves
  // are not the same on both sides (mfrW).
  for (int color : {white, black}) {
    const int sign = color == white ? 1 : -1;
    for (const BetzaVector& v : moves.vectors) {
      const int offset = sign * (v.file_step + v.rank_step * board_width);
      if (v.initial) {
        p.initial = true;
        if (v.max_steps == 1) {
          Leap leap{offset, true, false, 0, {}};
          if (v.lame)
            for (auto [f, r] : lame_path(v.file_step, v.rank_step))
              if (leap.path_length < 3)
                leap.path[leap.path_length++] = sign * (f + r * board_width);
          p.initial_leaps[color].push_back(leap);
        } else {
          p.initial_rides[color].push_back({offset, v.max_steps, true, false});
        }
      } else if (v.hop != BetzaVector::Hop::none) {
        p.hops[color].push_back(
            {offset, v.moves, v.captures, v.hop == BetzaVector::Hop::grasshopper, v.max_steps});
      } else if (p.soldier && v.rank_step == 0 && v.max_steps == 1) {
        p.soldier_side_leaps[color].push_back({offset, v.moves, v.captures, 0, {}});
      } else if (v.max_steps == 1) {
        Leap leap{offset, v.moves, v.captures, 0, {}};
        if (v.lame) {
          for (auto [f, r] : lame_path(v.file_step, v.rank_step))
            if (leap.path_length < 3) leap.path[leap.path_length++] = sign * (f + r * board_width);
        }
        p.leaps[color].push_back(leap);
      } else {
        p.rides[color].push_back({offset, v.max_steps, v.moves, v.captures});
      }
    }
    for (int f = 0; f < files; ++f)
      for (int r = 0; r < ranks; ++r) {
        bool mobile = false;
        for (const BetzaVector& v : moves.vectors) {
          if (v.initial) continue;
          const int tf = f + sign * v.file_step;
          const int tr = r + sign * v.rank_step;
          const bool hop = v.hop != BetzaVector::Hop::none;
          const int hf = tf + sign * v.file_step, hr = tr + sign * v.rank_step;
          if (v.moves && tf >= 0 && tf < files && tr >= 0 && tr < ranks &&
              (!hop || (hf >= 0 && hf < files && hr >= 0 && hr < ranks)))
            mobile = true;
        }
        p.mobile[color][square_of(f, r)] = mobile;
      }
  }
  return p;
}

}  // namespace

int Rules::type_of_letter(char lower) const {
  for (std::size_t i = 0; i < types.size(); ++i)
    if (types[i].letter == lower) return static_cast<int>(i);
  return -1;
}

int Rules::type_of_fen_letter(char lower) const {
  if (const int own = type_of_letter(lower); own >= 0) return own;
  for (std::size_t i = 0; i < types.size(); ++i)
    if (types[i].synonym == lower) return static_cast<int>(i);
  return -1;
}

// Fairy-Stockfish's PieceType order of the named pieces (custom pieces and the king after
// them), by which it writes a FEN's pocket: the king first, then down this list.
int pocket_order(const std::string& name) {
  static constexpr std::array<std::string_view, 36> order{
      "pawn",         "knight",         "bishop",      "rook",         "queen",       "fers",
      "alfil",        "fersAlfil",      "silver",      "aiwok",        "bers",        "archbishop",
      "chancellor",   "amazon",         "knibis",      "biskni",       "kniroo",      "rookni",
      "shogiPawn",    "lance",          "shogiKnight", "gold",         "dragonHorse", "clobber",
      "breakthrough", "immobilePiece",  "cannon",      "janggiCannon", "soldier",     "horse",
      "elephant",     "janggiElephant", "banner",      "wazir",        "commoner",    "centaur"};
  if (name == "king") return 1000;
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == name) return static_cast<int>(i) + 1;
  if (name.starts_with("customPiece")) return 100 + std::atoi(name.c_str() + 11);
  return 0;
}

std::optional<Rules> compile_rules(const VariantDefinition& d, std::string& error) {
  Rules r;
  r.name = d.name;
  r.files = d.files;
  r.ranks = d.ranks;
  for (const PieceType& p : d.pieces) {
    r.types.push_back(compile_piece(p.name, p.letter, p.moves, p.is_pawn, d.files, d.ranks));
    r.types.back().synonym = p.synonym;
    if (p.is_pawn) r.pawn = static_cast<int>(r.types.size()) - 1;
    if (p.name == "rook") r.rook_type = static_cast<int>(r.types.size()) - 1;
    if (p.name == "knight") r.knight_type = static_cast<int>(r.types.size()) - 1;
    if (p.name == "silver") r.khon_type = static_cast<int>(r.types.size()) - 1;
    if (p.name == "fers") r.fers_type = static_cast<int>(r.types.size()) - 1;
  }
  if (d.king_letter) {
    r.types.push_back(compile_piece("king", d.king_letter, d.king_moves, false, d.files, d.ranks));
    r.types.back().royal = true;
    r.king = static_cast<int>(r.types.size()) - 1;
  }
  if (r.types.size() > static_cast<std::size_t>(max_types)) {
    error = "too many piece types";
    return std::nullopt;
  }
  for (int c : {white, black})
    for (std::size_t t = 0; t < r.types.size(); ++t) {
      for (const Ride& ride : r.types[t].rides[c]) {
        auto& offsets = r.attack_ride_offsets[c];
        if (ride.captures &&
            std::find(offsets.begin(), offsets.end(), ride.offset) == offsets.end())
          offsets.push_back(ride.offset);
      }
      for (const Leap& leap : r.types[t].leaps[c])
        if (leap.captures && leap.path_length)
          r.lame_attacks[c].push_back({static_cast<int>(t), leap});
      auto add_step = [&](std::vector<Rules::AttackStep>& steps, int offset) {
        for (auto& step : steps)
          if (step.offset == offset) {
            step.types |= 1u << t;
            return;
          }
        steps.push_back({offset, 1u << t});
      };
      for (const Leap& leap : r.types[t].leaps[c])
        if (leap.captures && !leap.path_length) add_step(r.leap_attacks[c], leap.offset);
      for (const Hop& hop : r.types[t].hops[c]) {
        if (!hop.captures) continue;
        auto& steps = r.hop_attacks[c];
        auto it = std::find_if(steps.begin(), steps.end(),
                               [&](const Rules::HopStep& h) { return h.offset == hop.offset; });
        if (it == steps.end()) it = steps.insert(steps.end(), {hop.offset, 0, 0, 0});
        if (hop.max_steps) {
          it->ranged_types |= 1u << t;
          r.limited_hop_attacks[c].push_back({hop.offset, hop.max_steps, static_cast<int>(t)});
        } else {
          (hop.grasshopper ? it->grasshopper_types : it->cannon_types) |= 1u << t;
        }
      }
      for (const Leap& leap : r.types[t].soldier_side_leaps[c])
        if (leap.captures) r.soldier_attacks[c].push_back({leap.offset, static_cast<int>(t)});
      for (const Ride& ride : r.types[t].rides[c]) {
        if (!ride.captures) continue;
        if (ride.max_steps == 0)
          add_step(r.ride_attacks[c], ride.offset);
        else
          r.limited_ride_attacks[c].push_back({ride.offset, ride.max_steps, static_cast<int>(t)});
      }
    }
  r.empty_board.fill(off_board);
  for (int f = 0; f < r.files; ++f)
    for (int k = 0; k < r.ranks; ++k) r.empty_board[square_of(f, k)] = empty_cell;
  const VariantSettings& s = d.settings;
  r.start_fen = s.start_fen;
  // A start written as the board alone is White to move, as Fairy-Stockfish reads it.
  if (r.start_fen.find_first_of(" \t") == std::string::npos) r.start_fen += " w";
  r.chess960 = s.chess960;

  auto letters_to_types = [&](const std::string& letters) {
    std::vector<int> out;
    if (letters == "-") return out;
    for (char c : letters)
      if (int t = r.type_of_letter(c); t >= 0) out.push_back(t);
    return out;
  };
  const std::string& both = s.promotion_piece_types;
  const std::string& w = s.promotion_piece_types_white;
  const std::string& b = s.promotion_piece_types_black;
  r.promotion_types[white] = letters_to_types(w.empty() ? both : w);
  r.promotion_types[black] = letters_to_types(b.empty() ? both : b);
  for (const std::string& pair : split_words(s.promotion_limit)) {
    const int t = r.type_of_letter(pair[0]);
    if (t >= 0) r.promotion_limit[t] = std::atoi(pair.c_str() + 2);
  }
  r.promotion_zone[white] = region(s.promotion_region_white, r.files, r.ranks);
  r.promotion_zone[black] = region(s.promotion_region_black, r.files, r.ranks);
  r.mandatory_promotion = s.mandatory_pawn_promotion;
  r.promoted_type.fill(-1);
  for (const std::string& pair : split_words(s.promoted_piece_type)) {
    const int from = r.type_of_letter(pair[0]);
    const int to = pair[2] == '-' ? -1 : r.type_of_letter(pair[2]);
    // The reader has refused a pair promoting the king; a piece may promote to it.
    if (from >= 0 && from != r.king) r.promoted_type[from] = static_cast<std::int8_t>(to);
  }
  r.piece_promotion = std::any_of(r.promoted_type.begin(), r.promoted_type.end(),
                                  [](std::int8_t t) { return t >= 0; });
  r.mandatory_piece_promotion = s.mandatory_piece_promotion;
  r.piece_demotion = s.piece_demotion;
  r.piece_promotion_on_capture = s.piece_promotion_on_capture;
  r.double_step = s.double_step;
  if (r.double_step) {
    r.double_step_zone[white] = region(s.double_step_region_white, r.files, r.ranks);
    r.double_step_zone[black] = region(s.double_step_region_black, r.files, r.ranks);
  }
  for (int c : {white, black}) {
    const std::string& own = c == white ? s.en_passant_region_white : s.en_passant_region_black;
    const std::string& ep = own.empty() ? s.en_passant_region : own;
    r.en_passant_zone[c] = ep.empty() ? region("*1 *2 *3 *4 *5 *6 *7 *8 *9 *10", r.files, r.ranks)
                                      : region(ep, r.files, r.ranks);
  }
  r.immobility_illegal = s.immobility_illegal;
  if (r.double_step) {
    r.triple_step_zone[white] = region(s.triple_step_region_white, r.files, r.ranks);
    r.triple_step_zone[black] = region(s.triple_step_region_black, r.files, r.ranks);
  }
  r.triple_step = std::any_of(r.triple_step_zone[white].begin(), r.triple_step_zone[white].end(),
                              [](bool on) { return on; }) ||
                  std::any_of(r.triple_step_zone[black].begin(), r.triple_step_zone[black].end(),
                              [](bool on) { return on; });
  // Pawns of other moves: empty is the named pawn; a Betza `e` adds its type to both sides'
  // en passant types (as Fairy-Stockfish does when it reads the piece).
  auto type_set = [&](const std::string& letters) {
    std::uint32_t set = 0;
    if (letters.empty()) return r.pawn >= 0 ? 1u << r.pawn : 0u;
    for (int t : letters_to_types(letters)) set |= 1u << t;
    return set;
  };
  std::uint32_t e_types = 0;
  for (const PieceType& p : d.pieces)
    if (p.moves.en_passant) e_types |= 1u << r.type_of_letter(p.letter);
  for (int c : {white, black}) {
    const bool is_white = c == white;
    const std::string& promo =
        is_white ? s.promotion_pawn_types_white : s.promotion_pawn_types_black;
    r.promotion_pawn_types[c] = type_set(promo);
    r.main_promotion_pawn[c] = promo.empty()  ? r.pawn
                               : promo == "-" ? -1
                                              : r.type_of_letter(promo[0]);
    r.en_passant_types[c] =
        type_set(is_white ? s.en_passant_types_white : s.en_passant_types_black) | e_types;
    r.n_move_rule_types[c] =
        type_set(is_white ? s.n_move_rule_types_white : s.n_move_rule_types_black);
    const std::uint32_t named = r.pawn >= 0 ? 1u << r.pawn : 0u;
    r.custom_en_passant[c] = (r.en_passant_types[c] & ~named) != 0;
    r.custom_pawns =
        r.custom_pawns || ((r.promotion_pawn_types[c] | r.en_passant_types[c]) & ~named);
  }
  for (const PieceRules& p : r.types) r.custom_pawns = r.custom_pawns || p.initial;

  r.castling = s.castling;
  r.castling_kingside_file = s.castling_kingside_file - 'a';
  r.castling_queenside_file = s.castling_queenside_file - 'a';
  r.castling_king_file = s.castling_king_file - 'a';
  r.castling_rook_kingside_file = s.castling_rook_kingside_file
                                      ? std::min(s.castling_rook_kingside_file - 'a', r.files - 1)
                                      : r.files - 1;
  r.castling_rook_queenside_file = s.castling_rook_queenside_file
                                       ? std::min(s.castling_rook_queenside_file - 'a', r.files - 1)
                                       : 0;
  r.castling_rank = s.castling_rank - 1;
  const std::string& king_piece = s.castling_king_piece;
  r.castling_king_type = king_piece.empty() ? r.king : r.type_of_letter(king_piece[0]);
  for (int t : letters_to_types(s.castling_rook_pieces)) r.castling_rook_types |= 1u << t;
  if (r.castling && r.castling_king_type < 0) r.castling = false;

  r.checking = s.checking;
  r.stalemate = s.stalemate_value;
  r.stalemate_piece_count = s.stalemate_piece_count;
  r.checkmate = s.checkmate_value;
  r.n_move_rule = s.n_move_rule;
  r.n_fold_rule = s.n_fold_rule;
  r.ply_limit = r.n_move_rule ? 0 : ply_limit_without_move_rule;
  r.n_fold_value = s.n_fold_value;
  r.n_fold_value_absolute = s.n_fold_value_absolute;
  r.extinction = s.extinction_value;
  r.extinction_claim = s.extinction_claim;
  const std::string& ext = s.extinction_piece_types;
  r.extinction_all = ext == "*";
  if (!r.extinction_all)
    for (int t : letters_to_types(ext)) r.extinction_types |= 1u << t;
  r.extinction_count = s.extinction_piece_count;
  r.extinction_opponent_count = s.extinction_opponent_piece_count;
  r.extinction_pseudo_royal = s.extinction_pseudo_royal;
  r.duple_check = s.duple_check && s.extinction_pseudo_royal;
  r.sittuyin_promotion = s.sittuyin_promotion;
  r.sittuyin_rook_drop = s.sittuyin_rook_drop;
  r.blast_on_capture = s.blast_on_capture;
  for (int t : letters_to_types(s.blast_immune_types)) r.blast_immune_types |= 1u << t;
  for (int t : letters_to_types(s.mutually_immune_types)) r.mutually_immune_types |= 1u << t;
  r.check_counting = s.check_counting;
  r.seirawan_gating = s.seirawan_gating;
  r.gating = s.gating;
  r.cambodian_moves = s.cambodian_moves;
  r.makpong = s.makpong_rule;
  r.opposite_castling = s.opposite_castling;
  // As a FEN's castling field writes them: K and Q White's, k and q Black's.
  for (char c : s.castling_wins) {
    if (c == 'K' || c == 'k') r.castling_wins[c == 'k' ? black : white][0] = true;
    if (c == 'Q' || c == 'q') r.castling_wins[c == 'q' ? black : white][1] = true;
  }
  r.castling_wins_any = s.castling_wins.find_first_of("KQkq") != std::string::npos;
  r.shatar_mate = s.shatar_mate_rule;
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (r.types[t].name == "knight" || r.types[t].name == "rook" || r.types[t].name == "bers")
      r.shak_types |= 1u << t;

  // As Fairy-Stockfish reads it: a flag region without flagPiece (or with *) is reached by
  // any piece, the last letter counts, and - is none.
  const std::string& flag = s.flag_piece;
  if (flag != "-" && (!s.flag_region_white.empty() || !s.flag_region_black.empty())) {
    r.flag_type[white] = r.flag_type[black] =
        flag.empty() || flag.back() == '*' ? Rules::any_flag_type : r.type_of_letter(flag.back());
    r.flag_zone[white] = region(s.flag_region_white, r.files, r.ranks);
    r.flag_zone[black] = region(s.flag_region_black, r.files, r.ranks);
  }
  r.flag_move = s.flag_move;
  r.flag_piece_count = s.flag_piece_count;
  r.flag_piece_blocked_win = s.flag_piece_blocked_win;
  r.flag_piece_safe = s.flag_piece_safe;
  r.counting = s.counting_rule;
  r.connect_n = s.connect_n;
  r.connect_nxn = s.connect_nxn;
  r.connect_value = s.connect_value;
  if (s.connect_horizontal) r.connect_offsets.push_back(1);
  if (s.connect_vertical) r.connect_offsets.push_back(board_width);
  if (s.connect_diagonal) {
    r.connect_offsets.push_back(board_width + 1);
    r.connect_offsets.push_back(1 - board_width);
  }
  if (s.connect_piece_types.empty() || s.connect_piece_types == "*")
    r.connect_types = ~0u;
  else
    for (int t : letters_to_types(s.connect_piece_types)) r.connect_types |= 1u << t;
  r.connect_region1[white] = region(s.connect_region1_white, r.files, r.ranks);
  r.connect_region2[white] = region(s.connect_region2_white, r.files, r.ranks);
  r.connect_region1[black] = region(s.connect_region1_black, r.files, r.ranks);
  r.connect_region2[black] = region(s.connect_region2_black, r.files, r.ranks);
  r.connect_regions = !s.connect_region1_white.empty() || !s.connect_region1_black.empty();
  r.collinear_n = s.collinear_n;

  const std::string everywhere = "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10";
  r.drops = s.piece_drops;
  r.captures_to_hand = s.captures_to_hand;
  r.drop_loop = s.drop_loop;
  r.drop_checks = s.drop_checks;
  r.must_drop = s.must_drop;
  r.must_capture = s.must_capture;
  r.must_drop_type = s.must_drop_type.empty() || s.must_drop_type == "*"
                         ? -1
                         : r.type_of_letter(s.must_drop_type[0]);
  r.drop_promoted = s.drop_promoted;
  r.drop_zone[white] =
      region(s.drop_region_white.empty() ? everywhere : s.drop_region_white, r.files, r.ranks);
  r.drop_zone[black] =
      region(s.drop_region_black.empty() ? everywhere : s.drop_region_black, r.files, r.ranks);
  r.drop_no_doubled = s.drop_no_doubled.empty() || s.drop_no_doubled == "*"
                          ? -1
                          : r.type_of_letter(s.drop_no_doubled[0]);
  r.drop_no_doubled_count = s.drop_no_doubled_count;
  r.drop_opposite_colored_bishop = s.drop_opposite_colored_bishop;
  r.first_rank_pawn_drops = s.first_rank_pawn_drops;
  r.promotion_zone_pawn_drops = s.promotion_zone_pawn_drops;
  r.castling_dropped_piece = s.castling_dropped_piece;
  r.pocket_size = s.pocket_size;
  r.variant_template = s.variant_template;
  r.piece_to_char_table = s.piece_to_char_table;
  r.track_promoted = r.piece_promotion || r.captures_to_hand;
  for (int c : {white, black})
    for (int sq = 0; sq < board_cells; ++sq)
      r.may_stand[c][static_cast<std::size_t>(sq)] =
          r.on_board(sq) ? (r.types.size() >= 32 ? ~0u : (1u << r.types.size()) - 1) : 0;
  for (const MobilityRegion& m : d.mobility_regions) {
    // Keyed by name: the type of that name in this variant, if it has one.
    int t = -1;
    for (std::size_t i = 0; i < r.types.size(); ++i)
      if (r.types[i].name == m.piece) t = static_cast<int>(i);
    if (t < 0) continue;
    const SquareSet allowed = region(m.squares, r.files, r.ranks);
    for (int sq = 0; sq < board_cells; ++sq)
      if (!allowed[static_cast<std::size_t>(sq)])
        r.may_stand[m.color][static_cast<std::size_t>(sq)] &= ~(1u << t);
    r.mobility_regions = true;
  }
  for (int c : {white, black})
    for (int f = 0; f < r.files; ++f)
      for (int k = 0; k < r.ranks; ++k) {
        const int relative = c == white ? k : r.ranks - 1 - k;
        r.soldier_zone[c][square_of(f, k)] = relative >= s.soldier_promotion_rank - 1;
      }
  r.flying_general = s.flying_general;
  r.perpetual_check_illegal = s.perpetual_check_illegal;
  r.shogi_pawn_drop_mate_illegal = s.shogi_pawn_drop_mate_illegal;
  r.diagonal_lines = region(s.diagonal_lines, r.files, r.ranks);
  r.diagonals =
      std::any_of(r.diagonal_lines.begin(), r.diagonal_lines.end(), [](bool on) { return on; });
  for (int sq = 0; sq < board_cells; ++sq)
    for (std::size_t dir = 0; dir < 4; ++dir) {
      if (!r.on_board(sq)) continue;
      const int offset = Rules::diagonal_offsets[dir];
      int steps = 1;
      for (int to = sq + offset; r.on_board(to); to += offset, ++steps)
        if (r.diagonal_lines[static_cast<std::size_t>(to)])
          r.diagonal_reach[static_cast<std::size_t>(sq)][dir] = static_cast<std::uint8_t>(steps);
    }
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (r.types[t].janggi_cannon) r.janggi_cannon_types |= 1u << t;
  r.pass = {s.pass_white || s.pass_on_stalemate_white, s.pass_black || s.pass_on_stalemate_black};
  r.pass_on_stalemate = {s.pass_on_stalemate_white, s.pass_on_stalemate_black};
  r.bikjang_rule = s.bikjang_rule;
  r.material_counting = s.material_counting;
  r.move_repetition_illegal = s.move_repetition_illegal;
  r.enclosing_drop = s.enclosing_drop;
  r.enclosing_start = region(s.enclosing_drop_start, r.files, r.ranks);
  r.enclosing_start_any =
      std::any_of(r.enclosing_start.begin(), r.enclosing_start.end(), [](bool on) { return on; });
  r.flip = s.flip_enclosed_pieces;
  r.free_drops = s.free_drops && s.piece_drops;
  r.adjudicate_full_board = s.adjudicate_full_board;
  r.chasing = s.chasing_rule == "axf";
  r.walling = s.walling_rule;
  r.wall_or_move = s.wall_or_move && r.walling != Walling::none;
  for (int t : letters_to_types(s.petrify_on_capture_types)) r.petrify_types |= 1u << t;
  r.petrify_blast_pieces = s.petrify_blast_pieces;
  r.walling_zone[white] = region(
      s.walling_region_white.empty() ? everywhere : s.walling_region_white, r.files, r.ranks);
  r.walling_zone[black] = region(
      s.walling_region_black.empty() ? everywhere : s.walling_region_black, r.files, r.ranks);
  r.track_checks =
      r.perpetual_check_illegal || r.move_repetition_illegal || r.shatar_mate || r.chasing;
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (r.types[t].name == "shogiPawn") r.shogi_pawn_type = static_cast<int>(t);
  for (std::size_t t = 0; t < r.types.size(); ++t) {
    r.types[t].pocket_order = pocket_order(r.types[t].name);
    if (r.types[t].name == "bishop") r.bishop_type = static_cast<int>(t);
  }

  r.move_bound = pseudo_legal_move_bound(r);
  const int most = r.walling == Walling::none ? max_moves : max_walling_moves;
  if (r.move_bound > most) {
    error = "a position could have up to " + std::to_string(r.move_bound) +
            " moves, more than the " + std::to_string(most) +
            " a position may have here (fewer or shorter-ranged pieces, or fewer promotion "
            "choices, would fit)";
    return std::nullopt;
  }
  return r;
}

}  // namespace banmen::fairy

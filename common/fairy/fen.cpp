#include "fairy/fen.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace banmen::fairy {
namespace {

std::vector<std::string_view> fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<int> number(std::string_view s) {
  int v = 0;
  if (s.empty() || s.size() > 6) return std::nullopt;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

// The pocket of a FEN ("[HEhe]" after the board): upper case White's, lower Black's.
bool read_pocket(Position& pos, std::string_view pocket, std::string& error) {
  const Rules& r = pos.rules();
  for (char c : pocket) {
    if (c == '-') continue;
    const int type = r.type_of_fen_letter(static_cast<char>(std::tolower(c)));
    const int color = std::isupper(static_cast<unsigned char>(c)) ? white : black;
    if (type < 0) {
      error = std::string("the FEN's pocket has '") + c + "', not a piece of " + r.name;
      return false;
    }
    if (pos.in_hand(color, type) >= max_in_hand) {
      error = "the FEN's pocket holds too many pieces of one type";
      return false;
    }
    pos.add_to_hand(color, type);
  }
  return true;
}

bool read_board(Position& pos, std::string_view board, std::string& error) {
  const Rules& r = pos.rules();
  if (const auto open = board.find('['); open != std::string_view::npos) {
    // With freeDrops a pocket is read past, as Fairy-Stockfish counts no hand there.
    if (board.back() != ']' || (!r.hands() && !r.free_drops)) {
      error = r.hands() || r.free_drops ? "a FEN's pocket ends with ]"
                                        : "the FEN has a pocket, and " + r.name + " has no drops";
      return false;
    }
    if (!r.free_drops && !read_pocket(pos, board.substr(open + 1, board.size() - open - 2), error))
      return false;
    board = board.substr(0, open);
  }
  int rank = r.ranks - 1, file = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '~') {
      // The piece just read was promoted from a pawn (it goes back to the hand as a pawn).
      if (file == 0 || pos.at(square_of(file - 1, rank)) == empty_cell) {
        error = "a FEN '~' must follow a piece";
        return false;
      }
      if (r.track_promoted && pos.unpromoted(square_of(file - 1, rank)) < 0)
        pos.set_pawn_promoted(square_of(file - 1, rank));
    } else if (c == '*') {
      // A wall. Hoppers would take it as a screen in Fairy-Stockfish, the edge here: refused.
      if (file >= r.files) {
        error = "a FEN rank is too long";
        return false;
      }
      if (std::any_of(r.types.begin(), r.types.end(),
                      [](const PieceRules& p) { return !p.hops[white].empty(); })) {
        error = "the FEN has a wall ('*'), which " + r.name + "'s hoppers cannot take as a screen";
        return false;
      }
      pos.put_wall(square_of(file, rank));
      ++file;
    } else if (c == '/') {
      if (file != r.files || rank == 0) {
        error = "a FEN rank does not match the board";
        return false;
      }
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = c - '0';
      if (i + 1 < board.size() && std::isdigit(static_cast<unsigned char>(board[i + 1])))
        n = n * 10 + (board[++i] - '0');
      file += n;
      if (n == 0 || file > r.files) {
        error = "a FEN rank is too long";
        return false;
      }
    } else if (c == '+') {
      // A promoted piece: '+' and the letter of the type it promoted from.
      const char next = i + 1 < board.size() ? board[i + 1] : ' ';
      const int from_type = r.type_of_fen_letter(static_cast<char>(std::tolower(next)));
      if (from_type < 0 || r.promoted_type[from_type] < 0 || file >= r.files) {
        error = "a FEN '+' must precede the letter of a piece that promotes";
        return false;
      }
      const int color = std::isupper(static_cast<unsigned char>(next)) ? white : black;
      pos.put(square_of(file, rank), make_cell(color, r.promoted_type[from_type]), from_type);
      ++file;
      ++i;
    } else {
      const int type = r.type_of_fen_letter(static_cast<char>(std::tolower(c)));
      if (type < 0 || file >= r.files) {
        error = std::string("the FEN has '") + c + "', not a piece of " + r.name;
        return false;
      }
      const int color = std::isupper(static_cast<unsigned char>(c)) ? white : black;
      if (type == r.king && pos.count(color, type) > 0) {
        error = "the FEN has two kings of one side";
        return false;
      }
      pos.put(square_of(file, rank), make_cell(color, type));
      ++file;
    }
  }
  if (rank != 0 || file != r.files) {
    error = "the FEN board does not match the variant's board";
    return false;
  }
  return true;
}

// The castling field, as Fairy-Stockfish reads it: K and Q (the outermost rook of the
// castling rank), or a rook's file (Chess960); with gating, also the gates: every letter's
// square holding one of the side's pieces, and for K and Q the king's square too. While a
// side can still gate (pieces in hand, or captures to the hand) a file letter names a
// gate only, and gates on the king and a rook give their castling right.
void read_castling(Position& pos, std::string_view text) {
  const Rules& r = pos.rules();
  if ((!r.castling && !r.gating) || text == "-") return;
  auto can_gate = [&](int c) {
    return r.seirawan_gating && (pos.hand_total(c) > 0 || r.captures_to_hand);
  };
  std::array<int, 2> king{};
  for (char token : text) {
    const int c = std::islower(static_cast<unsigned char>(token)) ? black : white;
    const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(token)));
    const int rank = c == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
    auto is_rook = [&](int sq) {
      const Cell cell = pos.at(sq);
      return cell != empty_cell && cell != off_board && cell_color(cell) == c &&
             (r.castling_rook_types >> cell_type(cell) & 1);
    };
    int rsq = 0;
    if (up == 'K') {
      int f = r.castling_rook_kingside_file;
      while (!is_rook(square_of(f, rank)) && f > 0) --f;
      rsq = square_of(f, rank);
    } else if (up == 'Q') {
      int f = r.castling_rook_queenside_file;
      while (!is_rook(square_of(f, rank)) && f < r.files - 1) ++f;
      rsq = square_of(f, rank);
    } else if (up >= 'A' && up < 'A' + r.files) {
      rsq = square_of(up - 'A', rank);
    } else {
      continue;
    }
    const Cell king_cell = make_cell(c, r.castling_king_type);
    if (!king[c]) {
      std::vector<int> kings;
      for (int f = 0; f < r.files; ++f)
        if (pos.at(square_of(f, rank)) == king_cell) kings.push_back(square_of(f, rank));
      king[c] = r.chess960 && pos.at(rsq) == king_cell ? rsq
                : !kings.empty() && (kings.size() == 1 || r.chess960)
                    ? kings.front()
                    : square_of(r.castling_king_file, rank);
      if (pos.at(king[c]) != king_cell) king[c] = -1;
    }
    if (r.gating) {
      const Cell at = pos.at(rsq);
      if (at != empty_cell && at != off_board && cell_color(at) == c) pos.add_gate(c, file_of(rsq));
      if ((up == 'K' || up == 'Q') && king[c] > 0)
        pos.add_gate(c, file_of(king[c]));
      else if (can_gate(c))
        continue;
    }
    if (r.castling && king[c] > 0 && is_rook(rsq))
      pos.set_castling(c, king[c] < rsq ? 0 : 1, rsq, king[c]);
  }
  // A gated king with no castling right castles with the rooks on gates (Chess960 with gates).
  if (r.castling && r.seirawan_gating)
    for (int c : {white, black}) {
      const int rank = c == white ? r.castling_rank : r.ranks - 1 - r.castling_rank;
      if (!can_gate(c) || pos.castling_rook(c, 0) || pos.castling_rook(c, 1)) continue;
      int gated_king = 0;
      for (int f = 0; f < r.files; ++f)
        if (pos.gate_at(c, square_of(f, rank)) &&
            pos.at(square_of(f, rank)) == make_cell(c, r.castling_king_type))
          gated_king = square_of(f, rank);
      if (!gated_king) continue;
      for (int f = 0; f < r.files; ++f) {
        const int sq = square_of(f, rank);
        const Cell at = pos.at(sq);
        if (pos.gate_at(c, sq) && at != empty_cell && cell_color(at) == c &&
            (r.castling_rook_types >> cell_type(at) & 1))
          pos.set_castling(c, gated_king < sq ? 0 : 1, sq, gated_king);
      }
    }
}

// The en passant field of a variant with pawns of other moves or triple steps: one or more
// squares (d3c4), each kept where the side to move may take en passant, as Fairy-Stockfish
// keeps them there; an occupied one is the piece that passed (a piece's initial move).
void read_en_passant(Position& pos, const Rules& rules, std::string_view text) {
  const int us = pos.side();
  int ep = 0, ep2 = 0, victim = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const char file = text[i++];
    int rank = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
      rank = std::min(rank * 10 + (text[i++] - '0'), 1000);
    if (file < 'a' || file >= 'a' + rules.files || rank < 1 || rank > rules.ranks) return;
    const int sq = square_of(file - 'a', rank - 1);
    if (!rules.en_passant_zone[us][sq]) continue;
    if (pos.at(sq) != empty_cell) {
      if (cell_color(pos.at(sq)) != us) victim = sq;
    } else if (!ep) {
      ep = sq;
    } else if (!ep2) {
      ep2 = sq;
    }
  }
  pos.set_en_passant(ep, ep2, victim, victim != 0);
}

}  // namespace

std::string square_name(int sq) {
  std::string out(1, static_cast<char>('a' + file_of(sq)));
  out += std::to_string(rank_of(sq) + 1);
  return out;
}

std::optional<Position> parse_fen(const Rules& rules, std::string_view fen, std::string& error) {
  if (fen.size() > max_fen_length) {
    error = "the FEN is longer than 256 characters";
    return std::nullopt;
  }
  auto f = fields(fen);
  // n-check: the checks each side still has to give ("3+3") after the en passant field, or
  // the checks each has given at the end ("+1+0", lichess's three-check); without either,
  // the next check wins, as Fairy-Stockfish reads it.
  int checks_white = 1, checks_black = 1;
  if (rules.check_counting) {
    auto pair = [](std::string_view w, std::size_t plus) {
      return plus != std::string_view::npos && plus == 1 && w.size() == 3 &&
             std::isdigit(static_cast<unsigned char>(w[0])) &&
             std::isdigit(static_cast<unsigned char>(w[2]));
    };
    if (f.size() > 4 && pair(f[4], f[4].find('+'))) {
      checks_white = f[4][0] - '0';
      checks_black = f[4][2] - '0';
      f.erase(f.begin() + 4);
    } else if (f.size() == 7 && f[6].size() == 4 && f[6][0] == '+' &&
               pair(f[6].substr(1), f[6].substr(1).find('+'))) {
      checks_white = std::max(3 - (f[6][1] - '0'), 0);
      checks_black = std::max(3 - (f[6][3] - '0'), 0);
      f.pop_back();
    }
  }
  if (f.size() < 2 || f.size() > 6) {
    error = "a FEN has a board, a side to move and up to four more fields";
    return std::nullopt;
  }
  Position pos(rules);
  if (!read_board(pos, f[0], error)) return std::nullopt;
  if (f[1] != "w" && f[1] != "b") {
    error = "the side to move is w or b";
    return std::nullopt;
  }
  pos.set_side(f[1] == "w" ? white : black);
  if (f.size() > 2) read_castling(pos, f[2]);
  int counting_limit = 0;
  if (f.size() > 3 && f[3] != "-") {
    if (rules.counting != CountingRule::none && std::isdigit(static_cast<unsigned char>(f[3][0]))) {
      counting_limit = number(f[3]).value_or(0);
    } else if (rules.custom_pawns || rules.triple_step) {
      read_en_passant(pos, rules, f[3]);
    } else if (f[3].size() >= 2 && f[3][0] >= 'a' && f[3][0] < 'a' + rules.files) {
      const auto rank = number(f[3].substr(1));
      if (rank && *rank >= 1 && *rank <= rules.ranks) {
        const int us = pos.side();
        const int ep = square_of(f[3][0] - 'a', *rank - 1);
        const int push = rules.push(us);
        const Cell our_pawn = make_cell(us, rules.pawn);
        // Kept only when it can matter, as Fairy-Stockfish does (the square the pawn left
        // may hold a wall: the duck put there by the double step).
        if (rules.pawn >= 0 && rules.en_passant_zone[us][ep] &&
            (pos.at(ep - push - 1) == our_pawn || pos.at(ep - push + 1) == our_pawn) &&
            pos.at(ep - push) == make_cell(us ^ 1, rules.pawn) && pos.at(ep) == empty_cell &&
            (pos.at(ep + push) == empty_cell || pos.wall(ep + push)))
          pos.set_en_passant(ep);
      }
    }
  }
  int rule50 = 0, fullmove = 1;
  if (f.size() > 4) {
    const auto n = number(f[4]);
    if (!n) {
      error = "the halfmove clock is a number";
      return std::nullopt;
    }
    rule50 = *n;
  }
  if (f.size() > 5) {
    const auto n = number(f[5]);
    if (!n) {
      error = "the move number is a number";
      return std::nullopt;
    }
    fullmove = *n;
  }
  const int ply = std::max(2 * (fullmove - 1), 0) + (pos.side() == black ? 1 : 0);
  int counting_ply = 0;
  if (counting_limit && rule50) {
    counting_ply = rule50;
    rule50 = 0;
  }
  pos.set_counters(rule50, ply, counting_limit, counting_ply);
  pos.set_checks_left(checks_white, checks_black);
  pos.finish_setup();
  return pos;
}

std::string write_fen(const Position& pos) {
  const Rules& r = pos.rules();
  std::string out;
  for (int rank = r.ranks - 1; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < r.files; ++file) {
      const Cell c = pos.at(square_of(file, rank));
      if (c == empty_cell) {
        ++gap;
        continue;
      }
      if (gap) out += std::to_string(gap);
      gap = 0;
      if (c == off_board) {
        out += '*';  // a wall
        continue;
      }
      // A promoted piece is written '+' and its unpromoted letter, as Fairy-Stockfish does.
      const int unpromoted = pos.unpromoted(square_of(file, rank));
      if (unpromoted >= 0) out += '+';
      const char letter = r.types[unpromoted >= 0 ? unpromoted : cell_type(c)].letter;
      out += cell_color(c) == white ? static_cast<char>(std::toupper(letter)) : letter;
      // A piece promoted from a pawn, where captures go to the hand (it returns as a pawn).
      if (unpromoted < 0 && r.captures_to_hand && !r.drop_loop &&
          pos.promoted(square_of(file, rank)))
        out += '~';
    }
    if (gap) out += std::to_string(gap);
    if (rank) out += '/';
  }
  if (r.hands()) {
    // The pocket, as Fairy-Stockfish writes it: White's then Black's, each from the king
    // down its order of piece types.
    std::vector<int> order(r.types.size());
    for (std::size_t t = 0; t < order.size(); ++t) order[t] = static_cast<int>(t);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return r.types[a].pocket_order > r.types[b].pocket_order; });
    out += '[';
    for (int c : {white, black})
      for (int t : order) {
        const char letter =
            c == white ? static_cast<char>(std::toupper(r.types[t].letter)) : r.types[t].letter;
        out.append(static_cast<std::size_t>(pos.in_hand(c, t)), letter);
      }
    out += ']';
  }
  out += pos.side() == white ? " w " : " b ";
  std::string castling;
  for (int c : {white, black}) {
    auto letter = [&](char upper) {
      castling += c == white ? upper : static_cast<char>(std::tolower(upper));
    };
    for (int s : {0, 1}) {
      const int rook = pos.castling_rook(c, s);
      if (!rook) continue;
      letter(r.chess960 ? static_cast<char>('A' + file_of(rook)) : (s == 0 ? 'K' : 'Q'));
    }
    // The gates (while the side can still gate), less the files the castling letters name.
    if (!pos.gates(c) || (r.seirawan_gating && !(pos.hand_total(c) > 0 || r.captures_to_hand)))
      continue;
    const bool castles = pos.castling_rook(c, 0) || pos.castling_rook(c, 1);
    for (int f = 0; f < r.files; ++f) {
      if (!(pos.gates(c) >> f & 1)) continue;
      if (!r.chess960 && castles && f == file_of(pos.castling_king(c))) continue;
      if ((pos.castling_rook(c, 0) && f == file_of(pos.castling_rook(c, 0))) ||
          (pos.castling_rook(c, 1) && f == file_of(pos.castling_rook(c, 1))))
        continue;
      letter(static_cast<char>('A' + f));
    }
  }
  if (castling.empty() && !pos.gates(white) && !pos.gates(black)) castling = "-";
  out += castling;
  out += ' ';
  if (pos.counting_limit())
    out += std::to_string(pos.counting_limit());
  else if (pos.en_passant() || pos.en_passant_victim_listed()) {
    // Every en passant square in Fairy-Stockfish's order of squares (a1, b1, ..., a2, ...).
    std::vector<int> squares;
    for (int sq : {pos.en_passant(), pos.en_passant2()})
      if (sq) squares.push_back(sq);
    if (pos.en_passant_victim_listed()) squares.push_back(pos.en_passant_victim());
    std::sort(squares.begin(), squares.end());
    for (int sq : squares) out += square_name(sq);
  } else {
    out += '-';
  }
  out += ' ';
  if (r.check_counting)
    out +=
        std::to_string(pos.checks_left(white)) + '+' + std::to_string(pos.checks_left(black)) + ' ';
  out += std::to_string(pos.counting_limit() ? pos.counting_ply() : pos.halfmove_clock());
  out += ' ';
  out += std::to_string(1 + (pos.game_ply() - (pos.side() == black ? 1 : 0)) / 2);
  return out;
}

}  // namespace banmen::fairy

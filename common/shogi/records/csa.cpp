// CSA (V2.2) export and import of whole games. Minishogi uses the same syntax on five
// files and five ranks (P1..P5), which the common CSA readers do not know.
#include <array>
#include <string>

#include "core/record_text.h"
#include "shogi/handicap.h"
#include "shogi/records/record.h"
#include "shogi/records/record_common.h"
#include "shogi/sfen.h"

namespace banmen::shogi {

namespace {

constexpr std::array<std::string_view, kTypeCount> kCsaNames = {
    "", "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "", "UM", "RY"};

PieceType csa_type(std::string_view name) {
  for (int t = 1; t < kTypeCount; ++t)
    if (!kCsaNames[t].empty() && kCsaNames[t] == name) return PieceType(t);
  return kNoType;
}

std::string csa_square(const Variant& v, Square s) {
  return std::to_string(v.file_of(s)) + std::to_string(row_of(s) + 1);
}

std::string csa_move(const Variant& v, Move m, Color mover) {
  std::string out(1, mover == kBlack ? '+' : '-');
  if (is_drop(m))
    return out + "00" + csa_square(v, move_to(m)) + std::string(kCsaNames[drop_type(m)]);
  PieceType t = type_of(moved_piece(m));
  if (is_promotion(m)) t = promoted(t);
  return out + csa_square(v, move_from(m)) + csa_square(v, move_to(m)) + std::string(kCsaNames[t]);
}

std::string csa_position(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  for (int row = 0; row < v.ranks; ++row) {
    out += "P" + std::to_string(row + 1);
    for (int col = 0; col < v.files; ++col) {
      const Piece p = pos.at(make_square(col, row));
      if (p == kEmpty) {
        out += " * ";
      } else {
        out += (color_of(p) == kBlack ? "+" : "-") + std::string(kCsaNames[type_of(p)]);
      }
    }
    out += "\n";
  }
  for (Color c : {kBlack, kWhite}) {
    if (pos.hand_empty(c)) continue;
    out += c == kBlack ? "P+" : "P-";
    for (int t = kRook; t >= kPawn; --t)
      for (int n = 0; n < pos.hand(c, PieceType(t)); ++n) out += "00" + std::string(kCsaNames[t]);
    out += "\n";
  }
  out += pos.side_to_move() == kBlack ? "+\n" : "-\n";
  return out;
}

}  // namespace

Result<std::string> export_csa(const ShogiGame& game, const RecordInfo& record) {
  const Variant& v = game.start().variant();
  std::string out = "V2.2\n";
  out += "N+" + record_field(record.players[0]) + "\nN-" + record_field(record.players[1]) + "\n";
  if (!record.event.empty()) out += "$EVENT:" + record_field(record.event) + "\n";
  if (!record.site.empty()) out += "$SITE:" + record_field(record.site) + "\n";
  if (!record.start_time.empty()) out += "$START_TIME:" + record_date(record.start_time) + "\n";
  if (!record.time_control.empty())
    out += "'time control " + record_field(record.time_control) + "\n";
  if (v.id == "minishogi") out += "'minishogi (5x5)\n";
  if (const Handicap* h = handicap_of(game.start())) {
    out += "PI" + std::string(h->removed) + "\n-\n";  // the giver (White) moves first
  } else {
    out += csa_position(game.start());
  }
  Color mover = game.start().side_to_move();
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    out += csa_move(v, game.moves()[i], mover) + "\n";
    if (i < record.move_times_ms.size())
      out += "T" + std::to_string(record.move_times_ms[i] / 1000) + "\n";
    mover = opposite(mover);
  }
  const Ending e = ending_of(game);
  if (!e.csa.empty()) out += e.csa + "\n";
  return out;
}

Result<GamePtr> import_csa(const GameInfo& info, const Variant& v, std::string_view text) {
  const auto lines = record_lines(text);
  std::string board[9];
  int rows = 0;
  int hand_counts[2][kHandTypeCount] = {};
  bool white_to_move = false, have_side = false, initial = false;
  std::string_view removed;  // PI's pieces taken off the usual start ("82HI22KA")
  std::unique_ptr<ShogiGame> game;
  auto start_game = [&](std::size_t line) -> std::optional<Error> {
    std::string sfen;
    if (initial || rows == 0) {
      auto start = parse_sfen(v, v.start_sfen);
      if (!start) return record_error(line, start.error().message);
      for (std::size_t k = 0; k + 4 <= removed.size(); k += 4) {
        const Square s = v.parse_square(removed[k], char('a' + removed[k + 1] - '1'));
        const PieceType t = csa_type(removed.substr(k + 2, 2));
        if (s == kNoSquare || t == kNoType || !is_piece(start->at(s)) || type_of(start->at(s)) != t)
          return record_error(
              line, "PI removes a piece that is not there: " + std::string(removed.substr(k, 4)));
        start->put(s, kEmpty);
      }
      start->set_side(white_to_move ? kWhite : kBlack);
      sfen = format_sfen(*start);
    } else {
      if (rows != v.ranks)
        return record_error(line, "the position needs P1..P" + std::to_string(v.ranks));
      for (int r = 0; r < rows; ++r) sfen += (r ? "/" : "") + board[r];
      sfen += white_to_move ? " w " : " b ";
      std::string hands;
      for (int c = 0; c < 2; ++c) {
        for (int t = kRook; t >= kPawn; --t) {
          const int n = hand_counts[c][t];
          if (n == 0) continue;
          if (n > 1) hands += std::to_string(n);
          const char letter = sfen_letter(PieceType(t));
          hands += c == 0 ? letter : char(letter - 'A' + 'a');
        }
      }
      sfen += hands.empty() ? "-" : hands;
      sfen += " 1";
    }
    auto pos = parse_sfen(v, sfen);
    if (!pos) return record_error(line, pos.error().message);
    game = std::make_unique<ShogiGame>(info, *pos);
    return std::nullopt;
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    if (l.empty() || l[0] == '\'' || l[0] == 'V' || l[0] == 'N' || l[0] == '$' || l[0] == 'T')
      continue;
    if (l.starts_with("PI")) {
      if (game || initial || rows || (l.size() - 2) % 4 != 0 || l.size() > 2 + 4 * 40)
        return record_error(i, "bad PI line");
      initial = true;
      removed = l.substr(2);
    } else if (l.size() >= 2 && l[0] == 'P' && l[1] >= '1' && l[1] <= '9') {
      if (game || l[1] - '1' != rows || rows >= v.ranks)
        return record_error(i, "unexpected board row");
      std::string_view cells = l.substr(2);
      std::string row;
      int empty = 0;
      for (int c = 0; c < v.files; ++c) {
        if (cells.size() < 3) return record_error(i, "short board row");
        auto cell = cells.substr(0, 3);
        cells.remove_prefix(3);
        if (cell == " * ") {
          ++empty;
          continue;
        }
        const PieceType t = csa_type(cell.substr(1));
        if ((cell[0] != '+' && cell[0] != '-') || t == kNoType)
          return record_error(i, "bad board cell '" + std::string(cell) + "'");
        if (empty) row += std::to_string(empty);
        empty = 0;
        if (is_promoted(t)) row += '+';
        const char letter = sfen_letter(t);
        row += cell[0] == '+' ? letter : char(letter - 'A' + 'a');
      }
      if (empty) row += std::to_string(empty);
      board[rows++] = row;
    } else if (l.starts_with("P+") || l.starts_with("P-")) {
      const bool black = l[1] == '+';
      std::string_view rest = l.substr(2);
      while (rest.size() >= 4) {
        if (!rest.starts_with("00")) return record_error(i, "only hand pieces (00) are supported");
        const PieceType t = csa_type(rest.substr(2, 2));
        if (t == kNoType || t > kRook) return record_error(i, "bad hand piece");
        if (++hand_counts[black ? 0 : 1][t] > v.piece_count[t])
          return record_error(i, "too many pieces in hand");
        rest.remove_prefix(4);
      }
    } else if ((l == "+" || l == "-") && !game) {
      white_to_move = l == "-";
      have_side = true;
      if (auto e = start_game(i)) return *e;
    } else if ((l[0] == '+' || l[0] == '-') && l.size() >= 7) {
      if (!game) {
        if (auto e = start_game(i)) return *e;
      }
      const Variant& gv = game->current().variant();
      const Square from =
          l.substr(1, 2) == "00" ? kNoSquare : gv.parse_square(l[1], char('a' + l[2] - '1'));
      const Square to = gv.parse_square(l[3], char('a' + l[4] - '1'));
      const PieceType t = csa_type(l.substr(5, 2));
      if (to == kNoSquare || t == kNoType)
        return record_error(i, "bad move '" + std::string(l) + "'");
      Move m;
      if (l.substr(1, 2) == "00") {
        if (t > kRook) return record_error(i, "bad drop '" + std::string(l) + "'");
        m = make_drop(t, to, game->current().side_to_move()) & (0xffffu | kDropFlag);
      } else {
        if (from == kNoSquare) return record_error(i, "bad move '" + std::string(l) + "'");
        const Piece p = game->current().at(from);
        const bool promote = is_piece(p) && is_promoted(t) && !is_promoted(type_of(p));
        if (!is_piece(p) || (promote ? promoted(type_of(p)) : type_of(p)) != t)
          return record_error(i, "the piece does not match '" + std::string(l) + "'");
        m = make_board_move(from, to, kEmpty, kEmpty, promote);
      }
      if (!game->play(m)) return record_error(i, "illegal move '" + std::string(l) + "'");
    } else if (l[0] == '%') {
      if (!game) {
        if (auto e = start_game(i)) return *e;
      }
      if (!apply_ending_word(*game, l.substr(0, l.find(','))))
        return record_error(i, "unknown special move '" + std::string(l) + "'");
      break;
    }
  }
  (void)have_side;
  if (!game) {
    // Named at the last line: the text ended before the position was whole.
    if (auto e = start_game(lines.empty() ? 0 : lines.size() - 1)) return *e;
  }
  return GamePtr(std::move(game));
}

}  // namespace banmen::shogi

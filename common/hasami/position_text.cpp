#include "hasami/position.h"

namespace banmen::hasami {

std::string format_position(const Position& p) {
  std::string s;
  for (int r = 0; r < kRanks; ++r) {
    if (r) s += '/';
    int empties = 0;
    for (int c = 0; c < kRanks; ++c) {
      const Cell cell = p.board[cell_at(r, c)];
      if (cell == Cell::empty) {
        ++empties;
        continue;
      }
      if (empties) s += static_cast<char>('0' + empties);
      empties = 0;
      s += cell == Cell::black ? 'P' : 'p';
    }
    if (empties) s += static_cast<char>('0' + empties);
  }
  s += p.to_move == black ? " b - " : " w - ";
  s += std::to_string(p.move_number);
  return s;
}

std::string format_move(Move m) {
  auto square = [](int cell) {
    return std::string{static_cast<char>('0' + kRanks - column_of(cell)),
                       static_cast<char>('a' + row_of(cell))};
  };
  return square(m.from) + square(m.to);
}

Result<Move> parse_move(std::string_view text) {
  auto bad = [&] {
    return make_error(errc::bad_move,
                      "a hasami shogi move is two squares on one rank or file, like 9i9e, not \"" +
                          std::string(text.substr(0, 16)) + "\"");
  };
  if (text.size() != 4) return bad();
  int cells[2];
  for (int i = 0; i < 2; ++i) {
    const char f = text[2 * i], r = text[2 * i + 1];
    if (f < '1' || f > '9' || r < 'a' || r > 'i') return bad();
    cells[i] = cell_at(r - 'a', kRanks - (f - '0'));
  }
  const bool same_rank = row_of(cells[0]) == row_of(cells[1]);
  const bool same_file = column_of(cells[0]) == column_of(cells[1]);
  if (cells[0] == cells[1] || !(same_rank || same_file)) return bad();
  return Move{static_cast<std::uint8_t>(cells[0]), static_cast<std::uint8_t>(cells[1])};
}

Result<Position> parse_position(std::string_view text) {
  auto bad = [](const std::string& why) {
    return make_error(errc::bad_position, "bad hasami shogi position: " + why);
  };
  if (text.size() > 128) return bad("longer than any position");
  Position p;
  std::size_t i = 0;
  for (int r = 0; r < kRanks; ++r) {
    const std::string rank_name(1, static_cast<char>('a' + r));
    if (r > 0) {
      if (i >= text.size() || text[i] != '/') return bad("expected '/' before rank " + rank_name);
      ++i;
    }
    int c = 0;
    bool last_was_digit = false;
    while (i < text.size() && text[i] != '/' && text[i] != ' ') {
      const char ch = text[i++];
      if (ch >= '1' && ch <= '9') {
        if (last_was_digit) return bad("two numbers in a row on rank " + rank_name);
        c += ch - '0';
        last_was_digit = true;
      } else if (ch == 'P' || ch == 'p') {
        if (c < kRanks) {
          const Side s = ch == 'P' ? black : white;
          p.board.set(cell_at(r, c), piece_of(s));
          ++p.pieces[s];
        }
        ++c;
        last_was_digit = false;
      } else {
        return bad("rank " + rank_name + " holds something that is not P, p or 1-9");
      }
      if (c > kRanks) return bad("rank " + rank_name + " has more than nine squares");
    }
    if (c != kRanks) return bad("rank " + rank_name + " has fewer than nine squares");
  }
  for (Side s : {black, white})
    if (p.pieces[s] > kMaxPieces)
      return bad(std::string(s == black ? "black" : "white") + " has more than nine pieces");
  const std::string_view rest = text.substr(i);
  if (rest.size() < 6 || rest[0] != ' ' || (rest[1] != 'b' && rest[1] != 'w') ||
      rest.substr(2, 3) != " - ")
    return bad("the board must be followed by \" b - \" or \" w - \" and the move number");
  p.to_move = rest[1] == 'b' ? black : white;
  const std::string_view number = rest.substr(5);
  int n = 0;
  for (char ch : number) {
    if (ch < '0' || ch > '9' || n > kMoveLimitNumber) return bad("bad move number");
    n = n * 10 + (ch - '0');
  }
  if (number[0] == '0' || n < 1 || n > kMoveLimitNumber)
    return bad("the move number must be from 1 to " + std::to_string(kMoveLimitNumber));
  p.move_number = n;
  return p;
}

}  // namespace banmen::hasami

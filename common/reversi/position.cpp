#include "reversi/position.h"

namespace banmen::reversi {

Position Position::start() {
  Position p;
  // d4 and e5 white, e4 and d5 black (bit = row * 8 + column).
  p.discs[white] = bit(3 * 8 + 3) | bit(4 * 8 + 4);
  p.discs[black] = bit(3 * 8 + 4) | bit(4 * 8 + 3);
  p.to_move = black;
  return p;
}

bool Position::must_pass() const {
  return placements() == 0 && legal_placements(opp(), own()) != 0;
}

bool Position::finished() const {
  return placements() == 0 && legal_placements(opp(), own()) == 0;
}

void Position::play(Move m) {
  if (m != kPass) {
    const Bitboard flipped = flips(own(), opp(), m);
    discs[to_move] |= flipped | bit(m);
    discs[1 - to_move] &= ~flipped;
  }
  to_move = to_move == black ? white : black;
}

std::string format_position(const Position& p) {
  std::string s(66, '-');
  for (int sq = 0; sq < kSquares; ++sq) {
    if (p.discs[black] & bit(sq)) s[sq] = 'X';
    if (p.discs[white] & bit(sq)) s[sq] = 'O';
  }
  s[64] = ' ';
  s[65] = p.to_move == black ? 'X' : 'O';
  return s;
}

Result<Position> parse_position(std::string_view text) {
  auto bad = [](std::string why) {
    return make_error(errc::bad_position, "bad reversi position: " + why);
  };
  if (text.size() != 66)
    return bad("expected 64 squares, a space and the side to move (66 characters), got " +
               std::to_string(text.size()) + " characters");
  Position p;
  for (int sq = 0; sq < kSquares; ++sq) {
    const char c = text[sq];
    if (c == 'X') {
      p.discs[black] |= bit(sq);
    } else if (c == 'O') {
      p.discs[white] |= bit(sq);
    } else if (c != '-') {
      return bad("square " + format_move(static_cast<Move>(sq)) +
                 " must be X, O or -, not a byte of value " +
                 std::to_string(static_cast<unsigned char>(c)));
    }
  }
  if (text[64] != ' ') return bad("a single space must follow the 64 squares");
  if (text[65] == 'X') {
    p.to_move = black;
  } else if (text[65] == 'O') {
    p.to_move = white;
  } else {
    return bad("the side to move must be X or O");
  }
  return p;
}

std::string format_move(Move m) {
  if (m == kPass) return "pass";
  return {static_cast<char>('a' + m % 8), static_cast<char>('1' + m / 8)};
}

Result<Move> parse_move(std::string_view text) {
  if (text == "pass") return kPass;
  if (text.size() == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8')
    return static_cast<Move>((text[1] - '1') * 8 + (text[0] - 'a'));
  return make_error(errc::bad_move, "a reversi move is a square from a1 to h8 or \"pass\", not \"" +
                                        std::string(text.substr(0, 16)) + "\"");
}

}  // namespace banmen::reversi

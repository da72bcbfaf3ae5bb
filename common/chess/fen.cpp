#include "chess/fen.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

namespace banmen::chess {

namespace {

Error bad(const std::string& what) {
  return make_error(errc::bad_position, "bad FEN: " + what);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    std::size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string_view::npos ? s.npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

bool parse_counter(std::string_view s, int max, int& out) {
  if (s.empty() || s.size() > 6) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && out >= 0 && out <= max;
}

std::optional<Error> parse_placement(std::string_view text, Position& pos) {
  auto ranks = split(text, '/');
  if (ranks.size() != kRanks)
    return bad("the board has " + std::to_string(ranks.size()) + " ranks, not " +
               std::to_string(kRanks));
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    const std::string label = "rank " + std::to_string(rank + 1);
    int file = 0;
    bool last_was_digit = false;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '9') {
        if (last_was_digit) return bad(label + " has two digits in a row");
        file += c - '0';
        last_was_digit = true;
      } else {
        Piece p = piece_from_letter(c);
        if (p == kNoPiece) return bad(label + " has an unknown piece '" + std::string(1, c) + "'");
        if (file < kFiles) pos.put(p, make_square(file, rank));
        ++file;
        last_was_digit = false;
      }
      if (file > kFiles)
        return bad(label + " has more than " + std::to_string(kFiles) + " squares");
    }
    if (file < kFiles) return bad(label + " has fewer than " + std::to_string(kFiles) + " squares");
  }
  return std::nullopt;
}

std::optional<Error> check_material(const Position& pos) {
  const char* names[2] = {"white", "black"};
  for (Color c : {kWhite, kBlack}) {
    const int kings = popcount(pos.pieces(c, kKing));
    if (kings == 0) return bad(std::string(names[c]) + " has no king");
    if (kings > 1) return bad(std::string(names[c]) + " has more than one king");
    if (popcount(pos.pieces(c, kPawn)) > kFiles)
      return bad(std::string(names[c]) + " has too many pawns");
    if (popcount(pos.colors[c]) > 2 * kFiles)
      return bad(std::string(names[c]) + " has too many pieces");
    // Every piece beyond the starting set came from a pawn's promotion.
    constexpr std::pair<Kind, int> kStartCounts[] = {
        {kKnight, 2}, {kBishop, 2}, {kRook, 2}, {kQueen, 1}};
    int promoted = 0;
    for (auto [kind, start] : kStartCounts)
      promoted += std::max(0, popcount(pos.pieces(c, kind)) - start);
    if (popcount(pos.pieces(c, kPawn)) + promoted > kFiles)
      return bad(std::string(names[c]) + " has more promoted pieces than missing pawns");
  }
  const Bitboard edge_ranks = 0xffull | (0xffull << (kFiles * (kRanks - 1)));
  if (pos.kinds[kPawn] & edge_ranks) return bad("a pawn stands on the first or last rank");
  return std::nullopt;
}

std::optional<Error> parse_castling(std::string_view text, Position& pos) {
  if (text == "-") return std::nullopt;
  const std::string_view order = "KQkq";
  std::size_t next = 0;
  std::uint8_t rights = 0;
  for (char c : text) {
    std::size_t at = order.find(c, next);
    if (at == std::string_view::npos)
      return bad("castling field '" + std::string(text) +
                 "' is not '-' or a subset of KQkq in order");
    const CastleRule& rule = kCastleRules[at];
    const Color side = at < 2 ? kWhite : kBlack;
    if (pos.board[rule.king_from] != make_piece(side, kKing) ||
        pos.board[rule.rook_from] != make_piece(side, kRook))
      return bad(std::string("castling right '") + c + "' without king and rook on their squares");
    rights |= rule.right;
    next = at + 1;
  }
  if (text.empty()) return bad("empty castling field");
  pos.castling = rights;
  return std::nullopt;
}

std::optional<Error> parse_en_passant(std::string_view text, Position& pos) {
  if (text == "-") return std::nullopt;
  const Square ep = parse_square(text);
  if (ep == kNoSquare) return bad("en passant field '" + std::string(text) + "' is not a square");
  const Color mover = ~pos.side;  // the side that made the double step
  const int forward = pawn_forward(mover) * kFiles;
  if (rank_of(ep) != pawn_start_rank(mover) + pawn_forward(mover))
    return bad("en passant square " + std::string(text) + " is on the wrong rank");
  const Square pawn = ep + forward, origin = ep - forward;
  if (pos.board[pawn] != make_piece(mover, kPawn) || pos.board[ep] != kNoPiece ||
      pos.board[origin] != kNoPiece)
    return bad("en passant square " + std::string(text) +
               " without a pawn that just made a double step");
  pos.en_passant = ep;
  return std::nullopt;
}

}  // namespace

Square parse_square(std::string_view t) {
  if (t.size() != 2) return kNoSquare;
  const int f = t[0] - 'a', r = t[1] - '1';
  return on_board(f, r) ? make_square(f, r) : kNoSquare;
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char piece_letter(Piece p) {
  const char c = kKindRules[kind_of(p)].letter;
  return color_of(p) == kWhite ? char(c - 'a' + 'A') : c;
}

Piece piece_from_letter(char c) {
  for (int k = 0; k < kKinds; ++k) {
    if (kKindRules[k].letter == c) return make_piece(kBlack, Kind(k));
    if (kKindRules[k].letter - 'a' + 'A' == c) return make_piece(kWhite, Kind(k));
  }
  return kNoPiece;
}

Result<Position> parse_fen(std::string_view fen) {
  while (!fen.empty() && (fen.front() == ' ' || fen.front() == '\t')) fen.remove_prefix(1);
  while (!fen.empty() &&
         (fen.back() == ' ' || fen.back() == '\t' || fen.back() == '\n' || fen.back() == '\r'))
    fen.remove_suffix(1);
  if (fen.size() > 120) return bad("too long");
  auto fields = split(fen, ' ');
  if (fields.size() != 6 && fields.size() != 4)
    return bad("expected 6 fields separated by single spaces, found " +
               std::to_string(fields.size()));
  Position pos;
  if (auto e = parse_placement(fields[0], pos)) return *e;
  if (auto e = check_material(pos)) return *e;
  if (fields[1] != "w" && fields[1] != "b")
    return bad("side to move '" + std::string(fields[1]) + "' is not 'w' or 'b'");
  pos.side = fields[1] == "w" ? kWhite : kBlack;
  if (auto e = parse_castling(fields[2], pos)) return *e;
  if (auto e = parse_en_passant(fields[3], pos)) return *e;
  if (fields.size() == 6) {
    if (!parse_counter(fields[4], 9999, pos.halfmove_clock))
      return bad("halfmove clock '" + std::string(fields[4]) + "' is not a number from 0 to 9999");
    if (!parse_counter(fields[5], 99999, pos.fullmove_number) || pos.fullmove_number < 1)
      return bad("fullmove number '" + std::string(fields[5]) +
                 "' is not a number from 1 to 99999");
  } else {
    pos.fullmove_number = 1;
  }
  if (pos.en_passant != kNoSquare && pos.halfmove_clock != 0)
    return bad("an en passant square needs a halfmove clock of 0 (a pawn just moved)");
  pos.key = pos.compute_key();
  const Square their_king = pos.king(~pos.side);
  if (pos.attacked_by(pos.side, their_king, pos.occupied()))
    return bad("the side not to move is in check");
  if (popcount(pos.checkers()) > 2)
    return bad("the side to move is in check by more than two pieces");
  return pos;
}

std::string format_fen(const Position& pos) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos.board[make_square(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_letter(p);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side == kWhite ? " w " : " b ";
  if (!pos.castling) out += '-';
  for (int i = 0; i < 4; ++i)
    if (pos.castling & kCastleRules[i].right) out += "KQkq"[i];
  out += ' ';
  out += pos.en_passant == kNoSquare ? "-" : square_name(pos.en_passant);
  out += ' ' + std::to_string(pos.halfmove_clock) + ' ' + std::to_string(pos.fullmove_number);
  return out;
}

}  // namespace banmen::chess

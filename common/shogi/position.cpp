#include "shogi/position.h"

namespace banmen::shogi {

namespace {

constexpr int kMaxHandCount = 40;

// Zobrist keys: one per (piece, square), one per (colour, hand type, count) and one for
// White to move. Fixed seeds, so keys are the same in every process.
struct Zobrist {
  std::array<std::array<std::uint64_t, kSquareCount>, kPieceCodes> piece{};
  std::array<std::array<std::array<std::uint64_t, kMaxHandCount>, kHandTypeCount>, 2> hand{};
  std::uint64_t white = 0;
};

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

const Zobrist& zobrist() {
  static const Zobrist z = [] {
    Zobrist t;
    std::uint64_t state = 0x5348'4f47'4931'2021ull;
    for (auto& row : t.piece)
      for (auto& k : row) k = splitmix(state);
    for (auto& c : t.hand)
      for (auto& type : c)
        for (std::size_t n = 1; n < type.size(); ++n) type[n] = splitmix(state);
    t.white = splitmix(state);
    return t;
  }();
  return z;
}

}  // namespace

Position::Position(const Variant& v) : variant_(&v) {
  board_.fill(kWall);
  for (Square s : v.squares) board_[s] = kEmpty;
}

bool Position::hand_empty(Color c) const {
  for (int t = kPawn; t < kHandTypeCount; ++t)
    if (hand_[c][t]) return false;
  return true;
}

bool Position::attacked(Square s, Color by, Square ignore) const {
  const auto& t = piece_tables();
  const Piece mine = color_bit(by);
  for (int d = 0; d < 8; ++d) {
    int to = s + kDelta[d];
    Piece p = to == ignore ? kEmpty : board_[to];
    // A piece next to s attacks it when it moves in the reverse direction.
    if (p & mine) {
      if (near_mask(p) >> reverse(d) & 1) return true;
      continue;
    }
    if (p != kEmpty) continue;
    do {
      to += kDelta[d];
      p = to == ignore ? kEmpty : board_[to];
    } while (p == kEmpty);
    if ((p & mine) && (t.slide[p] >> reverse(d) & 1)) return true;
  }
  // A knight of `by` attacks s from the squares it would jump from.
  const Piece knight = make_piece(by, kKnight);
  for (int k : t.knight_delta[by]) {
    int from = s - k;
    if (from >= 0 && from < kSquareCount && board_[from] == knight) return true;
  }
  return false;
}

void Position::toggle_hand_key(Color c, PieceType t) {
  key_ ^= zobrist().hand[c][t][hand_[c][t]];
}

void Position::do_move(Move m) {
  const auto& z = zobrist();
  const Color us = side_;
  const Square to = move_to(m);
  if (is_drop(m)) {
    const PieceType t = drop_type(m);
    const Piece p = make_piece(us, t);
    board_[to] = p;
    key_ ^= z.piece[p][to];
    toggle_hand_key(us, t);
    --hand_[us][t];
    toggle_hand_key(us, t);
    if (t == kPawn) pawn_files_[us] |= std::uint16_t(1u << col_of(to));
    if (t == kKing) king_[us] = to;
  } else {
    const Square from = move_from(m);
    const Piece p = board_[from];
    const Piece cap = board_[to];
    if (cap) {
      const Color them = opposite(us);
      const PieceType ct = unpromoted(type_of(cap));
      key_ ^= z.piece[cap][to];
      toggle_hand_key(us, ct);
      ++hand_[us][ct];
      toggle_hand_key(us, ct);
      if (type_of(cap) == kPawn) pawn_files_[them] &= std::uint16_t(~(1u << col_of(to)));
      if (type_of(cap) == kKing) king_[them] = kNoSquare;
    }
    const Piece np = is_promotion(m) ? Piece(p | 8) : p;
    board_[from] = kEmpty;
    board_[to] = np;
    key_ ^= z.piece[p][from] ^ z.piece[np][to];
    if (type_of(p) == kKing) king_[us] = to;
    if (is_promotion(m) && type_of(p) == kPawn)
      pawn_files_[us] &= std::uint16_t(~(1u << col_of(to)));
  }
  side_ = opposite(us);
  key_ ^= z.white;
  ++move_number_;
}

void Position::undo_move(Move m) {
  const auto& z = zobrist();
  const Color them = side_;
  const Color us = opposite(them);
  const Square to = move_to(m);
  side_ = us;
  key_ ^= z.white;
  --move_number_;
  if (is_drop(m)) {
    const PieceType t = drop_type(m);
    key_ ^= z.piece[board_[to]][to];
    board_[to] = kEmpty;
    toggle_hand_key(us, t);
    ++hand_[us][t];
    toggle_hand_key(us, t);
    if (t == kPawn) pawn_files_[us] &= std::uint16_t(~(1u << col_of(to)));
    if (t == kKing) king_[us] = kNoSquare;
    return;
  }
  const Square from = move_from(m);
  const Piece np = board_[to];
  const Piece p = moved_piece(m);
  const Piece cap = captured_piece(m);
  key_ ^= z.piece[np][to] ^ z.piece[p][from];
  board_[from] = p;
  board_[to] = cap;
  if (type_of(p) == kKing) king_[us] = from;
  if (is_promotion(m) && type_of(p) == kPawn) pawn_files_[us] |= std::uint16_t(1u << col_of(from));
  if (cap) {
    const PieceType ct = unpromoted(type_of(cap));
    key_ ^= z.piece[cap][to];
    toggle_hand_key(us, ct);
    --hand_[us][ct];
    toggle_hand_key(us, ct);
    if (type_of(cap) == kPawn) pawn_files_[them] |= std::uint16_t(1u << col_of(to));
    if (type_of(cap) == kKing) king_[them] = to;
  }
}

void Position::put(Square s, Piece p) {
  const auto& z = zobrist();
  Piece old = board_[s];
  if (old == kWall) return;
  if (old) {
    key_ ^= z.piece[old][s];
    if (type_of(old) == kKing) king_[color_of(old)] = kNoSquare;
    if (type_of(old) == kPawn) pawn_files_[color_of(old)] &= std::uint16_t(~(1u << col_of(s)));
  }
  board_[s] = p;
  if (p) {
    key_ ^= z.piece[p][s];
    if (type_of(p) == kKing) king_[color_of(p)] = s;
    if (type_of(p) == kPawn) pawn_files_[color_of(p)] |= std::uint16_t(1u << col_of(s));
  }
}

void Position::set_hand(Color c, PieceType t, int n) {
  if (n < 0 || n >= kMaxHandCount) return;
  toggle_hand_key(c, t);
  hand_[c][t] = std::uint8_t(n);
  toggle_hand_key(c, t);
}

void Position::set_side(Color c) {
  if (c != side_) key_ ^= zobrist().white;
  side_ = c;
}

}  // namespace banmen::shogi

#include "shogi/dogcat/dogcat_position.h"

namespace banmen::shogi {

namespace {

// Zobrist keys for what shogi's key does not cover: a hidden or candidate mark on a
// square, and each hidden hand piece. Fixed seeds, so keys are equal in every process.
struct MarkKeys {
  std::array<std::array<std::uint64_t, 4>, kSquareCount> mark{};  // [square][marks], [0] = 0
  std::array<std::array<std::uint64_t, kHandTypeCount>, 2> hidden{};
};

const MarkKeys& mark_keys() {
  static const MarkKeys keys = [] {
    MarkKeys k;
    std::uint64_t state = 0x444f'4743'4154'2026ull;
    auto next = [&state] {
      std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (auto& sq : k.mark)
      for (std::size_t m = 1; m < sq.size(); ++m) sq[m] = next();
    for (auto& c : k.hidden)
      for (auto& t : c) t = next();
    return k;
  }();
  return keys;
}

}  // namespace

DogcatPosition::DogcatPosition() : pos_(dogcat_variant()) {}

int DogcatPosition::hidden_hand_count(Color c) const {
  int n = 0;
  for (PieceType t : kDogcatTypes) n += hidden_hand_[c][t];
  return n;
}

void DogcatPosition::set_mark(Square s, std::uint8_t mark) {
  const std::uint8_t old = marks_[s];
  if (old == mark) return;
  const Piece p = pos_.at(s);
  if (old & kCandidate) --candidates_[color_of(p)];
  if (mark & kCandidate) ++candidates_[color_of(p)];
  mark_key_ ^= mark_keys().mark[s][old] ^ mark_keys().mark[s][mark];
  marks_[s] = mark;
}

void DogcatPosition::set_hidden_hand(Color c, PieceType t, int n) {
  // A side holds at most one hidden piece of a type, so a single key per type suffices.
  if ((hidden_hand_[c][t] != 0) != (n != 0)) mark_key_ ^= mark_keys().hidden[c][t];
  hidden_hand_[c][t] = std::uint8_t(n);
}

void DogcatPosition::do_move(Move m) {
  const Color us = side_to_move();
  const Square to = move_to(m);
  if (is_drop(m)) {
    const PieceType t = drop_type(m);
    pos_.do_move(m);
    if (is_hidden_drop(m)) {
      set_hidden_hand(us, t, hidden_hand_[us][t] - 1);
      set_mark(to, kHidden | kCandidate);  // an unmoved hidden piece is a candidate
    }
    return;
  }
  const Square from = move_from(m);
  // The captured piece leaves the board revealed; shogi's Position moves it to our hand
  // face up and unpromoted, which is what the spec asks.
  if (pos_.at(to) != kEmpty) set_mark(to, 0);
  std::uint8_t mark = marks_[from];
  set_mark(from, 0);
  if (is_promotion(m)) {
    mark = 0;  // promotion turns a hidden piece face up
  } else if ((mark & kCandidate) && !is_king_step(from, to)) {
    mark = kHidden;  // a move no king could make: no longer a candidate
  }
  pos_.do_move(m);
  set_mark(to, mark);
}

void DogcatPosition::put(Square s, Piece p, bool hidden, bool candidate) {
  set_mark(s, 0);
  pos_.put(s, p);
  if (p != kEmpty && hidden) set_mark(s, std::uint8_t(kHidden | (candidate ? kCandidate : 0)));
}

void DogcatPosition::set_hand(Color c, PieceType t, int faceup, int hidden) {
  pos_.set_hand(c, t, faceup + hidden);
  set_hidden_hand(c, t, hidden);
}

}  // namespace banmen::shogi

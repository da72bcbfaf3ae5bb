#include "knowledge_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace dogcat_test {

namespace {

constexpr char kTypes[5] = {'K', 'R', 'B', 'G', 'S'};

// Whether `type` of `side` could go from `from` to `to` on `occupied` (no promotion).
bool geometry_fits(char type, int side, int from, int to, const std::array<bool, 25>& occupied) {
  const int fr = from / 5, fc = from % 5, tr = to / 5, tc = to % 5;
  const int dc = tc - fc;
  const int fwd = side == 0 ? fr - tr : tr - fr;  // steps towards the far side
  const int adc = std::abs(dc), adr = std::abs(fwd);
  auto clear = [&](int sr, int sc) {
    for (int r = fr + sr, c = fc + sc; r != tr || c != tc; r += sr, c += sc)
      if (occupied[r * 5 + c]) return false;
    return true;
  };
  auto sign = [](int x) { return (x > 0) - (x < 0); };
  switch (type) {
    case 'K':
      return std::max(adc, adr) == 1;
    case 'G':
      return std::max(adc, adr) == 1 && !(fwd == -1 && adc == 1);
    case 'S':
      return std::max(adc, adr) == 1 && fwd != 0 && !(fwd == -1 && adc == 0);
    case 'R':
      return (adc == 0) != (adr == 0) && clear(sign(tr - fr), sign(dc));
    case 'B':
      return adc == adr && adc > 0 && clear(sign(tr - fr), sign(dc));
  }
  return false;
}

}  // namespace

void KnowledgeModel::reveal(char type, int square) {
  auto it = std::find_if(pieces_.begin(), pieces_.end(),
                         [&](const Piece& p) { return p.square == square; });
  ASSERT_NE(it, pieces_.end()) << "revealed a piece the model does not follow";
  pieces_.erase(it);
  revealed_.push_back(type);
}

void KnowledgeModel::observe(int ply, const std::string& before, const std::string& move,
                             const std::string& after) {
  const PublicView b = read_view(before), a = read_view(after);
  const int mover = b.side_to_move;
  std::array<bool, 25> occupied{};
  for (int i = 0; i < 25; ++i) occupied[i] = b.board[i].occupied;
  if (move[0] != '?' && move[1] == '*') return;  // a face-up drop hides nothing
  if (move.starts_with("?*")) {
    if (mover == subject_) pieces_.push_back({ply, square_index(move[2], move[3]), {}});
    return;
  }
  const int from = square_index(move[0], move[1]), to = square_index(move[2], move[3]);
  const Cell captured = b.board[to];
  if (mover == subject_) {
    for (Piece& p : pieces_) {
      if (p.square != from) continue;
      p.steps.push_back({from, to, occupied});
      p.square = to;
      // A promotion turns the piece face up: the board now shows its type.
      if (move.size() == 5) reveal(a.board[to].letter, to);
      return;
    }
    return;
  }
  // The observer captured a hidden piece of the subject: it shows in the captor's hand.
  if (captured.occupied && captured.hidden && captured.side == subject_) {
    for (char t : kTypes) {
      if (a.faceup[mover][t - 'A'] > b.faceup[mover][t - 'A']) {
        reveal(t, to);
        return;
      }
    }
    ADD_FAILURE() << "a capture that revealed nothing: " << move;
  }
}

std::vector<char> KnowledgeModel::unrevealed() const {
  std::vector<char> out;
  for (char t : kTypes)
    if (std::find(revealed_.begin(), revealed_.end(), t) == revealed_.end()) out.push_back(t);
  return out;
}

bool KnowledgeModel::fits(char type, const Piece& p) const {
  for (const Step& s : p.steps)
    if (!geometry_fits(type, subject_, s.from, s.to, s.occupied)) return false;
  return true;
}

std::vector<Assignment> KnowledgeModel::fitting() const {
  std::vector<Assignment> out;
  std::vector<char> types = unrevealed();
  std::sort(types.begin(), types.end());
  // Every ordering of the types; the first pieces_.size() go to the board pieces, the rest
  // stay in hand. Orderings that differ only in the hand give the same assignment.
  std::vector<std::string> seen;
  do {
    if (types.size() < pieces_.size()) break;
    bool ok = true;
    std::string key;
    for (std::size_t i = 0; i < pieces_.size() && ok; ++i) {
      ok = fits(types[i], pieces_[i]);
      key += types[i];
    }
    if (!ok || std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    Assignment a;
    for (std::size_t i = 0; i < pieces_.size(); ++i) a[pieces_[i].drop_ply] = types[i];
    out.push_back(a);
  } while (std::next_permutation(types.begin(), types.end()));
  return out;
}

bool KnowledgeModel::king_may_be_on_board() const {
  for (const Assignment& a : fitting())
    for (const auto& [ply, type] : a)
      if (type == 'K') return true;
  return false;
}

std::map<int, int> KnowledgeModel::hidden_on_board() const {
  std::map<int, int> out;
  for (const Piece& p : pieces_) out[p.drop_ply] = p.square;
  return out;
}

}  // namespace dogcat_test

#include "naive_dogcat.h"

#include <algorithm>
#include <cstdlib>

namespace naive_dogcat {

namespace {

const std::string kTypes = "KRBGS";

// Squares as USI text: file 5..1 is column 0..4, rank a..e is row 0..4.
std::string square(int row, int col) {
  return std::string(1, static_cast<char>('0' + 5 - col)) + static_cast<char>('a' + row);
}

bool in_camp(int side, int row) {
  return side == 0 ? row >= 3 : row <= 1;
}

bool in_zone(int side, int row) {
  return side == 0 ? row == 0 : row == 4;
}

// The steps of a piece of `side` (one square) and its slides, as (row, col) offsets.
// "Forward" is towards rank a for Dog, towards rank e for Cat.
void movement(const Piece& p, std::vector<std::pair<int, int>>& steps,
              std::vector<std::pair<int, int>>& slides) {
  const int f = p.side == 0 ? -1 : 1;
  const std::vector<std::pair<int, int>> king = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                                 {0, 1},   {1, -1}, {1, 0},  {1, 1}};
  const std::vector<std::pair<int, int>> gold = {{f, -1}, {f, 0}, {f, 1}, {0, -1}, {0, 1}, {-f, 0}};
  const std::vector<std::pair<int, int>> silver = {{f, -1}, {f, 0}, {f, 1}, {-f, -1}, {-f, 1}};
  const std::vector<std::pair<int, int>> orth = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  const std::vector<std::pair<int, int>> diag = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
  switch (p.type) {
    case 'K':
      steps = king;
      break;
    case 'G':
      steps = gold;
      break;
    case 'S':
      steps = p.promoted ? gold : silver;
      break;
    case 'R':
      slides = orth;
      if (p.promoted) steps = diag;
      break;
    case 'B':
      slides = diag;
      if (p.promoted) steps = orth;
      break;
  }
}

std::string letter(const Piece& p) {
  std::string s;
  if (p.hidden) s += p.candidate ? '?' : '!';
  if (p.promoted) s += '+';
  s += static_cast<char>(p.side == 0 ? p.type : p.type - 'A' + 'a');
  return s;
}

bool has_candidate(const Game& g, int side) {
  for (const auto& row : g.cell)
    for (const auto& p : row)
      if (p.side == side && p.hidden && p.candidate) return true;
  return false;
}

// The board and hands and side to move: what repetition compares.
std::string without_number(const std::string& text) {
  return text.substr(0, text.rfind(' '));
}

std::vector<std::string> piece_moves(const Game& g) {
  std::vector<std::string> out;
  const int me = g.to_move;
  // Hidden drops: each type still hidden in hand, on each empty square of the camp.
  for (char t : kTypes) {
    if (g.hidden_hand[me].find(t) == std::string::npos) continue;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c)
        if (in_camp(me, r) && g.cell[r][c].side < 0)
          out.push_back(std::string("?") + t + "*" + square(r, c));
  }
  // Face-up drops: each captured type, on any empty square.
  for (int i = 0; i < 5; ++i) {
    if (!g.face_up[me][i]) continue;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c)
        if (g.cell[r][c].side < 0) out.push_back(std::string(1, kTypes[i]) + "*" + square(r, c));
  }
  // Board moves by each piece's true type.
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      const Piece& p = g.cell[r][c];
      if (p.side != me) continue;
      std::vector<std::pair<int, int>> steps, slides;
      movement(p, steps, slides);
      std::vector<std::pair<int, int>> targets;
      for (auto [dr, dc] : steps) {
        const int nr = r + dr, nc = c + dc;
        if (nr >= 0 && nr < 5 && nc >= 0 && nc < 5 && g.cell[nr][nc].side != me)
          targets.push_back({nr, nc});
      }
      for (auto [dr, dc] : slides)
        for (int nr = r + dr, nc = c + dc; nr >= 0 && nr < 5 && nc >= 0 && nc < 5;
             nr += dr, nc += dc) {
          if (g.cell[nr][nc].side == me) break;
          targets.push_back({nr, nc});
          if (g.cell[nr][nc].side >= 0) break;
        }
      for (auto [nr, nc] : targets) {
        const std::string m = square(r, c) + square(nr, nc);
        out.push_back(m);
        const bool can_promote = !p.promoted && (p.type == 'R' || p.type == 'B' || p.type == 'S');
        if (can_promote && (in_zone(me, r) || in_zone(me, nr))) out.push_back(m + "+");
      }
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());  // a slide and a step may meet
  return out;
}

}  // namespace

Game::Game() {
  seen.push_back(without_number(text()));
}

std::string Game::text() const {
  std::string s;
  for (int r = 0; r < 5; ++r) {
    if (r) s += '/';
    int empty = 0;
    for (int c = 0; c < 5; ++c) {
      if (cell[r][c].side < 0) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      s += letter(cell[r][c]);
    }
    if (empty) s += static_cast<char>('0' + empty);
  }
  s += to_move == 0 ? " b " : " w ";
  std::string hand;
  for (int side = 0; side < 2; ++side) {
    for (char t : hidden_hand[side])
      hand += std::string("?") + static_cast<char>(side == 0 ? t : t - 'A' + 'a');
    for (int i = 0; i < 5; ++i) {
      if (!face_up[side][i]) continue;
      if (face_up[side][i] > 1) hand += std::to_string(face_up[side][i]);
      hand += static_cast<char>(side == 0 ? kTypes[i] : kTypes[i] - 'A' + 'a');
    }
  }
  return s + (hand.empty() ? "-" : hand) + " " + std::to_string(move_number);
}

std::vector<std::string> Game::moves() const {
  if (result != "ongoing") return {};
  return piece_moves(*this);
}

void Game::play(const std::string& move) {
  const int me = to_move;
  bool king_taken = false;
  if (move[0] == '?') {  // hidden drop "?T*sq"
    const char t = move[1];
    hidden_hand[me].erase(hidden_hand[me].find(t), 1);
    Piece& to = cell[move[4] - 'a'][5 - (move[3] - '0')];
    to = Piece{me, t, false, true, true};
  } else if (move[1] == '*') {  // face-up drop "T*sq"
    face_up[me][kTypes.find(move[0])]--;
    cell[move[3] - 'a'][5 - (move[2] - '0')] = Piece{me, move[0], false, false, false};
  } else {
    const int r = move[1] - 'a', c = 5 - (move[0] - '0');
    const int nr = move[3] - 'a', nc = 5 - (move[2] - '0');
    Piece p = cell[r][c];
    Piece& target = cell[nr][nc];
    if (target.side >= 0) {  // captured: revealed, to the captor's hand face up, unpromoted
      king_taken = target.type == 'K';
      face_up[me][kTypes.find(target.type)]++;
    }
    const bool king_step = std::abs(nr - r) <= 1 && std::abs(nc - c) <= 1;
    if (move.back() == '+') {
      p.promoted = true;
      p.hidden = p.candidate = false;  // a hidden piece that promotes is turned face up
    } else if (p.hidden && !king_step) {
      p.candidate = false;
    }
    target = p;
    cell[r][c] = Piece{};
  }
  to_move = 1 - me;
  ++move_number;
  const std::string now = text();
  seen.push_back(without_number(now));
  // The end rules, in the spec's order.
  const char* mover = me == 0 ? "b " : "w ";
  const char* other = me == 0 ? "w " : "b ";
  auto finished_first_turn = [&](int side) { return move_number >= (side == 0 ? 2 : 3); };
  if (king_taken) {
    result = std::string(mover) + "king_captured";
  } else if (finished_first_turn(me) && !has_candidate(*this, me)) {
    result = std::string(other) + "no_king_proven";
  } else if (finished_first_turn(1 - me) && !has_candidate(*this, 1 - me)) {
    result = std::string(mover) + "no_king_proven";
  } else if (std::count(seen.begin(), seen.end(), seen.back()) >= 4) {
    result = "draw repetition";
  } else if (move_number >= 257) {
    result = "draw move_limit";
  } else if (piece_moves(*this).empty()) {
    result = std::string(mover) + "no_legal_moves";
  }
}

unsigned long long perft(const Game& g, int depth) {
  if (depth == 0) return 1;
  unsigned long long n = 0;
  for (const auto& m : g.moves()) {
    if (depth == 1) {
      ++n;
      continue;
    }
    Game child = g;
    child.play(m);
    n += perft(child, depth - 1);
  }
  return n;
}

}  // namespace naive_dogcat

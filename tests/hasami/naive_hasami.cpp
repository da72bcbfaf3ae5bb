#include "naive_hasami.h"

#include <algorithm>
#include <set>
#include <utility>

namespace naive_hasami {

namespace {

const int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

bool inside(int r, int c) {
  return r >= 0 && r < 9 && c >= 0 && c < 9;
}

char piece(char side) {
  return side == 'b' ? 'P' : 'p';
}

std::string square(int r, int c) {
  return {static_cast<char>('0' + 9 - c), static_cast<char>('a' + r)};
}

std::string board_text(const Game& g) {
  std::string s;
  for (int r = 0; r < 9; ++r) {
    if (r) s += '/';
    int dots = 0;
    for (int c = 0; c < 9; ++c) {
      if (g.cell[r][c] == '.') {
        ++dots;
        continue;
      }
      if (dots) s += static_cast<char>('0' + dots);
      dots = 0;
      s += g.cell[r][c];
    }
    if (dots) s += static_cast<char>('0' + dots);
  }
  return s + " " + g.to_move;
}

// Every enemy group on the board, each as its squares.
std::vector<std::vector<std::pair<int, int>>> groups_of(const Game& g, char enemy) {
  std::vector<std::vector<std::pair<int, int>>> groups;
  bool done[9][9] = {};
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      if (g.cell[r][c] != enemy || done[r][c]) continue;
      std::vector<std::pair<int, int>> group{{r, c}};
      done[r][c] = true;
      for (std::size_t i = 0; i < group.size(); ++i)
        for (auto& s : kSteps) {
          const int nr = group[i].first + s[0], nc = group[i].second + s[1];
          if (inside(nr, nc) && g.cell[nr][nc] == enemy && !done[nr][nc]) {
            done[nr][nc] = true;
            group.push_back({nr, nc});
          }
        }
      groups.push_back(group);
    }
  return groups;
}

}  // namespace

Game Game::from_text(const std::string& sfen) {
  Game g;
  int r = 0, c = 0;
  std::size_t i = 0;
  for (; sfen[i] != ' '; ++i) {
    const char ch = sfen[i];
    if (ch == '/') {
      ++r;
      c = 0;
    } else if (ch >= '1' && ch <= '9') {
      for (int k = 0; k < ch - '0'; ++k) g.cell[r][c++] = '.';
    } else {
      g.cell[r][c++] = ch;
    }
  }
  g.to_move = sfen[i + 1];
  g.move_number = std::stoi(sfen.substr(i + 5));
  g.seen.push_back(board_text(g));
  return g;
}

std::string Game::text() const {
  return board_text(*this) + " - " + std::to_string(move_number);
}

int Game::captured_by(char side) const {
  const char enemy = side == 'b' ? 'p' : 'P';
  int n = 0;
  for (auto& row : cell)
    for (char ch : row) n += ch == enemy;
  return 9 - n;
}

std::vector<std::string> Game::piece_moves() const {
  std::vector<std::string> out;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      if (cell[r][c] != piece(to_move)) continue;
      for (auto& s : kSteps)
        for (int k = 1; inside(r + k * s[0], c + k * s[1]); ++k) {
          if (cell[r + k * s[0]][c + k * s[1]] != '.') break;
          out.push_back(square(r, c) + square(r + k * s[0], c + k * s[1]));
        }
    }
  std::sort(out.begin(), out.end());
  return out;
}

std::string Game::result() const {
  const char mover = to_move == 'b' ? 'w' : 'b';
  if (captured_by(mover) >= 5) return std::string(1, mover) + " captures";
  if (captured_by(to_move) - captured_by(mover) >= 3) return std::string(1, to_move) + " captures";
  if (std::count(seen.begin(), seen.end(), seen.back()) >= 4) return "draw repetition";
  if (move_number >= 301) {
    if (captured_by(to_move) == captured_by(mover)) return "draw move_limit";
    return std::string(1, captured_by(to_move) > captured_by(mover) ? to_move : mover) +
           " move_limit";
  }
  if (piece_moves().empty()) return std::string(1, mover) + " no_legal_moves";
  return "ongoing";
}

std::vector<std::string> Game::moves() const {
  if (result() != "ongoing") return {};
  return piece_moves();
}

void Game::play(const std::string& move) {
  const int fc = 9 - (move[0] - '0'), fr = move[1] - 'a';
  const int tc = 9 - (move[2] - '0'), tr = move[3] - 'a';
  const char own = piece(to_move), enemy = to_move == 'b' ? 'p' : 'P';
  cell[tr][tc] = own;
  cell[fr][fc] = '.';
  std::set<std::pair<int, int>> taken;
  for (auto& s : kSteps) {  // sandwiches from the arrival square
    int k = 1;
    while (inside(tr + k * s[0], tc + k * s[1]) && cell[tr + k * s[0]][tc + k * s[1]] == enemy) ++k;
    if (k > 1 && inside(tr + k * s[0], tc + k * s[1]) && cell[tr + k * s[0]][tc + k * s[1]] == own)
      for (int j = 1; j < k; ++j) taken.insert({tr + j * s[0], tc + j * s[1]});
  }
  for (const auto& group : groups_of(*this, enemy)) {  // shut in against the edge
    bool touches_edge = false, next_to_arrival = false, every_neighbour_own = true;
    for (auto [r, c] : group) {
      if (r == 0 || r == 8 || c == 0 || c == 8) touches_edge = true;
      for (auto& s : kSteps) {
        const int nr = r + s[0], nc = c + s[1];
        if (!inside(nr, nc) || cell[nr][nc] == enemy) continue;
        if (nr == tr && nc == tc) next_to_arrival = true;
        if (cell[nr][nc] != own) every_neighbour_own = false;
      }
    }
    if (touches_edge && next_to_arrival && every_neighbour_own)
      for (auto sq : group) taken.insert(sq);
  }
  for (auto [r, c] : taken) cell[r][c] = '.';
  to_move = to_move == 'b' ? 'w' : 'b';
  ++move_number;
  seen.push_back(board_text(*this));
}

unsigned long long perft(const Game& g, int depth) {
  if (depth == 0) return 1;
  unsigned long long total = 0;
  for (const auto& m : g.moves()) {
    Game child = g;
    child.play(m);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace naive_hasami

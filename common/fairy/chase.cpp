#include "fairy/chase.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

namespace banmen::fairy {

namespace {

using Board = std::array<Cell, board_cells>;
using Squares = std::bitset<board_cells>;

enum class Role : std::uint8_t { other, king, rook, horse, cannon, elephant, fers, soldier };

bool piece(Cell c) {
  return c != empty_cell && c != off_board;
}

constexpr std::array<int, 4> wazir_steps{1, -1, board_width, -board_width};
constexpr const auto& fers_steps = Rules::diagonal_offsets;

// A position's board seen by the chase rule, with the rules' roles of its piece types.
class Chaser {
 public:
  explicit Chaser(const Rules& r) : r_(r) {
    for (std::size_t t = 0; t < r.types.size(); ++t) {
      const std::string& n = r.types[t].name;
      Role role = Role::other;
      if (static_cast<int>(t) == r.king)
        role = Role::king;
      else if (n == "rook")
        role = Role::rook;
      else if (n == "horse")
        role = Role::horse;
      else if (n == "cannon")
        role = Role::cannon;
      else if (n == "elephant")
        role = Role::elephant;
      else if (n == "fers")
        role = Role::fers;
      else if (n == "soldier")
        role = Role::soldier;
      roles_[t] = role;
    }
    for (int sq = 0; sq < board_cells; ++sq)
      if (r.on_board(sq)) squares_.push_back(sq);
  }

  Role role(Cell c) const {
    return piece(c) ? roles_[static_cast<std::size_t>(cell_type(c))] : Role::other;
  }

  // Whether a piece of `color` and `type` on `from` attacks `to` on board b: with regions,
  // as Fairy-Stockfish's attacks_from (the target in the type's mobility region, a soldier's
  // sideways steps only across the river); raw, as its attacks_bb.
  bool attacks(const Board& b, int color, int type, int from, int to, bool raw) const {
    const PieceRules& p = r_.types[static_cast<std::size_t>(type)];
    if (!raw && !(r_.may_stand[color][static_cast<std::size_t>(to)] >> type & 1)) return false;
    auto leap = [&](const Leap& l) {
      if (!l.captures || from + l.offset != to) return false;
      for (int i = 0; i < l.path_length; ++i)
        if (b[static_cast<std::size_t>(from + l.path[static_cast<std::size_t>(i)])] != empty_cell)
          return false;
      return true;
    };
    for (const Leap& l : p.leaps[color])
      if (leap(l)) return true;
    if (p.soldier && (raw || r_.soldier_zone[color][static_cast<std::size_t>(from)]))
      for (const Leap& l : p.soldier_side_leaps[color])
        if (leap(l)) return true;
    for (const Ride& d : p.rides[color]) {
      if (!d.captures) continue;
      int s = from + d.offset;
      for (int steps = 1; b[static_cast<std::size_t>(s)] != off_board; ++steps, s += d.offset) {
        if (s == to) return true;
        if (b[static_cast<std::size_t>(s)] != empty_cell || (d.max_steps && steps >= d.max_steps))
          break;
      }
    }
    for (const Hop& h : p.hops[color]) {
      if (!h.captures) continue;
      int s = from + h.offset;
      int steps = 1;
      for (; b[static_cast<std::size_t>(s)] == empty_cell; ++steps) s += h.offset;
      if (b[static_cast<std::size_t>(s)] == off_board) continue;
      for (s += h.offset, ++steps; b[static_cast<std::size_t>(s)] != off_board;
           s += h.offset, ++steps) {
        if (h.max_steps && steps > h.max_steps) break;
        if (s == to) return true;
        if (h.grasshopper || b[static_cast<std::size_t>(s)] != empty_cell) break;
      }
    }
    return false;
  }
  bool attacks(const Board& b, int from, int to, bool raw) const {
    return attacks(b, cell_color(b[static_cast<std::size_t>(from)]),
                   cell_type(b[static_cast<std::size_t>(from)]), from, to, raw);
  }

  // The pieces of `color` attacking sq (Fairy-Stockfish's attackers_to).
  Squares attackers(const Board& b, int sq, int color) const {
    Squares out;
    for (int s : squares_)
      if (piece(b[static_cast<std::size_t>(s)]) &&
          cell_color(b[static_cast<std::size_t>(s)]) == color && attacks(b, s, sq, false))
        out.set(static_cast<std::size_t>(s));
    return out;
  }

  int king(const Board& b, int color) const {
    for (int s : squares_)
      if (b[static_cast<std::size_t>(s)] == make_cell(color, r_.king)) return s;
    return -1;
  }

  // The pieces of either colour alone between `color`'s king and an enemy rook, horse or
  // cannon that does not attack it (two for a cannon): Fairy-Stockfish's blockers_for_king.
  Squares blockers(const Board& b, int color) const {
    Squares out;
    const int k = king(b, color);
    if (k < 0) return out;
    const int them = color ^ 1;
    struct Sniper {
      int sq;
      Role role;
      int step;  // towards the king (rook, cannon)
    };
    std::vector<Sniper> snipers;
    Squares sliding;
    for (int s : squares_) {
      const Cell c = b[static_cast<std::size_t>(s)];
      if (!piece(c) || cell_color(c) != them) continue;
      const Role ro = role(c);
      if (ro == Role::rook || ro == Role::cannon) {
        const int step = line_step(s, k);
        if (!step || attacks(b, s, k, true)) continue;
        snipers.push_back({s, ro, step});
        if (ro == Role::rook) sliding.set(static_cast<std::size_t>(s));
      } else if (ro == Role::horse) {
        const int df = file_of(k) - file_of(s), dr = rank_of(k) - rank_of(s);
        if (!((std::abs(df) == 1 && std::abs(dr) == 2) || (std::abs(df) == 2 && std::abs(dr) == 1)))
          continue;
        if (attacks(b, s, k, false)) continue;
        snipers.push_back({s, ro, 0});
        sliding.set(static_cast<std::size_t>(s));
      }
    }
    for (const Sniper& sn : snipers) {
      std::vector<int> between;
      if (sn.role == Role::horse) {
        for (int w : wazir_steps) {
          const int leg = sn.sq + w;
          for (int f : fers_steps)
            if (leg == k + f && piece(b[static_cast<std::size_t>(leg)]) &&
                !sliding[static_cast<std::size_t>(leg)])
              between.push_back(leg);
        }
      } else {
        for (int s = sn.sq + sn.step; s != k; s += sn.step)
          if (piece(b[static_cast<std::size_t>(s)]) &&
              (sn.role == Role::cannon || !sliding[static_cast<std::size_t>(s)]))
            between.push_back(s);
      }
      if (between.size() == 1 || (sn.role == Role::cannon && between.size() == 2))
        for (int s : between) out.set(static_cast<std::size_t>(s));
    }
    return out;
  }

  // The step from `from` along its rank or file towards `to`, or 0 off those lines.
  static int line_step(int from, int to) {
    if (from == to) return 0;
    if (rank_of(from) == rank_of(to)) return to > from ? 1 : -1;
    if (file_of(from) == file_of(to)) return to > from ? board_width : -board_width;
    return 0;
  }

  bool unpromoted_soldier_or_king(const Board& b, int sq, int color) const {
    const Role ro = role(b[static_cast<std::size_t>(sq)]);
    return ro == Role::king ||
           (ro == Role::soldier && !r_.soldier_zone[color][static_cast<std::size_t>(sq)]);
  }

  // The pieces of the side to move `us` on board b that the move m (from board before, the
  // position before it) chases.
  Squares chased(const Board& b, const Board& before, int us, Move m, bool captured) const {
    Squares out;
    const int them = us ^ 1;
    const Squares pins_now = blockers(b, us);
    Squares pins = pins_now;
    const int our_king = king(b, us);
    const int their_king = king(b, them);
    if (r_.flying_general && their_king >= 0) {
      int others = 0, other = -1;
      bool has_king = false;
      for (int s : squares_)
        if (file_of(s) == file_of(their_king) && piece(b[static_cast<std::size_t>(s)]) &&
            cell_color(b[static_cast<std::size_t>(s)]) == us) {
          if (s == our_king)
            has_king = true;
          else {
            ++others;
            other = s;
          }
        }
      if (has_king && others == 1) pins.set(static_cast<std::size_t>(other));
    }
    auto ours = [&](int s) {
      return piece(b[static_cast<std::size_t>(s)]) &&
             cell_color(b[static_cast<std::size_t>(s)]) == us;
    };
    auto add_chased = [&](int att, Squares attacked) {
      const int att_type = cell_type(b[static_cast<std::size_t>(att)]);
      const Role att_role = roles_[static_cast<std::size_t>(att_type)];
      for (int s : squares_)
        if (attacked[static_cast<std::size_t>(s)] && unpromoted_soldier_or_king(b, s, us))
          attacked.reset(static_cast<std::size_t>(s));
      for (int s : squares_) {
        if (!attacked[static_cast<std::size_t>(s)]) continue;
        const Role ro = role(b[static_cast<std::size_t>(s)]);
        if ((att_role == Role::horse || att_role == Role::cannon) && ro == Role::rook)
          out.set(static_cast<std::size_t>(s));
        if ((att_role == Role::elephant || att_role == Role::fers) &&
            (ro == Role::rook || ro == Role::cannon || ro == Role::horse))
          out.set(static_cast<std::size_t>(s));
      }
      bool lamed = false;
      if (att_role == Role::horse)
        for (int f : fers_steps) lamed = lamed || piece(b[static_cast<std::size_t>(att + f)]);
      for (int s : squares_) {
        if (!attacked[static_cast<std::size_t>(s)] ||
            cell_type(b[static_cast<std::size_t>(s)]) != att_type)
          continue;
        if (lamed ? attacks(b, s, att, true) : !pins[static_cast<std::size_t>(s)])
          attacked.reset(static_cast<std::size_t>(s));
      }
      Board without = b;
      without[static_cast<std::size_t>(att)] = empty_cell;
      for (int s : squares_) {
        if (!attacked[static_cast<std::size_t>(s)]) continue;
        Squares roots = attackers(without, s, us) & ~pins;
        bool unrooted = roots.none();
        if (!unrooted && r_.flying_general && our_king >= 0 && their_king >= 0 &&
            roots.count() == 1 && roots[static_cast<std::size_t>(our_king)]) {
          // The king may not take back if the kings would then face each other.
          const int step = line_step(their_king, s);
          if (step && std::abs(step) == board_width) {
            int t = their_king + step;
            while (t != s && without[static_cast<std::size_t>(t)] == empty_cell) t += step;
            unrooted = t == s;
          }
        }
        if (unrooted) out.set(static_cast<std::size_t>(s));
      }
    };

    // Direct attacks of the moved piece (for a rook or cannon, off the line it moved along).
    const Role moved = role(b[m.to]);
    if (moved != Role::king && moved != Role::soldier) {
      Squares direct;
      for (int s : squares_)
        if (ours(s) && attacks(b, m.to, s, false) &&
            !((moved == Role::rook || moved == Role::cannon) && line_step(m.from, m.to) &&
              (line_step(m.from, m.to) == line_step(m.from, s) ||
               line_step(m.from, m.to) == -line_step(m.from, s) || s == m.from)))
          direct.set(static_cast<std::size_t>(s));
      add_chased(m.to, direct);
    }

    // Discovered attacks: a horse or elephant unblocked, a rook or cannon on the lines of
    // the squares left or entered.
    Board old_occupancy = b;
    old_occupancy[m.from] = b[m.to];
    if (!captured) old_occupancy[m.to] = empty_cell;
    Squares candidates;
    for (int w : wazir_steps)
      if (role(b[static_cast<std::size_t>(m.from + w)]) == Role::horse &&
          cell_color(b[static_cast<std::size_t>(m.from + w)]) == them)
        candidates.set(static_cast<std::size_t>(m.from + w));
    for (int f : fers_steps)
      if (role(b[static_cast<std::size_t>(m.from + f)]) == Role::elephant &&
          cell_color(b[static_cast<std::size_t>(m.from + f)]) == them)
        candidates.set(static_cast<std::size_t>(m.from + f));
    for (int s : squares_) {
      const Cell c = b[static_cast<std::size_t>(s)];
      if (!piece(c) || cell_color(c) != them) continue;
      const Role ro = role(c);
      if (((ro == Role::rook || ro == Role::cannon) && line_step(m.from, s)) ||
          (ro == Role::cannon && line_step(m.to, s)))
        candidates.set(static_cast<std::size_t>(s));
    }
    for (int s : squares_) {
      if (!candidates[static_cast<std::size_t>(s)]) continue;
      const int type = cell_type(b[static_cast<std::size_t>(s)]);
      Squares found;
      for (int t : squares_)
        if (ours(t) && attacks(b, them, type, s, t, true) &&
            !attacks(old_occupancy, them, type, s, t, true))
          found.set(static_cast<std::size_t>(t));
      add_chased(s, found);
    }

    // Defenders the move pinned, and discovered checks that let a capture through.
    const Squares pins_before = blockers(before, us);
    const Squares their_pins = blockers(b, them);
    for (int s : squares_) {
      if (!pins_now[static_cast<std::size_t>(s)] || pins_before[static_cast<std::size_t>(s)])
        continue;
      const Cell c = b[static_cast<std::size_t>(s)];
      if (!piece(c)) continue;
      if (cell_color(c) == us) {
        for (int t : squares_)
          if (ours(t) && !unpromoted_soldier_or_king(b, t, us) &&
              attacks(b, us, cell_type(c), s, t, true) &&
              (attackers(b, t, them) & ~their_pins).any())
            out.set(static_cast<std::size_t>(t));
      } else if (our_king >= 0) {
        for (int t : squares_) {
          if (!ours(t) || !attacks(b, s, t, false)) continue;
          if (!attacks(b, our_king, t, false)) {
            out.set(static_cast<std::size_t>(t));
            continue;
          }
          Board open = b;
          open[static_cast<std::size_t>(s)] = empty_cell;
          open[static_cast<std::size_t>(our_king)] = empty_cell;
          if (attackers(open, t, them).any()) out.set(static_cast<std::size_t>(t));
        }
      }
    }
    return out;
  }

 private:
  const Rules& r_;
  std::array<Role, max_types> roles_{};
  std::vector<int> squares_;
};

// The chased pieces mapped back over move m (a piece chased on m's target stood on its
// origin before m).
Squares undo_move(Squares s, Move m) {
  if (m.kind != MoveKind::drop && s[m.to]) {
    s.reset(m.to);
    s.set(m.from);
  }
  return s;
}

}  // namespace

Chases repetition_chases(const Position& pos, std::size_t back) {
  const Chaser chaser(pos.rules());
  // The boards from the current position (0) back to back + 1 plies before, as far as the
  // game goes, with the moves that led to each.
  struct Snapshot {
    Board board;
    Move move;
    bool captured;
  };
  std::vector<Snapshot> snaps;
  Position p = pos;
  for (std::size_t j = 0; j <= back + 1; ++j) {
    Snapshot s{};
    for (int sq = 0; sq < board_cells; ++sq) s.board[static_cast<std::size_t>(sq)] = p.at(sq);
    const bool has_move = p.history_size() > 0;
    if (has_move) {
      s.move = p.history_move(0);
      s.captured = p.history_capture(0);
    }
    snaps.push_back(s);
    if (!has_move) break;
    p.unmake();
  }
  // A position reached by no move (the start) chases nothing.
  std::vector<Squares> chased(back + 2);
  for (std::size_t j = 0; j <= back + 1 && j + 1 < snaps.size(); ++j) {
    const int us = pos.side() ^ static_cast<int>(j & 1);
    chased[j] =
        chaser.chased(snaps[j].board, snaps[j + 1].board, us, snaps[j].move, snaps[j].captured);
  }
  auto move = [&](std::size_t j) { return j < snaps.size() ? snaps[j].move : Move{}; };
  const std::size_t start = pos.history_size();  // how far back the start position is
  Squares them = undo_move(chased[0], move(1)) & chased[2];
  Squares us = undo_move(chased[1], move(2)) & chased[3];
  for (std::size_t i = 4; i <= back; i += 2) {
    if (i != start) them = undo_move(them, move(i - 1)) & chased[i];
    if (i == back) break;
    us = undo_move(us, move(i)) & chased[i + 1];
  }
  return {them.any(), us.any()};
}

int chase_move_rule_offset(const Position& pos) {
  if (!pos.rules().chasing) return 0;
  const auto& checks = pos.check_history();
  const std::size_t plies = pos.history_size();
  if (plies < 20 || checks.size() != pos.key_history().size()) return 0;
  const std::size_t end = std::min(static_cast<std::size_t>(pos.halfmove_clock()), plies);
  const std::size_t last = checks.size() - 1;
  int by_them = checks[last], by_us = checks[last - 1];
  for (std::size_t i = 2; i < end; i += 2) {
    by_them += checks[last - i];
    by_us += checks[last - i - 1];
  }
  return 2 * std::max(std::max(by_them, by_us) - 10, 0);
}

}  // namespace banmen::fairy

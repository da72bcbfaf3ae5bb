#include "fairy/fairy_game.h"

#include <algorithm>

#include "fairy/chase.h"
#include "fairy/fen.h"
#include "fairy/notation.h"

namespace banmen::fairy {

FairyGame::FairyGame(std::shared_ptr<const VariantRules> variant, const Position& start)
    : variant_(std::move(variant)), start_(start), pos_(start) {
  refresh();
}

std::string FairyGame::initial_position() const {
  return write_fen(start_);
}

std::string FairyGame::position() const {
  return write_fen(pos_);
}

std::vector<std::string> FairyGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  out.reserve(legal_.size());
  for (const Move& m : legal_) out.push_back(uci_move(pos_, m));
  return out;
}

std::string FairyGame::notation(std::size_t index, Viewer) const {
  return index < uci_.size() ? uci_[index] : std::string();
}

std::string FairyGame::display_notation(std::size_t index, Viewer) const {
  return index < san_.size() ? san_[index] : std::string();
}

std::uint64_t FairyGame::perft(int depth) const {
  if (depth <= 0) return 1;
  if (over()) return 0;
  Position copy = pos_;
  return fairy::perft(copy, depth);
}

Result<std::string> FairyGame::export_record(std::string_view format, Viewer viewer,
                                             const RecordInfo& record) const {
  if (format != "pgn") return Game::export_record(format, viewer, record);
  return export_pgn(*this, record);
}

Result<void> FairyGame::apply_legal(std::string_view text) {
  Move m{};
  if (!find_uci_move(pos_, text, m))
    return make_error(errc::illegal_move, std::string(text) + " is not a legal move here");
  san_.push_back(san_move(pos_, m));
  uci_.push_back(uci_move(pos_, m));
  moves_.push_back(m);
  pos_.make(m);
  refresh();
  return ok();
}

void FairyGame::refresh() {
  MoveList list;
  pos_.legal_moves(list);
  legal_.assign(list.begin(), list.end());
  verdict_ = judge();
}

namespace {

// An ending valued from the side to move's point of view, as variants.ini writes values.
Outcome valued(EndValue value, int side_to_move, std::string reason) {
  switch (value) {
    case EndValue::win:
      return Outcome::win(side_to_move, std::move(reason));
    case EndValue::loss:
      return Outcome::win(1 - side_to_move, std::move(reason));
    case EndValue::draw:
    case EndValue::none:
      break;
  }
  return Outcome::draw(std::move(reason));
}

// moveRepetitionIllegal (janggi's modern rules, as Kakao Janggi and Fairy-Stockfish have
// them): the side that has just moved loses when, unchecked, it has moved one piece (one
// that could reach the other palace) back and forth, its last move undoing its move before
// (or following a pass), and so on back through the game, until the same piece, after a
// move that took nothing, stands where it started. Walked back two plies at a time, beside
// the repetition test.
class MoveRepetition {
 public:
  MoveRepetition(const Position& pos, std::size_t window)
      : pos_(pos), window_(window), checks_(pos.check_history()) {
    const Rules& r = pos.rules();
    if (!r.move_repetition_illegal || window < 4 || checks_.size() != pos.key_history().size())
      return;
    const Move last = move(1);
    const int mover = pos.side() ^ 1;
    if (last.kind != MoveKind::normal || checked(1) || checked(3)) return;
    // The piece could stand somewhere the other side's king may.
    const int type = cell_type(pos.at(last.to));
    bool reaches_palace = false;
    for (int sq = 0; sq < board_cells; ++sq)
      reaches_palace =
          reaches_palace || ((r.may_stand[mover][static_cast<std::size_t>(sq)] >> type & 1) &&
                             (r.may_stand[pos.side()][static_cast<std::size_t>(sq)] >> r.king & 1));
    if (!reaches_palace) return;
    const Move third = move(3);
    state_ = third == reverse(last) ? 2 : third.kind == MoveKind::pass ? 1 : 0;
  }

  // Whether, looking `back` plies back, the rule has found its pattern.
  bool loses(std::size_t back) {
    if (state_ == 0) return false;
    if (back + 1 <= window_ && checked(back + 1)) {
      state_ = 0;
    } else if (state_ < 4) {
      state_ = move(back + 1) == reverse(move(state_ == 1 ? 1 : back - 1)) ? state_ + 1 : 0;
    } else {
      if (back + 1 <= pos_.history_size() && !pos_.history_capture(back) &&
          move(back - 1).from == move(back + 1).to)
        return true;
      state_ = 0;
    }
    return false;
  }

 private:
  // The move k plies back (1: the last), or none before the start.
  Move move(std::size_t k) const {
    if (k == 0 || k > pos_.history_size()) return make_move(0, 0, MoveKind::drop);
    return pos_.history_move(k - 1);
  }
  // Whether the side to move was in check k plies back.
  bool checked(std::size_t k) const { return checks_[checks_.size() - 1 - k]; }
  static Move reverse(Move m) { return make_move(m.to, m.from); }

  const Position& pos_;
  std::size_t window_;
  const std::vector<std::uint8_t>& checks_;
  int state_ = 0;
};

}  // namespace

// The endings in Fairy-Stockfish's order: the variant's immediate ends (extinction, flag),
// no legal move (checkmate or stalemate), then the n-move rule, repetition and counting.
Outcome FairyGame::judge() const {
  const Rules& r = variant_->rules;
  const int us = pos_.side();
  if (const auto end = pos_.immediate_result()) return valued(end->value, us, end->reason);
  // A pseudo-royal piece attacked counts as check, as in Fairy-Stockfish's stalemate value.
  const bool check =
      pos_.in_check() || (r.extinction_pseudo_royal && pos_.pseudo_royal_attacked(us));
  if (legal_.empty()) {
    // Mate by dropping a shogiPawn (shogiPawnDropMateIllegal): the dropper loses. A drop
    // cannot uncover a check, so the dropped pawn is the only checker.
    if (check && r.shogi_pawn_drop_mate_illegal && !moves_.empty() &&
        moves_.back().kind == MoveKind::drop && moves_.back().promotion == r.shogi_pawn_type)
      return Outcome::win(us, "pawn_drop_mate");
    if (check) {
      const auto [value, why] = pos_.checkmate_result();
      return valued(value, us, why);
    }
    const EndValue stalemate = pos_.stalemate_value();
    return valued(stalemate == EndValue::draw ? pos_.material_result() : stalemate, us,
                  "stalemate");
  }
  // materialCounting decides what would be drawn, as Fairy-Stockfish adjudicates it.
  // chasingRule: checks lengthen the n-move rule.
  if (r.n_move_rule && pos_.halfmove_clock() >= 2 * r.n_move_rule &&
      pos_.halfmove_clock() - chase_move_rule_offset(pos_) >= 2 * r.n_move_rule)
    return valued(pos_.material_result(), us, "move_rule");
  if (r.n_fold_rule) {
    const auto& keys = pos_.key_history();
    const std::size_t last = keys.size() - 1;
    // Where captures go to the hand, Fairy-Stockfish looks back over the whole game (a
    // capture is not irreversible there).
    const std::size_t window =
        r.captures_to_hand
            ? last
            : std::min<std::size_t>(static_cast<std::size_t>(pos_.halfmove_clock()), last);
    // perpetualCheckIllegal, as Fairy-Stockfish judges it: the side to move was in check
    // in every position of the cycle (the other side checked perpetually), or the other
    // side was in every position of the cycle it had to move in.
    const auto& checks = pos_.check_history();
    const bool perpetual = r.perpetual_check_illegal && checks.size() == keys.size();
    bool checked_by_them = perpetual && window >= 4 && checks[last] && checks[last - 2];
    bool checked_by_us = perpetual && window >= 4 && checks[last - 1] && checks[last - 3];
    int seen = 1;
    MoveRepetition undoing(pos_, window);
    for (std::size_t back = 4; back <= window; back += 2) {
      if (undoing.loses(back)) return Outcome::win(us, "move_repetition");
      if (perpetual) checked_by_them = checked_by_them && checks[last - back];
      if (keys[last - back] == keys[last] && ++seen >= r.n_fold_rule) {
        if (checked_by_them && checked_by_us)
          return valued(pos_.material_result(), us, "perpetual_check");
        if (checked_by_them) return Outcome::win(us, "perpetual_check");
        if (checked_by_us) return Outcome::win(1 - us, "perpetual_check");
        // chasingRule: a side that chased throughout loses; mutual chases draw.
        if (r.chasing) {
          const Chases chases = repetition_chases(pos_, back);
          if (chases.by_them && chases.by_us) return valued(pos_.material_result(), us, "chase");
          if (chases.by_them) return Outcome::win(us, "chase");
          if (chases.by_us) return Outcome::win(1 - us, "chase");
        }
        // nFoldValueAbsolute: the value is White's whoever is to move.
        if (r.n_fold_value == EndValue::draw)
          return valued(pos_.material_result(), us, "repetition");
        return valued(r.n_fold_value, r.n_fold_value_absolute ? white : us, "repetition");
      }
      // The other side's positions of the cycle, one more each time it grows.
      if (perpetual && back + 1 <= window) checked_by_us = checked_by_us && checks[last - back - 1];
    }
  }
  if (pos_.counting_limit() && pos_.counting_ply() > pos_.counting_limit())
    return Outcome::draw("counting");
  // Sittuyin: a king and one pawn, not in check, with promotions as its only moves.
  if (r.sittuyin_promotion && !check && r.pawn >= 0 && pos_.total(us) == 2 &&
      pos_.count(us, r.pawn) == 1 && std::all_of(legal_.begin(), legal_.end(), [](const Move& m) {
        return m.kind == MoveKind::promotion;
      }))
    return Outcome::draw("stalemate");
  // Counted in plies of this game (from its start position), so a replay or a restore
  // ends it at the same ply whatever the FEN's move number says.
  if (r.ply_limit && moves_.size() >= static_cast<std::size_t>(r.ply_limit))
    return Outcome::draw("move_limit");
  return Outcome::ongoing();
}

}  // namespace banmen::fairy

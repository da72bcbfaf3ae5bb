#include "shogi/shogi_game.h"

#include "shogi/impasse.h"
#include "shogi/movegen.h"
#include "shogi/records/japanese_move.h"
#include "shogi/records/record.h"
#include "shogi/sfen.h"

namespace banmen::shogi {

ShogiGame::ShogiGame(const GameInfo& info, const Position& start)
    : info_(&info), start_(start), pos_(start) {
  keys_.push_back(pos_.key());
  outcome_ = judge();
}

std::string ShogiGame::initial_position() const {
  return format_sfen(start_);
}
std::string ShogiGame::position() const {
  return format_sfen(pos_);
}

std::vector<std::string> ShogiGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  Position scratch = pos_;
  MoveList list;
  generate_legal(scratch, list);
  out.reserve(list.size());
  for (Move m : list) out.push_back(usi_move(pos_.variant(), m));
  return out;
}

std::string ShogiGame::notation(std::size_t index, Viewer) const {
  if (index >= history_.size()) return {};
  return usi_move(pos_.variant(), history_[index]);
}

std::string ShogiGame::display_notation(std::size_t index, Viewer) const {
  if (index >= history_.size()) return {};
  // The Japanese form needs the position before the move (for 同 and the mover's mark).
  Position before = start_;
  for (std::size_t i = 0; i < index; ++i) before.do_move(history_[i]);
  const Move prev = index ? history_[index - 1] : kNoMove;
  return std::string(before.side_to_move() == kBlack ? "▲" : "△") +
         japanese_move_text(before, history_[index], prev);
}

std::uint64_t ShogiGame::perft(int depth) const {
  if (depth <= 0) return 1;
  if (over()) return 0;
  Position scratch = pos_;
  return shogi::perft(scratch, depth);
}

bool ShogiGame::play(Move m) {
  if (over()) return false;
  MoveList list;
  Position scratch = pos_;
  generate_legal(scratch, list);
  for (Move legal : list) {
    if (move_key(legal) != move_key(m)) continue;
    pos_.do_move(legal);
    history_.push_back(legal);
    keys_.push_back(pos_.key());
    gave_check_.push_back(pos_.in_check());
    outcome_ = judge();
    return true;
  }
  return false;
}

Result<void> ShogiGame::apply_legal(std::string_view move) {
  auto parsed = parse_usi(pos_.variant(), move);
  if (!parsed) return parsed.error();
  if (!play(*parsed)) return explain_illegal(move);
  return ok();
}

Result<void> ShogiGame::apply_checked(std::string_view move) {
  // Parsed once and found among the generated moves; written back to accept exactly the
  // texts legal_moves() lists.
  auto parsed = parse_usi(pos_.variant(), move);
  if (!parsed || usi_move(pos_.variant(), *parsed) != move || !play(*parsed))
    return explain_illegal(move);
  return ok();
}

Outcome ShogiGame::judge() const {
  Position scratch = pos_;
  if (!has_legal_move(scratch)) return Outcome::win(opposite(pos_.side_to_move()), "checkmate");
  Outcome rep = judge_repetition();
  if (rep.over()) return rep;
  if (pos_.move_number() > pos_.variant().max_plies) return Outcome::draw("move_limit");
  return Outcome::ongoing();
}

// The fourth occurrence of a position ends the game. If one side gave check with every
// move it made since the first occurrence, that side loses; otherwise shogi is drawn and
// in minishogi Black loses.
Outcome ShogiGame::judge_repetition() const {
  const std::uint64_t now = keys_.back();
  int seen = 0;
  std::size_t first = keys_.size() - 1;
  for (std::size_t i = keys_.size(); i-- > 0;) {
    if (keys_[i] == now) {
      ++seen;
      first = i;
    }
  }
  if (seen < 4) return Outcome::ongoing();
  const int first_mover = start_.side_to_move();
  bool all_checks[2] = {true, true};
  for (std::size_t ply = first; ply < history_.size(); ++ply) {
    const int mover = (first_mover + int(ply)) % 2;
    if (!gave_check_[ply]) all_checks[mover] = false;
  }
  const int last_mover = opposite(pos_.side_to_move());
  for (int side : {last_mover, 1 - last_mover})
    if (all_checks[side]) return Outcome::win(1 - side, "perpetual_check");
  if (pos_.variant().id == "minishogi") return Outcome::win(kWhite, "repetition");
  return Outcome::draw("repetition");
}

Result<void> ShogiGame::declare_win() {
  if (over()) return make_error(errc::game_over, "the game is over");
  if (pos_.variant().id != "shogi")
    return make_error(errc::unsupported, std::string(info_->name) + " has no impasse declaration");
  const Color us = pos_.side_to_move();
  const bool right = impasse_declaration_valid(pos_);
  finish(Outcome::win(right ? us : opposite(us), "impasse_declared"));
  return ok();
}

Result<std::string> ShogiGame::export_record(std::string_view format, Viewer,
                                             const RecordInfo& record) const {
  if (format == "kif") return export_kif(*this, record);
  if (format == "csa") return export_csa(*this, record);
  if (format == "sfen") return export_usi(*this);
  return Game::export_record(format, Viewer::referee, record);
}

}  // namespace banmen::shogi

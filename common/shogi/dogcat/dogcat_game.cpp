#include "shogi/dogcat/dogcat_game.h"

#include "shogi/dogcat/dogcat_movegen.h"
#include "shogi/dogcat/dogcat_notation.h"
#include "shogi/dogcat/dogcat_record.h"
#include "shogi/dogcat/dogcat_rules.h"

namespace banmen::shogi {

DogcatGame::DogcatGame(const GameInfo& info, const DogcatPosition& start)
    : info_(&info), start_(start), pos_(start) {
  outcome_ = judge_dogcat(pos_, earlier_);
}

std::string DogcatGame::initial_position() const {
  return format_dogcat(start_);
}
std::string DogcatGame::position() const {
  return format_dogcat(pos_);
}
std::string DogcatGame::view(Viewer viewer) const {
  return format_dogcat(pos_, sight_of(viewer, over()));
}
std::string DogcatGame::initial_view(Viewer viewer) const {
  return format_dogcat(start_, sight_of(viewer, over()));
}

std::vector<std::string> DogcatGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  MoveList list;
  generate_dogcat_moves(pos_, list);
  out.reserve(list.size());
  for (Move m : list) out.push_back(dogcat_move_text(m, pos_.side_to_move()));
  return out;
}

std::string DogcatGame::notation(std::size_t index, Viewer viewer) const {
  if (index >= history_.size()) return {};
  // Plies alternate from the side that moved first in the start position.
  const Color mover = Color((start_.side_to_move() + index) % 2);
  return dogcat_move_text(history_[index], mover, sight_of(viewer, over()));
}

std::uint64_t DogcatGame::perft(int depth) const {
  if (depth <= 0) return 1;
  if (over()) return 0;
  std::vector<std::uint64_t> history = earlier_;
  return dogcat_perft(pos_, depth, history);
}

Result<void> DogcatGame::apply_legal(std::string_view move) {
  auto parsed = parse_dogcat_move(move);
  if (!parsed) return parsed.error();
  return play(*parsed, {}) ? ok() : explain_illegal(move);
}

Result<void> DogcatGame::apply_checked(std::string_view move) {
  // Parsed once and found among the generated moves; only the move found is written out,
  // to accept exactly the texts legal_moves() lists.
  auto parsed = parse_dogcat_move(move);
  if (!parsed || !play(*parsed, move)) return explain_illegal(move);
  return ok();
}

bool DogcatGame::play(Move key, std::string_view text) {
  MoveList list;
  generate_dogcat_moves(pos_, list);
  for (Move m : list) {
    if (dogcat_move_key(m) != key) continue;
    if (!text.empty() && dogcat_move_text(m, pos_.side_to_move()) != text) continue;
    earlier_.push_back(pos_.key());
    pos_.do_move(m);
    history_.push_back(m);
    outcome_ = judge_dogcat(pos_, earlier_);
    return true;
  }
  return false;
}

Result<std::string> DogcatGame::export_record(std::string_view format, Viewer viewer,
                                              const RecordInfo& record) const {
  if (format == "record") return export_dogcat_record(*this, viewer, record);
  return Game::export_record(format, viewer, record);
}

}  // namespace banmen::shogi

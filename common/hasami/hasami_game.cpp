#include "hasami/hasami_game.h"

#include <algorithm>

#include "hasami/perft.h"
#include "hasami/transcript.h"

namespace banmen::hasami {

const GameInfo& hasami_info() {
  static const GameInfo info{
      "hasami", "Hasami shogi",     {'b', 'w'}, {"black", "white"}, false, {"transcript"}, true, 9,
      9,        SquareNames::shogi, false,      "hasami",           "koma"};
  return info;
}

HasamiGame::HasamiGame(const Position& start) : PlainGame(start) {
  seen_.push(start);
}

std::vector<std::string> HasamiGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  MoveList moves;
  current_.generate_moves(moves);
  out.reserve(static_cast<std::size_t>(moves.size));
  for (Move m : moves) out.push_back(format_move(m));
  return out;
}

std::string HasamiGame::notation(std::size_t index, Viewer) const {
  return index < history_.size() ? format_move(history_[index]) : std::string();
}

std::uint64_t HasamiGame::perft(int depth) const {
  if (has_external_outcome()) return depth == 0 ? 1 : 0;
  PositionHistory scratch = seen_;
  return hasami::perft(current_, depth, scratch);
}

bool HasamiGame::play_if_legal(Move m) {
  if (over()) return false;
  MoveList moves;
  current_.generate_moves(moves);
  if (std::find(moves.begin(), moves.end(), m) == moves.end()) return false;
  current_.play(m);
  history_.push_back(m);
  seen_.push(current_);
  return true;
}

Outcome HasamiGame::rules_outcome() const {
  return judge(current_, seen_.occurrences_of_last());
}

Result<void> HasamiGame::apply_checked(std::string_view move) {
  // Parsed once and found among the generated moves; written back to accept exactly the
  // texts legal_moves() lists.
  auto m = parse_move(move);
  if (!m || format_move(*m) != move || !play_if_legal(*m)) return explain_illegal(move);
  return ok();
}

Result<void> HasamiGame::apply_legal(std::string_view move) {
  auto m = parse_move(move);
  if (!m) return m.error();
  if (!play_if_legal(*m))
    return make_error(errc::illegal_move, std::string(move) + " is not a legal move here");
  return ok();
}

Result<std::string> HasamiGame::export_record(std::string_view format, Viewer,
                                              const RecordInfo& record) const {
  if (format != "transcript") return Game::export_record(format, Viewer::referee, record);
  return write_transcript(*this, record);
}

}  // namespace banmen::hasami

#include "reversi/reversi_game.h"

#include "reversi/perft.h"
#include "reversi/transcript.h"

namespace banmen::reversi {

const GameInfo& reversi_info() {
  static const GameInfo info{"reversi", "Reversi",          {'X', 'O'}, {"black", "white"},
                             false,     {"transcript"},     false,      8,
                             8,         SquareNames::chess, false,      "reversi",
                             "discs"};
  return info;
}

std::vector<std::string> ReversiGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  Bitboard moves = current_.placements();
  if (moves == 0) {
    out.push_back(format_move(kPass));  // not finished, so the opponent can move
    return out;
  }
  while (moves) {
    out.push_back(format_move(static_cast<Move>(std::countr_zero(moves))));
    moves &= moves - 1;
  }
  return out;
}

std::string ReversiGame::notation(std::size_t index, Viewer) const {
  return index < history_.size() ? format_move(history_[index]) : std::string();
}

std::uint64_t ReversiGame::perft(int depth) const {
  if (has_external_outcome()) return depth == 0 ? 1 : 0;
  return reversi::perft(current_, depth);
}

bool ReversiGame::play_if_legal(Move m) {
  if (over()) return false;
  const Bitboard moves = current_.placements();
  const bool legal = m == kPass ? moves == 0 : m < kSquares && (moves & bit(m)) != 0;
  if (!legal) return false;
  current_.play(m);
  history_.push_back(m);
  return true;
}

Outcome ReversiGame::rules_outcome() const {
  if (!current_.finished()) return Outcome::ongoing();
  const int b = count(current_.discs[black]);
  const int w = count(current_.discs[white]);
  if (b == w) return Outcome::draw("disc_count");
  return Outcome::win(b > w ? black : white, "disc_count");
}

Result<void> ReversiGame::apply_legal(std::string_view move) {
  auto m = parse_move(move);
  if (!m) return m.error();
  if (!play_if_legal(*m))
    return make_error(errc::illegal_move, std::string(move) + " is not a legal move here");
  return ok();
}

Result<void> ReversiGame::apply_checked(std::string_view move) {
  // Parsed once and checked against the placements; written back to accept exactly the
  // texts legal_moves() lists.
  auto m = parse_move(move);
  if (!m || format_move(*m) != move || !play_if_legal(*m)) return explain_illegal(move);
  return ok();
}

Result<std::string> ReversiGame::export_record(std::string_view format, Viewer,
                                               const RecordInfo& record) const {
  if (format != "transcript") return Game::export_record(format, Viewer::referee, record);
  return write_transcript(*this, record);
}

}  // namespace banmen::reversi

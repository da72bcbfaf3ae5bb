#include "chess/chess_game.h"

#include <algorithm>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/rules.h"

namespace banmen::chess {

const GameInfo& chess_game_info() {
  static const GameInfo info{"chess",    "Chess", {'w', 'b'}, {"white", "black"}, false, {"pgn"},
                             false,      8,       8,          SquareNames::chess, false, "uci",
                             "checkered"};
  return info;
}

ChessGame::ChessGame(const Position& start) : start_(start), pos_(start) {
  refresh();
}

std::string ChessGame::initial_position() const {
  return format_fen(start_);
}
std::string ChessGame::position() const {
  return format_fen(pos_);
}

std::vector<std::string> ChessGame::legal_moves() const {
  std::vector<std::string> out;
  if (over()) return out;
  out.reserve(static_cast<std::size_t>(legal_.size));
  for (Move m : legal_) out.push_back(to_uci(m));
  return out;
}

std::string ChessGame::notation(std::size_t index, Viewer) const {
  return index < moves_.size() ? to_uci(moves_[index]) : std::string();
}

std::string ChessGame::display_notation(std::size_t index, Viewer) const {
  return index < san_.size() ? san_[index] : std::string();
}

std::uint64_t ChessGame::perft(int depth) const {
  if (depth <= 0) return 1;
  return over() ? 0 : chess::perft(pos_, depth);
}

Outcome ChessGame::timeout_outcome(int seat) const {
  const int opponent = 1 - seat;
  if (cannot_mate(pos_, Color(opponent))) return Outcome::draw("insufficient_material");
  return Outcome::win(opponent, "timeout");
}

Result<std::string> ChessGame::export_record(std::string_view format, Viewer,
                                             const RecordInfo& record) const {
  if (format != "pgn") return Game::export_record(format, Viewer::referee, record);
  return export_pgn(*this, record);
}

Result<void> ChessGame::apply_legal(std::string_view move) {
  auto m = parse_uci(pos_, move);
  if (!m) return m.error();
  return play(*m);
}

Result<void> ChessGame::apply_checked(std::string_view move) {
  // Parsed once and found among the moves generated for this position; only the move
  // found is written out, to accept exactly the texts legal_moves() lists.
  auto m = parse_uci(pos_, move);
  if (!m || std::find(legal_.begin(), legal_.end(), *m) == legal_.end() || to_uci(*m) != move)
    return explain_illegal(move);
  return play(*m);
}

Result<void> ChessGame::play(Move m) {
  if (over()) return make_error(errc::game_over, "the game is over");
  if (std::find(legal_.begin(), legal_.end(), m) == legal_.end())
    return make_error(errc::illegal_move, to_uci(m) + " is not a legal move here");
  san_.push_back(to_san(pos_, m));
  moves_.push_back(m);
  pos_.make(m);
  refresh();
  return ok();
}

void ChessGame::refresh() {
  legal_.size = 0;
  generate_legal(pos_, legal_);
  // En passant counts for repetition only when the capture is really possible.
  std::uint64_t key = pos_.key;
  for (Move m : legal_)
    if (m.flag() == kEnPassant) {
      key ^= kZobrist.en_passant[file_of(m.to())];
      break;
    }
  keys_.push_back(key);
  verdict_ = judge();
}

Outcome ChessGame::judge() const {
  if (legal_.size == 0)
    return pos_.in_check() ? Outcome::win(~pos_.side, "checkmate") : Outcome::draw("stalemate");
  if (insufficient_material(pos_)) return Outcome::draw("insufficient_material");
  if (pos_.halfmove_clock >= 100) return Outcome::draw("fifty_moves");
  // Only positions since the last capture or pawn move can repeat, same side to move.
  const std::size_t last = keys_.size() - 1;
  const std::size_t window =
      std::min<std::size_t>(static_cast<std::size_t>(pos_.halfmove_clock), last);
  int seen = 1;
  for (std::size_t back = 2; back <= window; back += 2)
    if (keys_[last - back] == keys_[last] && ++seen >= 3) return Outcome::draw("repetition");
  return Outcome::ongoing();
}

}  // namespace banmen::chess

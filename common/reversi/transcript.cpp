#include "reversi/transcript.h"

#include "core/record_text.h"
#include "reversi/reversi_game.h"

namespace banmen::reversi {

namespace {

Error bad(const std::string& why) {
  return make_error(errc::bad_record, "bad reversi transcript: " + why);
}

std::string score(const Position& p) {
  return std::to_string(count(p.discs[black])) + "-" + std::to_string(count(p.discs[white]));
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Plays the moves of one line: squares in either case, "pass" in any case, spaces allowed.
// A square where the side to move has to pass first gets that pass played for it, so the
// common transcripts that leave passes out read too.
Result<void> play_move_line(ReversiGame& game, std::string_view line) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    Move m = kPass;
    std::string token;
    if (i + 4 <= line.size() && lower(line[i]) == 'p' && lower(line[i + 1]) == 'a' &&
        lower(line[i + 2]) == 's' && lower(line[i + 3]) == 's') {
      token = "pass";
      i += 4;
    } else if (i + 2 <= line.size()) {
      token = {lower(line[i]), line[i + 1]};
      auto parsed = parse_move(token);
      if (!parsed) return bad("\"" + token + "\" is not a move");
      m = *parsed;
      i += 2;
    } else {
      return bad("the move list ends in the middle of a move");
    }
    if (m != kPass && !game.over() && game.current().must_pass()) game.play_if_legal(kPass);
    if (!game.play_if_legal(m))
      return bad(token + " is not legal at ply " + std::to_string(game.history_size() + 1));
  }
  return ok();
}

}  // namespace

std::string write_transcript(const ReversiGame& game, const RecordInfo& record) {
  const GameInfo& info = game.info();
  std::string out = transcript_opening(info, record);
  if (!(game.initial() == Position::start()))
    out += header_line("Position", format_position(game.initial()));
  out += '\n';
  for (Move m : game.history()) out += format_move(m);
  out += "\n\n";
  out += header_line("Score", score(game.current()));
  out += header_line("Result", format_result(info, game.outcome()));
  return out;
}

Result<GamePtr> read_transcript(std::string_view text) {
  return read_board_transcript<ReversiGame>(text, reversi_info(), Position::start(), "Score",
                                            "score", parse_position, play_move_line, score, bad);
}

}  // namespace banmen::reversi

#include "hasami/transcript.h"

#include "core/record_text.h"
#include "hasami/hasami_game.h"

namespace banmen::hasami {

namespace {

constexpr std::size_t kMovesPerLine = 10;

Error bad(const std::string& why) {
  return make_error(errc::bad_record, "bad hasami shogi transcript: " + why);
}

std::string captures(const Position& p) {
  return std::to_string(p.captured_by(black)) + "-" + std::to_string(p.captured_by(white));
}

Result<void> play_move_line(HasamiGame& game, std::string_view line) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t end = line.find_first_of(" \t", i);
    if (end == std::string_view::npos) end = line.size();
    const std::string_view token = line.substr(i, end - i);
    i = end;
    auto m = parse_move(token);
    if (!m) return bad(m.error().message);
    if (!game.play_if_legal(*m))
      return bad(std::string(token) + " is not legal at ply " +
                 std::to_string(game.history_size() + 1));
  }
  return ok();
}

}  // namespace

std::string write_transcript(const HasamiGame& game, const RecordInfo& record) {
  const GameInfo& info = game.info();
  std::string out = transcript_opening(info, record);
  const Position start = Position::start();
  if (format_position(game.initial()) != format_position(start))
    out += header_line("Position", format_position(game.initial()));
  out += '\n';
  const auto& moves = game.history();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out += format_move(moves[i]);
    out += (i + 1) % kMovesPerLine == 0 || i + 1 == moves.size() ? '\n' : ' ';
  }
  out += '\n';
  out += header_line("Captures", captures(game.current()));
  out += header_line("Result", format_result(info, game.outcome()));
  return out;
}

Result<GamePtr> read_transcript(std::string_view text) {
  return read_board_transcript<HasamiGame>(text, hasami_info(), Position::start(), "Captures",
                                           "captures", parse_position, play_move_line, captures,
                                           bad);
}

}  // namespace banmen::hasami

// The plain-text pieces a transcript (reversi, hasami) is built from: "Key: value" header lines and
// the "Result:" line, written and read back. Kept apart from the move syntax of the game.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace banmen {

// Free text (a name, an event) as one field of one record line in any format: control
// characters become spaces, bidirectional and zero-width characters are dropped, at most
// 200 bytes (core/unicode_text.h). Every record writer passes free text through it.
std::string record_field(std::string_view text);
// `s` without the spaces records put around their fields: ASCII spaces and tabs, the
// full-width space (U+3000) at the front, and a carriage return at the end.
std::string_view trim_record_spaces(std::string_view s);

// "Key: value\n" with the value passed through record_field.
std::string header_line(std::string_view key, std::string_view value);

// One PGN tag pair line, `[Name "value"]`, the value through record_field with '"' and '\\'
// escaped as PGN asks ("?" when empty): chess and fairy chess write their tags with it.
std::string pgn_tag(std::string_view name, std::string_view value);
// The PGN game termination marker of `o`: "1-0", "0-1", "1/2-1/2" or "*".
std::string pgn_result(const Outcome& o);

// The lines of `text` (CR LF or LF), at most `max_lines`; nullopt when there are more.
std::optional<std::vector<std::string_view>> split_lines(std::string_view text,
                                                         std::size_t max_lines);

// "Key: value" -> {key, value}; nullopt when the line is not a header.
std::optional<std::pair<std::string_view, std::string_view>> split_header(std::string_view line);

// "black wins (disc_count)", "draw (agreement)", "aborted (aborted)" or "ongoing", with the
// side names of `info`.
std::string format_result(const GameInfo& info, const Outcome& o);
// The inverse of format_result; nullopt when `text` is none of those shapes.
std::optional<Outcome> parse_result(const GameInfo& info, std::string_view text);

// Endings the server decides outside the board; a record may carry them.
bool is_external_reason(std::string_view reason);

// A transcript (reversi, hasami) read into its parts: the "Key: value" headers in the order
// they stand, and every other line (the moves), in order.
struct TranscriptLines {
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  std::vector<std::string_view> moves;
};
// Errors (messages only; the caller words them as its format's bad_record): longer than
// 64 KiB, more than 256 lines.
Result<TranscriptLines> split_transcript(std::string_view text);

// Holds a record's "Result:" text against the outcome its moves reached (`actual`). An
// ending decided outside the board (is_external_reason) on a board still in play comes
// back, for the caller to finish() the game with; nothing when the two agree. Errors
// (messages only): unreadable, not the moves' result, or a board ending on an open board.
Result<std::optional<Outcome>> check_recorded_result(const GameInfo& info, const Outcome& actual,
                                                     std::string_view result_text);

// The header lines a transcript opens with: "Game" (the game's id), the players by seat
// ("Black", "White"), "Event", "Site", "Date" and "TimeControl", each when known.
std::string transcript_opening(const GameInfo& info, const RecordInfo& record);

// What a transcript's headers say besides its start: its tally ("Captures", "Score") and
// its result, as written.
struct TranscriptFacts {
  std::string_view tally;
  std::string_view result;
};

// Reads a transcript's headers in order: "Game" must be `info`'s id; each "Position" goes
// to `read_position` (a callable taking the text and answering Result<void>), whose error
// stops the reading. Errors (messages only): a record of another game, or read_position's.
template <class ReadPosition>
Result<TranscriptFacts> read_transcript_headers(const TranscriptLines& lines, const GameInfo& info,
                                                std::string_view tally_key,
                                                ReadPosition&& read_position) {
  TranscriptFacts facts;
  for (auto [key, value] : lines.headers) {
    if (key == "Game" && value != info.id)
      return make_error(errc::bad_record, "it is a record of another game");
    if (key == "Position") {
      auto read = read_position(value);
      if (!read) return read.error();
    }
    if (key == tally_key) facts.tally = value;
    if (key == "Result") facts.result = value;
  }
  return facts;
}

// Holds the headers' tally (`actual_tally`: what the moves reached; `tally_name` words it
// in the message) and result against the game the moves reached. An ending decided off
// the board comes back, for the caller to finish() the game with. Errors (messages only).
Result<std::optional<Outcome>> check_transcript_end(const Game& game, const TranscriptFacts& facts,
                                                    std::string_view tally_name,
                                                    const std::string& actual_tally);

// Reads the transcript of a board game written by transcript_opening (hasami shogi,
// reversi): its headers ("Position" read by `parse_position`, text to Result<P>), a game
// of type `G` made from that start (else from `start`), each move line played by
// `play_line` (G&, line to Result<void>), then the tally header `tally_key` (worded
// `tally_name`, held against `tally_of` the final position) and the result. An ending
// decided off the board finishes the game. Errors: `bad` words a reason as the game's.
template <class G, class P, class ParsePosition, class PlayLine, class TallyOf, class Bad>
Result<GamePtr> read_board_transcript(std::string_view text, const GameInfo& info, P start,
                                      std::string_view tally_key, std::string_view tally_name,
                                      ParsePosition&& parse_position, PlayLine&& play_line,
                                      TallyOf&& tally_of, Bad&& bad) {
  auto lines = split_transcript(text);
  if (!lines) return bad(lines.error().message);
  auto facts =
      read_transcript_headers(*lines, info, tally_key, [&](std::string_view value) -> Result<void> {
        auto p = parse_position(value);
        if (!p) return p.error();
        start = *p;
        return ok();
      });
  if (!facts) return bad(facts.error().message);
  auto game = std::make_unique<G>(start);
  for (std::string_view line : lines->moves)
    if (auto played = play_line(*game, line); !played) return played.error();
  auto external = check_transcript_end(*game, *facts, tally_name, tally_of(game->current()));
  if (!external) return bad(external.error().message);
  if (*external) game->finish_from_record(**external);
  return GamePtr(std::move(game));
}

}  // namespace banmen

// How a record's text says what it is, for import_record_tree's format "auto", and the
// small shapes of text it reads without a game's help (the position-and-moves forms, the
// transcripts' game, the review text's head). The rules of detection are in
// docs/records.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace banmen {

// "kif", "ki2", "csa", "pgn", "position" (a position and/or moves: USI, UCI, SFEN, FEN),
// "transcript", "txt"; empty for a text with nothing but spaces.
std::string_view detect_record_format(std::string_view text);

// "position startpos moves ...", "sfen <SFEN> moves ...", a bare position, a move list.
struct PositionText {
  enum class Kind { unsaid, startpos, sfen, fen };
  Kind kind = Kind::unsaid;
  std::string position;  // empty: the game's usual start
  std::size_t position_line = 1;
  std::vector<std::pair<std::string, std::size_t>> moves;  // each with its line (1-based)
};
PositionText split_position_text(std::string_view text);

// The game id a transcript names ("Game: reversi"; dog-cat's record by its first line);
// empty when none.
std::string transcript_game(std::string_view text);

// The first two lines of a review text: "review <game>", "start <position>".
struct ReviewHead {
  std::string game;
  std::string start;
};
ReviewHead review_text_head(std::string_view text);

}  // namespace banmen

// Reading PGN with its variations through the Game seam, the inverse of variation_pgn.h:
// the tag pairs, then the movetext into a variation tree. SAN is matched against the SAN
// the game itself writes for each legal move (display_notation), so chess and every
// fairy-chess variant share the reader. Comments ({...}, ";" to the end of the line, "%"
// escape lines), NAGs ($n), move suffixes (!, ?, +, #) and move numbers are skipped;
// "( ... )" after a move is a side line replacing it, nested to any depth; the first game
// of the text is read, up to its result ("1-0", "0-1", "1/2-1/2", "*").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/variation_tree.h"

namespace banmen {

struct PgnTags {
  std::vector<std::pair<std::string, std::string>> pairs;  // in the order written
  std::size_t movetext = 0;  // where the movetext begins (a byte offset into the text)
  // The value of tag `name`; empty when absent.
  std::string_view value(std::string_view name) const;
};

// Errors: bad_record "line N: ..." (a tag that is not [Name "value"]).
Result<PgnTags> read_pgn_tags(std::string_view text);

// The movetext of `text` from byte `from` (PgnTags::movetext) played from `root`. Errors:
// bad_record "line N: ..." for a move that is not legal, an unbalanced parenthesis or an
// unclosed comment, and when the tree would pass `limits`.
Result<VariationTree> read_pgn_movetext(const Game& root, std::string_view text, std::size_t from,
                                        const VariationLimits& limits);

// The move among `game`'s legal moves (protocol notation) whose SAN is `san` (suffixes
// !?+# aside; also "0-0" for "O-O", and the move's own protocol notation; the first the
// game generates when several are written alike); empty when none.
std::string resolve_san(const Game& game, std::string_view san);

}  // namespace banmen

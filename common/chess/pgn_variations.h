// PGN with variations for reviews: the main line of a variation tree in SAN, each side
// line in parentheses right after the move it replaces (PGN's recursive annotation
// variations), with move numbers restated where a line resumes.
#pragma once

#include <string>

#include "core/game.h"
#include "core/variation_tree.h"

namespace banmen::chess {

// The tree's root must be a chess game (errors: unsupported otherwise). The tags are the
// ones export_pgn() writes for a game starting at the root position; the result is "*".
Result<std::string> export_pgn_variations(const VariationTree& tree, const RecordInfo& record);

}  // namespace banmen::chess

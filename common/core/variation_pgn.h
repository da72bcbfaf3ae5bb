// The movetext of a review in PGN: the tree's main line in each move's display notation
// (SAN for chess and fairy chess), each side line in parentheses right after the move it
// replaces (PGN's recursive annotation variations), move numbers restated where a line
// resumes, and "*" at the end. Written through the Game seam, so every game whose positions
// are FEN (chess and every fairy-chess variant) shares it; each game's exporter adds its own
// tags (chess/pgn_variations.h, fairy/fairy_game.h).
#pragma once

#include <string>

#include "core/variation_tree.h"

namespace banmen {

// The move numbers come from the root position's FEN (its full-move field, the last one).
std::string pgn_variation_movetext(const VariationTree& tree);

}  // namespace banmen

// The transcript form of a review tree, for games without a record format that holds
// variations (hasami shogi, reversi; any game may use it):
//
//   review hasami
//   start <the root position in the game's notation>
//   moves 9i9e 1a1e ( 9a9e 9i9h ) 9e8e ...
//
// Moves are written in protocol notation, separated by spaces; "( ... )" right after a
// move is a side line replacing that move, and side lines nest. The first child is always
// written first, so the main line reads straight through.
#pragma once

#include <string>
#include <string_view>

#include "core/variation_tree.h"

namespace banmen {

constexpr std::size_t kMaxVariationTextLength = 256 * 1024;

std::string write_variation_text(const VariationTree& tree);

// Rebuilds a tree from `text` with `root` as its start; every move is checked by the rules
// through the tree. Errors: bad_record (the start differs from root's position, unbalanced
// parentheses, a line that is not understood, too long), and the tree's own errors.
Result<VariationTree> read_variation_text(const Game& root, std::string_view text,
                                          VariationLimits limits = {});

}  // namespace banmen

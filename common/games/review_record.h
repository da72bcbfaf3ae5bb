// The downloadable record of a review (感想戦) with its variations, in the richest form the
// game has: KIF with 変化 for shogi and minishogi, PGN with variations for chess and every
// fairy-chess variant (its PGN's tags: [Variant], [FEN]), and the transcript form of
// core/variation_text.h for the others (hasami shogi, reversi, and dog-cat shogi, whose KIF
// cannot hold its hidden drops). The one place that chooses.
#pragma once

#include <string>

#include "core/game.h"
#include "core/variation_tree.h"

namespace banmen {

struct ReviewRecord {
  std::string format;     // "kif", "pgn" or "txt"
  std::string extension;  // the file name's ending, without the dot
  std::string text;
};

ReviewRecord review_record(const VariationTree& tree, const RecordInfo& record);

}  // namespace banmen

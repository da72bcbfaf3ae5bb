// KIF with variations (変化) for reviews of the shogi family: the main line of a variation
// tree, then each side line as a "変化：N手" block, deepest branch first, as Kakinoki-style
// readers expect.
#pragma once

#include <string>

#include "core/game.h"
#include "core/variation_tree.h"

namespace banmen::shogi {

// The tree's root must be a shogi or minishogi game (errors: unsupported otherwise).
Result<std::string> export_kif_variations(const VariationTree& tree, const RecordInfo& record);

}  // namespace banmen::shogi

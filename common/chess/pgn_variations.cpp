#include "chess/pgn_variations.h"

#include "chess/chess_game.h"
#include "chess/pgn.h"
#include "core/variation_pgn.h"

namespace banmen::chess {

Result<std::string> export_pgn_variations(const VariationTree& tree, const RecordInfo& record) {
  const auto* root = dynamic_cast<const ChessGame*>(&tree.root_game());
  if (!root) return make_error(errc::unsupported, "PGN variations are written for chess only");
  ChessGame start(root->current());
  RecordInfo header = record;
  header.move_times_ms.clear();
  std::string tags = export_pgn(start, header);
  tags = tags.substr(0, tags.find("\n\n") + 2);
  return tags + pgn_variation_movetext(tree);
}

}  // namespace banmen::chess

#include "games/review_record.h"

#include "chess/pgn_variations.h"
#include "core/variation_text.h"
#include "fairy/fairy_game.h"
#include "shogi/records/kif_variations.h"

namespace banmen {

ReviewRecord review_record(const VariationTree& tree, const RecordInfo& record) {
  const std::string_view game = tree.root_game().info().id;
  // Each exporter checks the kind of game itself; a refusal falls back to the transcript.
  if (game == "shogi" || game == "minishogi") {
    if (auto kif = shogi::export_kif_variations(tree, record)) return {"kif", "kif", *kif};
  } else if (game == "chess") {
    if (auto pgn = chess::export_pgn_variations(tree, record)) return {"pgn", "pgn", *pgn};
  } else if (auto pgn = fairy::export_pgn_variations(tree, record)) {
    return {"pgn", "pgn", *pgn};  // any fairy-chess variant, a host's own included
  }
  return {"txt", "txt", write_variation_text(tree)};
}

}  // namespace banmen

#include "games/review_record.h"

#include <algorithm>

#include "chess/pgn_variations.h"
#include "core/variation_text.h"
#include "fairy/fairy_game.h"
#include "shogi/records/kif_variations.h"

namespace banmen {

ReviewRecord review_record(const VariationTree& tree, const RecordInfo& record) {
  // By the record formats the game offers (GameInfo); each exporter checks the kind of game
  // itself (chess's refuses a fairy variant), and a refusal falls back to the transcript.
  const auto& formats = tree.root_game().info().record_formats;
  const auto offers = [&](std::string_view format) {
    return std::find(formats.begin(), formats.end(), format) != formats.end();
  };
  if (offers("kif")) {
    if (auto kif = shogi::export_kif_variations(tree, record)) return {"kif", "kif", *kif};
  } else if (offers("pgn")) {
    if (auto pgn = chess::export_pgn_variations(tree, record)) return {"pgn", "pgn", *pgn};
    // Any fairy-chess variant, a host's own included.
    if (auto pgn = fairy::export_pgn_variations(tree, record)) return {"pgn", "pgn", *pgn};
  }
  return {"txt", "txt", write_variation_text(tree)};
}

}  // namespace banmen

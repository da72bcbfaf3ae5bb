#include "protocol/variant_info.h"

#include <cstdlib>

namespace banmen::server {

namespace {

// A board offset back to file and rank steps: leaps and ride steps are at most three
// squares either way in each direction (the guard cells' width), so the nearest row of
// the padded board gives the rank step.
std::pair<int, int> steps_of_offset(int offset) {
  const int w = fairy::board_width;
  int dy = (offset + (offset >= 0 ? w / 2 : -w / 2)) / w;
  return {offset - dy * w, dy};
}

const char* how_of(bool moves, bool captures) {
  return moves && captures ? "mc" : moves ? "m" : "c";
}

json piece_json(const fairy::PieceRules& p) {
  json leaps = json::array();
  for (const auto& leap : p.leaps[fairy::white]) {
    auto [dx, dy] = steps_of_offset(leap.offset);
    leaps.push_back(json::array({dx, dy, how_of(leap.moves, leap.captures)}));
  }
  json rides = json::array();
  for (const auto& ride : p.rides[fairy::white]) {
    auto [dx, dy] = steps_of_offset(ride.offset);
    rides.push_back(json::array({dx, dy, ride.max_steps, how_of(ride.moves, ride.captures)}));
  }
  return json{{"letter", std::string(1, p.letter)},
              {"name", p.name},
              {"pawn", p.pawn},
              {"royal", p.royal},
              {"leaps", std::move(leaps)},
              {"rides", std::move(rides)}};
}

}  // namespace

json variant_info_json(const fairy::VariantRules& variant) {
  const fairy::Rules& r = variant.rules;
  json pieces = json::array();
  for (const auto& p : r.types) pieces.push_back(piece_json(p));
  std::string promotion;
  for (int t : r.promotion_types[fairy::white])
    promotion += r.types[static_cast<std::size_t>(t)].letter;
  // promotedPieceType: a promoted piece is written "+<its own letter>" in FEN, so a board
  // needs the pairs to draw what it became.
  json promoted = json::object();
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (const int to = r.promoted_type[t]; to >= 0)
      promoted[std::string(1, r.types[t].letter)] =
          std::string(1, r.types[static_cast<std::size_t>(to)].letter);
  json info{{"name", variant.id},         {"files", r.files},
            {"ranks", r.ranks},           {"start_fen", r.start_fen},
            {"chess960", r.chess960},     {"promotion_pieces", promotion},
            {"promoted_types", promoted}, {"pieces", std::move(pieces)}};
  // Facts for drawing the board, as the definition gave them (pychess-variants' boards read
  // Fairy-Stockfish's own): only when set.
  if (r.variant_template != "fairy") info["template"] = r.variant_template;
  if (r.piece_to_char_table != "-") info["piece_to_char_table"] = r.piece_to_char_table;
  return info;
}

json variant_info_of(const Game& game) {
  if (const auto* fairy_game = dynamic_cast<const fairy::FairyGame*>(&game))
    return variant_info_json(fairy_game->variant());
  return nullptr;
}

}  // namespace banmen::server

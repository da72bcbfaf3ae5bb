#include "shogi/impasse_view.h"

#include "shogi/shogi_game.h"

namespace banmen::shogi {

std::optional<std::array<ImpasseCount, 2>> impasse_counts(const Game& game) {
  const auto* shogi = dynamic_cast<const ShogiGame*>(&game);
  if (!shogi || shogi->current().variant().id != "shogi") return std::nullopt;
  const Position& pos = shogi->current();
  return std::array<ImpasseCount, 2>{impasse_count(pos, kBlack), impasse_count(pos, kWhite)};
}

std::string impasse_json(const Game& game) {
  const auto counts = impasse_counts(game);
  if (!counts) return "null";
  std::string out = "{";
  for (int c = 0; c < 2; ++c) {
    const ImpasseCount& n = (*counts)[c];
    out += c ? ",\"white\":{" : "\"black\":{";
    out += "\"king_in_camp\":" + std::string(n.king_in_enemy_camp ? "true" : "false");
    out += ",\"pieces\":" + std::to_string(n.pieces_in_enemy_camp);
    out += ",\"points\":" + std::to_string(n.points);
    out += ",\"needed\":" + std::to_string(n.points_needed) + "}";
  }
  return out + "}";
}

}  // namespace banmen::shogi

#include "games/registry.h"

#include <string>

#include "chess/factory.h"
#include "fairy/factory.h"
#include "hasami/factory.h"
#include "reversi/factory.h"
#include "shogi/factory.h"

namespace banmen {

namespace {

struct Entry {
  std::string_view id;
  const GameFactory& (*factory)();
};

const Entry kGames[] = {
    {"shogi", shogi::shogi_factory},
    {"minishogi", shogi::minishogi_factory},
    {"dogcat", shogi::dogcat_factory},
    {"hasami", hasami::hasami_factory},
    {"chess", chess::chess_factory},
    {"reversi", reversi::reversi_factory},
    // Fairy chess: the built-in variants in variants.ini's order, under Fairy-Stockfish's
    // names (tests/fairy/game_test.cpp checks each id against its variant).
    {"chess960", fairy::builtin_factory<0>},
    {"capablanca", fairy::builtin_factory<1>},
    {"gothic", fairy::builtin_factory<2>},
    {"embassy", fairy::builtin_factory<3>},
    {"janus", fairy::builtin_factory<4>},
    {"grand", fairy::builtin_factory<5>},
    {"almost", fairy::builtin_factory<6>},
    {"shatranj", fairy::builtin_factory<7>},
    {"makruk", fairy::builtin_factory<8>},
    {"knightmate", fairy::builtin_factory<9>},
    {"amazon", fairy::builtin_factory<10>},
    {"kingofthehill", fairy::builtin_factory<11>},
};

Error unknown(std::string_view id) {
  std::string known;
  for (const auto& e : kGames) known += (known.empty() ? "" : ", ") + std::string(e.id);
  return make_error(errc::unknown_game,
                    "unknown game '" + std::string(id) + "' (known: " + known + ")");
}

}  // namespace

const std::vector<std::string_view>& game_ids() {
  static const std::vector<std::string_view> ids = [] {
    std::vector<std::string_view> v;
    for (const auto& e : kGames) v.push_back(e.id);
    return v;
  }();
  return ids;
}

const GameFactory* find_game(std::string_view id) {
  for (const auto& e : kGames)
    if (e.id == id) return &e.factory();
  return nullptr;
}

Result<GamePtr> create_game(std::string_view id, std::string_view position) {
  const auto* f = find_game(id);
  if (!f) return unknown(id);
  return f->create(position);
}

Result<GamePtr> import_game(std::string_view id, std::string_view format, std::string_view text) {
  const auto* f = find_game(id);
  if (!f) return unknown(id);
  return f->import_record(format, text);
}

}  // namespace banmen

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
  std::string_view family;  // the fairy variants' group; empty for Banmen's own games
};

using fairy::builtin_factory;
using fairy::catalogue_factory;

const Entry kGames[] = {
    {"shogi", shogi::shogi_factory, ""},
    {"minishogi", shogi::minishogi_factory, ""},
    {"dogcat", shogi::dogcat_factory, ""},
    {"hasami", hasami::hasami_factory, ""},
    {"chess", chess::chess_factory, ""},
    {"reversi", reversi::reversi_factory, ""},
    // Fairy chess under Fairy-Stockfish's names (tests/fairy/game_test.cpp checks each id
    // against its variant): the built-ins in variants.ini's order, then the catalogue's
    // room variants in fairy::room_catalogue's order, each compiled when first asked for.
    {"chess960", builtin_factory<0>, "chess"},
    {"capablanca", builtin_factory<1>, "chess"},
    {"gothic", builtin_factory<2>, "chess"},
    {"embassy", builtin_factory<3>, "chess"},
    {"janus", builtin_factory<4>, "chess"},
    {"grand", builtin_factory<5>, "chess"},
    {"almost", builtin_factory<6>, "chess"},
    {"shatranj", builtin_factory<7>, "asian"},
    {"makruk", builtin_factory<8>, "asian"},
    {"knightmate", builtin_factory<9>, "chess"},
    {"amazon", builtin_factory<10>, "chess"},
    {"kingofthehill", builtin_factory<11>, "chess"},
    {"atomic", catalogue_factory<0>, "chess"},
    {"3check", catalogue_factory<1>, "chess"},
    {"antichess", catalogue_factory<2>, "chess"},
    {"horde", catalogue_factory<3>, "chess"},
    {"racingkings", catalogue_factory<4>, "chess"},
    {"duck", catalogue_factory<5>, "chess"},
    {"crazyhouse", catalogue_factory<6>, "drops"},
    {"placement", catalogue_factory<7>, "drops"},
    {"seirawan", catalogue_factory<8>, "drops"},
    {"shouse", catalogue_factory<9>, "drops"},
    {"capahouse", catalogue_factory<10>, "drops"},
    {"kyotoshogi", catalogue_factory<11>, "shogi"},
    {"torishogi", catalogue_factory<12>, "shogi"},
    {"euroshogi", catalogue_factory<13>, "shogi"},
    {"judkins", catalogue_factory<14>, "shogi"},
    {"xiangqi", catalogue_factory<15>, "asian"},
    {"minixiangqi", catalogue_factory<16>, "asian"},
    {"janggi", catalogue_factory<17>, "asian"},
    {"cambodian", catalogue_factory<18>, "asian"},
    {"sittuyin", catalogue_factory<19>, "asian"},
    {"gardner", catalogue_factory<20>, "small"},
    {"losalamos", catalogue_factory<21>, "small"},
    {"dobutsu", catalogue_factory<22>, "small"},
    {"micro", catalogue_factory<23>, "small"},
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

std::string_view game_family(std::string_view id) {
  for (const auto& e : kGames)
    if (e.id == id) return e.family;
  return {};
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

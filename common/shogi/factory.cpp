// The registry's entry points for shogi, minishogi and dog-cat shogi.
#include "shogi/factory.h"

#include "shogi/dogcat/dogcat_game.h"
#include "shogi/dogcat/dogcat_notation.h"
#include "shogi/dogcat/dogcat_record.h"
#include "shogi/records/record.h"
#include "shogi/sfen.h"
#include "shogi/shogi_game.h"

namespace banmen::shogi {

namespace {

const GameInfo& shogi_info() {
  static const GameInfo info{
      "shogi", "Shogi", {'b', 'w'}, {"sente", "gote"},  false, {"kif", "csa", "sfen"},
      true,    9,       9,          SquareNames::shogi, true,  "usi",
      "koma"};
  return info;
}

const GameInfo& minishogi_info() {
  static const GameInfo info{
      "minishogi", "Minishogi", {'b', 'w'}, {"sente", "gote"},  false, {"kif", "csa", "sfen"},
      true,        5,           5,          SquareNames::shogi, true,  "usi",
      "koma"};
  return info;
}

const GameInfo& dogcat_info() {
  static const GameInfo info{
      "dogcat", "Dog-cat shogi",    {'b', 'w'}, {"dog", "cat"}, true,  {"record"}, true, 5,
      5,        SquareNames::shogi, true,       "dogcat",       "koma"};
  return info;
}

Result<GamePtr> create(const GameInfo& info, const Variant& v, std::string_view position) {
  auto pos = parse_sfen(v, position.empty() ? v.start_sfen : position);
  if (!pos) return pos.error();
  return GamePtr(std::make_unique<ShogiGame>(info, *pos));
}

Result<GamePtr> create_shogi(std::string_view position) {
  return create(shogi_info(), shogi_variant(), position);
}
Result<GamePtr> create_minishogi(std::string_view position) {
  return create(minishogi_info(), minishogi_variant(), position);
}
Result<GamePtr> import_shogi(std::string_view format, std::string_view text) {
  return import_record(shogi_info(), shogi_variant(), format, text);
}
Result<GamePtr> import_minishogi(std::string_view format, std::string_view text) {
  return import_record(minishogi_info(), minishogi_variant(), format, text);
}

Result<GamePtr> create_dogcat(std::string_view position) {
  auto pos = parse_dogcat(position.empty() ? dogcat_start_position() : position);
  if (!pos) return pos.error();
  return GamePtr(std::make_unique<DogcatGame>(dogcat_info(), *pos));
}
Result<GamePtr> import_dogcat(std::string_view format, std::string_view text) {
  return import_dogcat_record(dogcat_info(), format, text);
}

}  // namespace

const GameFactory& shogi_factory() {
  static const GameFactory f{shogi_info, create_shogi, import_shogi};
  return f;
}

const GameFactory& minishogi_factory() {
  static const GameFactory f{minishogi_info, create_minishogi, import_minishogi};
  return f;
}

const GameFactory& dogcat_factory() {
  static const GameFactory f{dogcat_info, create_dogcat, import_dogcat};
  return f;
}

}  // namespace banmen::shogi

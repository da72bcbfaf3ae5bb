#pragma once
// The fairy-chess variants for the registry: one game id per built-in variant (ids equal
// to Fairy-Stockfish's variant names), and variants loaded from a user's definition.
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "core/game_factory.h"
#include "fairy/fairy_game.h"

namespace banmen::fairy {

// The built-in variant with this id, compiled once; nullptr for an unknown id.
std::shared_ptr<const VariantRules> builtin_variant(std::string_view id);

// A variant of Fairy-Stockfish's catalogue (catalogue.ini: crazyhouse, placement, ...)
// or a built-in, by its name, compiled on first use; nullptr for an unknown name. These are
// played by name in banmen-rules; the registry lists only the room variants.
std::shared_ptr<const VariantRules> named_variant(std::string_view id);

// The catalogue's variants rooms offer besides the built-ins, in the registry's order.
inline constexpr std::array<std::string_view, 24> room_catalogue = {
    "atomic",     "3check",    "antichess", "horde",     "racingkings", "duck",
    "crazyhouse", "placement", "seirawan",  "shouse",    "capahouse",   "kyotoshogi",
    "torishogi",  "euroshogi", "judkins",   "xiangqi",   "minixiangqi", "janggi",
    "cambodian",  "sittuyin",  "gardner",   "losalamos", "dobutsu",     "micro"};

// A variant rooms offer, by its game id: a built-in or one of room_catalogue; nullptr for
// any other id (Banmen's own games among them, whatever the catalogue calls its variants).
std::shared_ptr<const VariantRules> room_variant(std::string_view id);

// A variant of a user's definition file (errors: bad_position with the line and key;
// `detail`, when given, receives the same error's line, key and message apart). An empty
// name picks the file's last section.
Result<std::shared_ptr<const VariantRules>> load_variant(std::string_view ini_text,
                                                         std::string_view name,
                                                         VariantError* detail = nullptr);

// A game of `variant` from `position`: its start position when empty, a FEN, or for a
// Chess960 variant a start position number 0-959 ("" picks one at random).
Result<GamePtr> create_fairy_game(std::shared_ptr<const VariantRules> variant,
                                  std::string_view position);

// The start FEN of Chess960 position `number` (0-959; 518 is the usual chess start).
std::string chess960_fen(int number);

// The built-in variant at `index` in variants.ini (nullptr past the end).
std::shared_ptr<const VariantRules> builtin_variant_at(std::size_t index);
// A game of `variant` from a record; only "pgn" (errors: bad_record, unsupported).
Result<GamePtr> import_fairy_record(std::shared_ptr<const VariantRules> variant,
                                    std::string_view format, std::string_view text);
Result<GamePtr> import_fairy_pgn(std::shared_ptr<const VariantRules> variant,
                                 std::string_view text);

// The registry entry of the built-in variant at `index` in variants.ini: the registry
// wants plain function pointers, so each built-in gets its own instantiation.
template <std::size_t index>
const GameInfo& builtin_info() {
  return builtin_variant_at(index)->info;
}
template <std::size_t index>
Result<GamePtr> builtin_create(std::string_view position) {
  return create_fairy_game(builtin_variant_at(index), position);
}
template <std::size_t index>
Result<GamePtr> builtin_import(std::string_view format, std::string_view text) {
  return import_fairy_record(builtin_variant_at(index), format, text);
}
template <std::size_t index>
const GameFactory& builtin_factory() {
  static const GameFactory factory{builtin_info<index>, builtin_create<index>,
                                   builtin_import<index>};
  return factory;
}

// The registry entry of room_catalogue[index], compiled when first asked for.
template <std::size_t index>
const GameInfo& catalogue_info() {
  return named_variant(room_catalogue[index])->info;
}
template <std::size_t index>
Result<GamePtr> catalogue_create(std::string_view position) {
  return create_fairy_game(named_variant(room_catalogue[index]), position);
}
template <std::size_t index>
Result<GamePtr> catalogue_import(std::string_view format, std::string_view text) {
  return import_fairy_record(named_variant(room_catalogue[index]), format, text);
}
template <std::size_t index>
const GameFactory& catalogue_factory() {
  static const GameFactory factory{catalogue_info<index>, catalogue_create<index>,
                                   catalogue_import<index>};
  return factory;
}

}  // namespace banmen::fairy

// A game chosen by id, or a room's own fairy-chess variant: the id "custom" with the
// definition's text (variants.ini) and the section it plays. The definition travels with
// the choice (room options, stored games), so whatever rebuilds the game (a rematch, a
// restart's restore, a record export) compiles the same rules again.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fairy/fairy_game.h"
#include "fairy/variant_file.h"
#include "games/registry.h"
#include "games/variant_error.h"

namespace banmen {

inline constexpr std::string_view custom_game_id = "custom";

struct GameChoice {
  std::string game;          // a registry id or "custom"
  std::string variant;       // custom: the definition text
  std::string variant_name;  // custom: the section played (empty: the last one)
};

// A user's variant for a room, its GameInfo id "custom" and name the section's. Errors:
// bad_variant with the parser's words ("line 3: customPiece1 ..."); `detail` receives the
// line, key and message apart.
Result<std::shared_ptr<const fairy::VariantRules>> load_custom_variant(
    std::string_view text, std::string_view name, fairy::VariantError* detail = nullptr);

// The chosen game from `position` (empty: its start). Errors: unknown_game, bad_variant,
// bad_position.
Result<GamePtr> create_chosen_game(const GameChoice& choice, std::string_view position = {});
// The same with the custom variant already compiled (nullptr for a registry game).
Result<GamePtr> create_chosen_game(const GameChoice& choice,
                                   const std::shared_ptr<const fairy::VariantRules>& custom,
                                   std::string_view position = {});

// The record formats a game id offers ("custom": a fairy variant's); empty when unknown.
std::vector<std::string_view> record_formats_of(std::string_view game);

}  // namespace banmen

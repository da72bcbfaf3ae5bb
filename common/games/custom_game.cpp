#include "games/custom_game.h"

#include "fairy/cost_probe.h"
#include "fairy/factory.h"
#include "fairy/fen.h"

namespace banmen {

Result<std::shared_ptr<const fairy::VariantRules>> load_custom_variant(
    std::string_view text, std::string_view name, fairy::VariantError* detail) {
  auto loaded = fairy::load_variant(text, name, detail);
  if (!loaded) return make_error(errc::bad_variant, loaded.error().message);
  // A room plays it: its start position and a fixed line after it must fit the cost
  // probe's budget (fairy/cost_probe.h). Deterministic, so a stored game's definition
  // loads again as it did when its room was created.
  std::string error;
  auto start = fairy::parse_fen((*loaded)->rules, (*loaded)->rules.start_fen, error);
  if (!start)
    error = "startFen: " + error;
  else if (auto refusal = fairy::cost_refusal(*start))
    error = (*loaded)->id + " " + *refusal;
  if (!error.empty()) {
    if (detail) *detail = {0, "", error};
    return make_error(errc::bad_variant, error);
  }
  // A copy whose seam facts say "custom": the GameInfo's views point into the copy's own
  // strings, so they are set again after copying.
  auto custom = std::make_shared<fairy::VariantRules>(**loaded);
  custom->info.id = custom_game_id;
  custom->info.name = custom->name;
  return std::shared_ptr<const fairy::VariantRules>(std::move(custom));
}

Result<GamePtr> create_chosen_game(const GameChoice& choice,
                                   const std::shared_ptr<const fairy::VariantRules>& custom,
                                   std::string_view position) {
  if (choice.game != custom_game_id) return create_game(choice.game, position);
  if (!custom) return make_error(errc::bad_variant, "a custom game needs its variant");
  return fairy::create_fairy_game(custom, position);
}

Result<GamePtr> create_chosen_game(const GameChoice& choice, std::string_view position) {
  if (choice.game != custom_game_id) return create_game(choice.game, position);
  auto custom = load_custom_variant(choice.variant, choice.variant_name);
  if (!custom) return custom.error();
  return create_chosen_game(choice, *custom, position);
}

std::vector<std::string_view> record_formats_of(std::string_view game) {
  if (game == custom_game_id) return fairy::builtin_variant_at(0)->info.record_formats;
  const auto* f = find_game(game);
  return f ? f->info().record_formats : std::vector<std::string_view>{};
}

}  // namespace banmen

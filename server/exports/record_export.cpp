#include "exports/record_export.h"

#include <nlohmann/json.hpp>

#include "exports/analysis_comments.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "util/constant_time.h"
#include "util/time.h"

namespace banmen::server {

GameChoice stored_game_choice(const StoredGameStart& start) {
  GameChoice choice{start.game_id, {}, {}};
  if (start.game_id != custom_game_id) return choice;
  auto options = nlohmann::json::parse(start.options_json, nullptr, false);
  if (!options.is_object()) return choice;
  auto text_of = [&](const char* key) {
    auto it = options.find(key);
    return it != options.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  choice.variant = text_of("variant");
  choice.variant_name = text_of("variant_name");
  return choice;
}

Result<GamePtr> replay_stored_game(const StoredGame& stored) {
  auto game = create_chosen_game(stored_game_choice(stored.start), stored.start.initial_position);
  if (!game) return game.error();
  for (const auto& m : stored.moves) {
    // The store only ever held moves the rules accepted; a refusal here means the rules
    // changed under a stored game, which must be loud rather than exported wrong.
    if (auto r = (*game)->apply(m.move); !r)
      return make_error(storage_error, "stored move " + std::to_string(m.ply) + " '" + m.move +
                                           "' does not replay: " + r.error().message);
  }
  if (stored.finished && !(*game)->over()) (*game)->finish(outcome_of(stored.outcome));
  return game;
}

Viewer viewer_for_token_hash(const StoredSeries& series, const StoredGameStart& game,
                             std::optional<std::string_view> token_hash) {
  if (!token_hash || token_hash->empty()) return Viewer::spectator;
  for (const auto& p : series.players) {
    if (p.token_hash.empty()) continue;
    // The time taken must not tell how much of the hash matched.
    if (equal_constant_time(p.token_hash, *token_hash) && (p.player == 0 || p.player == 1))
      return seat_viewer(game.seat_of_player[p.player]);
  }
  return Viewer::spectator;
}

Result<std::string> export_stored_game(const StoredSeries& series, const StoredGame& stored,
                                       std::string_view format, Viewer viewer,
                                       const RecordContext& context) {
  if (viewer == Viewer::referee) viewer = Viewer::spectator;
  auto game = replay_stored_game(stored);
  if (!game) return game.error();
  RecordInfo info;
  for (const auto& p : series.players)
    if (p.player == 0 || p.player == 1)
      info.players[stored.start.seat_of_player[p.player]] = p.name;
  info.event =
      "Banmen room " + series.info.room_id + ", game " + std::to_string(stored.start.game_no);
  info.site = context.site;
  info.start_time = iso8601_utc(stored.start.started_ms);
  info.time_control = context.time_control;
  // Thinking times unless none was recorded (records from before they were stored).
  bool timed = false;
  for (const auto& m : stored.moves) timed = timed || m.used_ms > 0;
  if (timed)
    for (const auto& m : stored.moves) info.move_times_ms.push_back(m.used_ms);
  // The stored analysis' evaluations, where the format has comments.
  if (stored.analysis && stored.finished) {
    if (format.starts_with("pgn"))
      info.move_comments = pgn_eval_comments(*stored.analysis, stored.moves.size());
    else if (format.starts_with("kif"))
      info.move_comments = kif_eval_comments(*stored.analysis, stored.moves.size());
  }
  return (*game)->export_record(format, viewer, info);
}

}  // namespace banmen::server

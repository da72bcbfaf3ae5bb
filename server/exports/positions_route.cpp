// GET /api/rooms/<room>/games/<n>/positions: the replay data of one game. The same viewer
// rules as the record route: a player's token gives that seat's view while the game is
// played, anyone else the spectator's (none in a room without spectators); a finished
// game is the referee's view for everyone, and cacheable.
#include "exports/export_replies.h"
#include "exports/export_request.h"
#include "exports/game_positions.h"

namespace banmen::server {

ExportReply positions_reply(Store& store, const std::string& room_id, int game_no,
                            std::string_view query, const ExportRequest& req,
                            PositionsCache* cache) {
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;
  auto series = store.list_games(room_id, {1, 0});  // the room and its players
  if (!series) return store_failure_reply(series.error());
  auto game = store.load_game(room_id, game_no);
  if (!game) return store_failure_reply(game.error());
  const GameAsker asker = game_asker(*series, *game, token);
  if (asker.refusal) return *asker.refusal;

  auto positions = stored_game_positions(*game, asker.viewer, cache);
  if (!positions) return store_failure_reply(positions.error());
  nlohmann::json body{{"room", room_id}, {"game_no", game_no}};
  body.update(*positions);
  return ExportReply{200, body.dump() + "\n", "application/json", {}, game->finished};
}

}  // namespace banmen::server

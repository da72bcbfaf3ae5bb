#include "exports/game_positions.h"

#include "exports/record_export.h"
#include "shogi/dogcat/dogcat_reveal.h"

namespace banmen::server {

namespace {

using nlohmann::json;

json reveal_json(const shogi::DogcatPlyReveal& r) {
  json hidden = json::array();
  for (const auto& h : r.hidden)
    hidden.push_back({{"owner", h.owner},
                      {"where", h.where},
                      {"type", std::string(1, h.type)},
                      {"candidate", h.candidate}});
  // Built element by element: a braced list of two lists of two strings would read as an
  // object of two pairs.
  json seen_by = json::array();
  for (const auto& squares : r.king_candidates_seen_by) seen_by.push_back(json(squares));
  return {{"hidden", std::move(hidden)}, {"king_candidates_seen_by", std::move(seen_by)}};
}

}  // namespace

nlohmann::json stored_result_json(const StoredGame& g) {
  if (!g.finished) return nullptr;
  return {{"kind", g.outcome.kind},
          {"winner", g.outcome.kind == "win" ? json(g.outcome.winner) : json(nullptr)},
          {"reason", g.outcome.reason}};
}

Result<json> stored_game_positions(const StoredGame& stored, Viewer viewer, PositionsCache* cache) {
  // Once the game is over nothing is hidden from anyone: the referee's view for everyone
  // (and the same answer for everyone, so it may be cached). Before that, the asker's.
  if (stored.finished) viewer = Viewer::referee;
  if (viewer == Viewer::referee && !stored.finished) viewer = Viewer::spectator;
  if (stored.finished) cache = nullptr;  // the export cache keeps the whole answer

  // Where the kept positions of this game end, if its moves begin with theirs (a takeback
  // or a new game under the same number does not).
  std::optional<PositionsCache::Entry> kept;
  if (cache) kept = cache->find(stored.start.room_id, stored.start.game_no, viewer);
  if (kept && kept->moves.size() <= stored.moves.size()) {
    for (std::size_t i = 0; i < kept->moves.size() && kept; ++i)
      if (kept->moves[i] != stored.moves[i].move) kept.reset();
  } else {
    kept.reset();
  }
  GamePtr made;
  json positions = json::array();
  std::size_t from = 0;
  if (kept) {
    made = std::move(kept->game);
    positions = std::move(kept->positions);
    from = kept->moves.size();
  } else {
    auto fresh =
        create_chosen_game(stored_game_choice(stored.start), stored.start.initial_position);
    if (!fresh) return fresh.error();
    made = std::move(*fresh);
    positions.push_back({{"ply", 0},
                         {"position", made->view(viewer)},
                         {"to_move", made->to_move()},
                         {"in_check", made->in_check()}});
  }
  Game& game = *made;
  for (std::size_t i = from; i < stored.moves.size(); ++i) {
    const int seat = game.to_move();  // a pass is a move, so the mover is the side to move
    // The store only ever held moves the rules accepted (see replay_stored_game()).
    if (auto r = game.apply(stored.moves[i].move); !r)
      return make_error(storage_error, "stored move " + std::to_string(i + 1) + " '" +
                                           stored.moves[i].move +
                                           "' does not replay: " + r.error().message);
    positions.push_back({{"ply", i + 1},
                         {"seat", seat},
                         {"move", game.notation(i, viewer)},
                         {"display", game.display_notation(i, viewer)},
                         {"position", game.view(viewer)},
                         {"to_move", game.to_move()},
                         {"in_check", game.in_check()}});
  }
  if (cache) {
    PositionsCache::Entry entry{{}, game.clone(), positions};
    entry.moves.reserve(stored.moves.size());
    for (const auto& m : stored.moves) entry.moves.push_back(m.move);
    cache->keep(stored.start.room_id, stored.start.game_no, viewer, std::move(entry));
  }
  if (stored.finished && !game.over()) game.finish(outcome_of(stored.outcome));

  // Dog-cat after the end: who each hidden piece was at every ply, and which of them each
  // player could not rule out as the king. Refused by the rules core while it is played.
  if (stored.finished && game.info().hidden_information) {
    auto reveal = shogi::reveal_dogcat_game(game);
    if (reveal && reveal->size() == positions.size())
      for (std::size_t i = 0; i < reveal->size(); ++i)
        positions[i]["reveal"] = reveal_json((*reveal)[i]);
  }

  return json{
      {"game", stored.start.game_id},
      {"status", stored.finished ? "over" : "playing"},
      {"initial_position", stored.finished ? game.initial_position() : game.initial_view(viewer)},
      {"positions", std::move(positions)},
      {"result", stored_result_json(stored)},
      // The computer's analysis (docs/protocol.md, analysis_request), once there is one.
      {"analysis", stored.finished && stored.analysis
                       ? json::parse(*stored.analysis, nullptr, false)
                       : json(nullptr)}};
}

}  // namespace banmen::server

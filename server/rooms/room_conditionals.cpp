// Conditional moves in a correspondence game (rooms/conditional_moves.h): a player leaves
// them while the opponent is to move; the opponent's move plays the matching answer at
// once, through the same checks as any move. Only the player's own connections ever hear
// of them (a `conditionals` message); the log names how many, never which.
#include <spdlog/spdlog.h>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "rooms/server_client.h"

namespace banmen::server {

json Room::conditionals_json(int player) const {
  return json{{"type", "conditionals"},
              {"game_no", match_.game_no()},
              {"ply", conditionals_.ply_of(player)},
              {"lines", conditionals_.of(player)}};
}

void Room::send_conditionals(int player) {
  const auto text = std::make_shared<const std::string>(conditionals_json(player).dump());
  for (const auto& [id, m] : seating_.members())
    if (m.player == player)
      if (auto c = m.client.lock()) c->send(text);
}

void Room::on_conditional_set(const Request& r) {
  const int player = r.member.player;
  const Game& game = match_.game();
  if (!match_.clock().spec().correspondence())
    return refuse(r, errc::unsupported, "conditional moves are for correspondence games");
  if (game.info().hidden_information)
    // Checking a line would answer questions about pieces the player may not see.
    return refuse(r, errc::unsupported, "conditional moves are not offered in this game");
  if (game.to_move() == seating_.seat_of(player))
    return refuse(r, errc::your_turn, "it is your move: conditional moves come after it");
  auto lines = ConditionalMoves::read(game, r.as<ConditionalSetFields>().lines);
  if (!lines) return refuse(r, lines.error().code, lines.error().message);
  const auto ply = game.history_size();
  StoredConditionals record{id_, match_.game_no(), player, static_cast<int>(ply),
                            json(*lines).dump()};
  commit_then(record, r, [this, r, player, ply, lines = std::move(*lines)]() mutable {
    spdlog::info("room {} game {}: player {} left {} conditional lines", id_, match_.game_no(),
                 player, lines.size());
    conditionals_.set(player, ply, std::move(lines));
    ack(r);
    send_conditionals(player);
  });
}

void Room::answer_conditionally(int mover, std::size_t ply) {
  const int owner = 1 - mover;
  if (conditionals_.of(owner).empty() || match_.status() != Status::playing ||
      match_.game().history_size() != ply)
    return;
  const auto played = match_.game().notation(ply - 1, Viewer::referee);
  const auto reply = conditionals_.answer(owner, played, ply);
  send_conditionals(owner);
  // What is left (or nothing) is kept first, so a restart brings back only what still
  // holds; the answer is played once that write is answered (the room holds every other
  // request meanwhile, one write at a time).
  store_then(
      StoredConditionals{id_, match_.game_no(), owner, static_cast<int>(reply ? ply + 1 : ply),
                         json(conditionals_.of(owner)).dump()},
      [this, owner, ply, reply](const Result<void>&) {
        if (!reply || match_.status() != Status::playing || match_.game().history_size() != ply)
          return;
        if (!conditional_client_)
          conditional_client_ =
              std::make_shared<ServerClient>(0, id_, "a conditional answer", false);
        conditional_member_ = Member{conditional_client_, owner, seating_.player(owner).name};
        const Route& move = *route("move");
        Request r{*conditional_member_, conditional_client_, move.type,
                  MoveFields{*reply, static_cast<std::int64_t>(events_.position_version()),
                             "conditional-" + std::to_string(ply + 1)},
                  json(nullptr)};
        if (preconditions_hold(move, r)) on_move(r);
      });
}

std::vector<int> Room::drop_conditionals() {
  std::vector<int> dropped;
  for (int p = 0; p < 2; ++p) {
    if (conditionals_.of(p).empty()) continue;
    conditionals_.clear(p);
    send_conditionals(p);
    dropped.push_back(p);
  }
  return dropped;
}

void Room::forget_stored_conditionals(const std::vector<int>& players) {
  // One write at a time: the next player's after the first is answered.
  if (players.empty() || match_.status() != Status::playing) return;
  const int p = players.front();
  store_then(StoredConditionals{id_, match_.game_no(), p,
                                static_cast<int>(match_.game().history_size()), "[]"},
             [this, rest = std::vector<int>(players.begin() + 1, players.end())](
                 const Result<void>&) { forget_stored_conditionals(rest); });
}

void Room::restore_conditionals(const StoredRoom& stored) {
  const auto plies = match_.game().history_size();
  for (const auto& kept : stored.conditionals) {
    if (kept.player < 0 || kept.player > 1 || static_cast<std::size_t>(kept.ply) != plies)
      continue;  // left for a position the game has moved on from
    if (match_.game().to_move() == seating_.seat_of(kept.player)) continue;
    auto parsed = json::parse(kept.lines_json, nullptr, false);
    auto lines = ConditionalMoves::read(match_.game(), parsed);
    if (!lines) continue;  // another version of the rules: dropped
    conditionals_.set(kept.player, plies, std::move(*lines));
  }
}

}  // namespace banmen::server

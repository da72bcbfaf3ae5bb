#include "rooms/seating.h"

#include <utility>

#include "util/tokens.h"

namespace banmen::server {

int Seating::player_with_token(const std::string& token_hash) const {
  int found = -1;
  // Both compared, in constant time: which seat matched must not show in the timing.
  for (int p = 0; p < 2; ++p)
    if (players_[p].taken && equal_constant_time(players_[p].token_hash, token_hash)) found = p;
  return found;
}

void Seating::seat_players(int seat_of_player0, int seat_of_player1) {
  seat_of_player_[0] = seat_of_player0;
  seat_of_player_[1] = seat_of_player1;
}

void Seating::swap_seats() {
  std::swap(seat_of_player_[0], seat_of_player_[1]);
}

Viewer Seating::viewer_of_player(int player) const {
  return player >= 0 ? seat_viewer(seat_of_player_[player]) : Viewer::spectator;
}

Member* Seating::find(std::uint64_t client_id) {
  auto it = members_.find(client_id);
  return it == members_.end() ? nullptr : &it->second;
}

void Seating::add(const std::shared_ptr<Client>& client, int player, std::string name,
                  std::int64_t now_ms) {
  members_[client->client_id()] = Member{client, player, std::move(name)};
  if (player < 0) return;
  auto& p = players_[player];
  // Back from away (gone since a time), or here for the first time; a replaced connection
  // was removed with no time and keeps the player here since before.
  if (p.here_since_ms == 0 || p.gone_since_ms != 0) p.here_since_ms = now_ms;
  p.client = client->client_id();
  p.gone_since_ms = 0;
}

std::optional<int> Seating::remove(std::uint64_t client_id, std::int64_t now_ms) {
  auto it = members_.find(client_id);
  if (it == members_.end()) return std::nullopt;
  const int p = it->second.player;
  members_.erase(it);
  if (p >= 0 && players_[p].client == client_id) {
    players_[p].client = 0;
    players_[p].gone_since_ms = now_ms;
  }
  return p;
}

std::size_t Seating::spectator_count() const {
  std::size_t n = 0;
  for (const auto& [id, m] : members_)
    if (m.player < 0) ++n;
  return n;
}

std::vector<std::int64_t>& Seating::chat_times(const Member& m) {
  return m.player >= 0 ? players_[m.player].chat_times : spectator_chat_times_;
}

}  // namespace banmen::server

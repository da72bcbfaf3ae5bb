#include "outside_match.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "games/registry.h"
#include "play.h"
#include "uci_client.h"
#include "uci_notation.h"

namespace banmen::arena {
namespace {

// "startpos moves ..." in the engine's notation for the moves played so far.
std::optional<std::string> uci_position(std::string_view id,
                                        const std::vector<std::string>& moves) {
  std::string text = "startpos";
  if (!moves.empty()) text += " moves";
  for (const auto& m : moves) {
    auto u = to_uci_move(id, m);
    if (!u) return std::nullopt;
    text += ' ' + *u;
  }
  return text;
}

// One game; the result for our level. nullopt with `error` when the match must stop.
std::optional<double> play_outside_game(UciClient& uci, std::string_view id, int level,
                                        bool ours_first, std::uint64_t seed,
                                        const OutsideOptions& o, std::string& error) {
  auto created = create_arena_game(id);
  if (!created.ok()) return error = created.error().message, std::nullopt;
  Game& g = **created;
  std::vector<std::string> moves = play_opening(g, seed);
  if (!uci.send("ucinewgame")) return error = "engine input closed", std::nullopt;
  std::mt19937_64 rng(seed * 31 + 7);
  const int our_seat = ours_first ? 0 : 1;
  for (int ply = 0; ply < o.max_plies && !g.over(); ++ply) {
    std::string move;
    if (g.to_move() == our_seat) {
      auto mine = level_move(g, level, o.scale, rng());
      if (!mine.ok()) return error = "our engine: " + mine.error().message, std::nullopt;
      move = *mine;
    } else {
      auto position = uci_position(id, moves);
      if (!position) return error = "a move of ours has no engine notation", std::nullopt;
      auto theirs =
          uci.best_move(*position, o.go, std::chrono::milliseconds(o.move_timeout_ms), error);
      if (!theirs) return std::nullopt;
      auto ours = from_uci_move(id, *theirs);
      if (!ours) {
        error = "engine move '" + *theirs + "' does not parse, at " + g.position();
        return std::nullopt;
      }
      move = *ours;
    }
    if (auto applied = g.apply(move); !applied.ok()) {
      error = (g.to_move() == our_seat ? "our move '" : "engine move '") + move +
              "' refused by the rules core (" + applied.error().message + ") at " + g.position();
      return std::nullopt;
    }
    moves.push_back(move);
  }
  return result_for(g, our_seat);
}

}  // namespace

bool outside_match(std::string_view id, int level, const OutsideOptions& o, MatchScore& total,
                   std::string& error) {
  std::mutex m;
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    std::string why;
    auto uci = UciClient::start(o.engine_path, why);
    if (uci && !uci->handshake(uci_variant(id), std::chrono::milliseconds(o.move_timeout_ms), why))
      uci.reset();
    for (int i; uci && !failed && (i = next++) < o.games;) {
      const std::uint64_t opening_seed = 1000 + static_cast<std::uint64_t>(i / 2);
      const auto r = play_outside_game(*uci, id, level, i % 2 == 0, opening_seed, o, why);
      if (!r) break;
      std::lock_guard lock(m);
      (*r == 1.0 ? total.wins : *r == 0.0 ? total.losses : total.draws)++;
    }
    if (!why.empty()) {
      std::lock_guard lock(m);
      if (!failed.exchange(true)) error = why;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  return !failed;
}

}  // namespace banmen::arena

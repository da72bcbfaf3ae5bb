// Moves between our protocol notation and the notation Fairy-Stockfish speaks in UCI mode.
//
// Chess and the fairy variants: both are UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`),
// so a move passes unchanged. Shogi and minishogi: we speak USI (`7g7f`, `8h2b+`, `P*5e`: files
// numbered from Black's right, ranks lettered from White's side); Fairy-Stockfish's UCI
// mode names squares as chess does, files a.. from Black's left and ranks 1.. from Black's
// side, drops as `P@e5` and promotion with the same `+`. So USI `7g7f` is `c3c4` on 9x9 and
// `P*5e` is `P@e5`. Pure text: the arena still plays every converted move through the rules
// core, which refuses anything this mapping could get wrong.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fairy/factory.h"
#include "games/registry.h"

namespace banmen::arena {

// The board width (= height) of a game written in USI, 0 for a game whose moves pass
// unchanged.
inline int usi_board_size(std::string_view game_id) {
  const GameFactory* game = find_game(game_id);
  return game && game->info().notation == "usi" ? game->info().files : 0;
}

namespace uci_detail {

// `7g` -> `c3` on a size-n board; nullopt for anything that is not a square of it.
inline std::optional<std::string> usi_square_to_uci(std::string_view sq, int n) {
  if (sq.size() != 2) return std::nullopt;
  const int file = sq[0] - '0', rank = sq[1] - 'a';  // file 1..n, rank 0..n-1 from the top
  if (file < 1 || file > n || rank < 0 || rank >= n) return std::nullopt;
  return std::string{static_cast<char>('a' + (n - file)), static_cast<char>('1' + (n - 1 - rank))};
}

// `c3` -> `7g` on a size-n board.
inline std::optional<std::string> uci_square_to_usi(std::string_view sq, int n) {
  if (sq.size() != 2) return std::nullopt;
  const int col = sq[0] - 'a', row = sq[1] - '1';  // both 0..n-1 from Black's left and side
  if (col < 0 || col >= n || row < 0 || row >= n) return std::nullopt;
  return std::string{static_cast<char>('0' + (n - col)), static_cast<char>('a' + (n - 1 - row))};
}

// Shared shape of both notations: [piece drop-mark] from-or-nothing, to, optional '+'.
// `from_mark` and `to_mark` are the drop marks ('*' USI, '@' UCI); `convert` maps a square.
template <class SquareMap>
std::optional<std::string> convert_shogi_move(std::string_view m, char from_mark, char to_mark,
                                              SquareMap convert) {
  if (m.size() == 4 && m[1] == from_mark) {  // a drop: piece letter, mark, square
    if (m[0] < 'A' || m[0] > 'Z') return std::nullopt;
    auto to = convert(m.substr(2));
    if (!to) return std::nullopt;
    return std::string{m[0], to_mark} + *to;
  }
  const bool promotes = m.size() == 5 && m[4] == '+';
  if (m.size() != 4 && !promotes) return std::nullopt;
  auto from = convert(m.substr(0, 2));
  auto to = convert(m.substr(2, 2));
  if (!from || !to) return std::nullopt;
  return *from + *to + (promotes ? "+" : "");
}

}  // namespace uci_detail

// Our move text -> Fairy-Stockfish's; nullopt for text that is not a move's shape.
inline std::optional<std::string> to_uci_move(std::string_view game_id, std::string_view move) {
  const int n = usi_board_size(game_id);
  if (n == 0) return std::string(move);
  return uci_detail::convert_shogi_move(
      move, '*', '@', [n](std::string_view s) { return uci_detail::usi_square_to_uci(s, n); });
}

// Fairy-Stockfish's move text -> ours; nullopt for text that is not a move's shape.
inline std::optional<std::string> from_uci_move(std::string_view game_id, std::string_view move) {
  const int n = usi_board_size(game_id);
  if (n == 0) return std::string(move);
  return uci_detail::convert_shogi_move(
      move, '@', '*', [n](std::string_view s) { return uci_detail::uci_square_to_usi(s, n); });
}

// The UCI_Variant name Fairy-Stockfish knows our game by (the same name: our games written
// in USI or UCI carry its names), or empty for a game it does not play with our rules
// (those with a notation of their own: dog-cat, hasami shogi, reversi), for a room's own
// definition, or for a game the match cannot start from `startpos` (a Chess960 variant,
// whose start differs from game to game).
inline std::string uci_variant(std::string_view game_id) {
  const GameFactory* game = find_game(game_id);
  if (!game) {
    // A variant of the catalogue by its name (crazyhouse, xiangqi): the engine's name too.
    const auto named = fairy::named_variant(game_id);
    return named && !named->rules.chess960 ? std::string(game_id) : std::string();
  }
  const std::string_view notation = game->info().notation;
  const auto variant = fairy::builtin_variant(game_id);
  const bool known =
      (notation == "usi" || notation == "uci") && !(variant && variant->rules.chess960);
  return known ? std::string(game_id) : std::string();
}

}  // namespace banmen::arena

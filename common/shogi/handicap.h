// Shogi's standard handicaps (駒落ち). The stronger player, the handicap giver (上手),
// plays White (gote) without the pieces named and, as in Japanese practice, moves first;
// the receiver (下手) plays Black with the full set. Each handicap is written once, as
// the CSA list of the pieces taken off the usual start (`PI82HI22KA`); its start SFEN,
// its KIF 手合割 name and its CSA start all come from this one table.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "shogi/position.h"

namespace banmen::shogi {

// Error code: a handicap name that is not one of handicaps(), or one asked of another game.
inline constexpr const char* kUnknownHandicap = errc::unknown_handicap;

struct Handicap {
  std::string_view id;        // the option value: "lance", "bishop", ..., "ten_pieces"
  std::string_view kif_name;  // KIF's 手合割: "香落ち", "角落ち", ...
  std::string_view english;   // "Lance", "Bishop", ...
  std::string_view removed;   // White's pieces taken off, CSA style: "82HI22KA"
};

// The nine standard handicaps, from the smallest (香落ち) to the largest (十枚落ち).
std::span<const Handicap> handicaps();
// nullptr when `id` names none of them.
const Handicap* find_handicap(std::string_view id);
const Handicap* find_handicap_by_kif_name(std::string_view kif_name);

// The start of a handicap game: the usual shogi start without `h.removed`, White to move,
// move number 1.
Position handicap_position(const Handicap& h);
// The handicap whose start `pos` is (board, hands and side to move; the move number is
// not compared), or nullptr. Only 9x9 shogi has handicaps.
const Handicap* handicap_of(const Position& pos);

// The start SFEN a game of `game_id` with `handicap` begins from: "" or "even" (平手) give
// the usual start. Errors: unknown_handicap (an unknown name, or a game other than shogi).
Result<std::string> handicap_start_sfen(std::string_view game_id, std::string_view handicap);

}  // namespace banmen::shogi

// Pseudo-legal moves, shared by every game of the family: what the pieces can physically
// do, ignoring king safety and the drop restrictions. Promotion follows the geometry: a
// promotable piece whose move starts or ends in the zone may promote, and must where it
// would otherwise have no move. Legality filters live apart (legality.h), so a game
// without a check rule (dog-cat) uses these lists with only the filters it needs.
#pragma once

#include "shogi/move_list.h"
#include "shogi/position.h"

namespace banmen::shogi {

// Adds `from -> to` for `moved` with every promotion choice the geometry allows.
inline void add_board_move(const Position& pos, MoveList& out, Square from, Square to,
                           Piece moved) {
  const Variant& v = pos.variant();
  const Color us = color_of(moved);
  const Piece cap = pos.at(to);
  if (can_promote(type_of(moved)) && (v.zone[us][from] || v.zone[us][to])) {
    out.push(make_board_move(from, to, moved, cap, true));
    if (!v.dead[moved][to]) out.push(make_board_move(from, to, moved, cap, false));
  } else {
    out.push(make_board_move(from, to, moved, cap, false));
  }
}

// Every board move of the piece on `from` whose directions are within `dir_mask`
// (all eight for a free piece; a pinned piece passes its pin line). Jumps only when
// `allow_jump`.
void add_piece_moves(const Position& pos, MoveList& out, Square from, std::uint8_t dir_mask,
                     bool allow_jump);

// Every board move of the side to move.
void generate_board_moves(const Position& pos, MoveList& out);
// Every drop of every hand piece of the side to move on every empty square.
void generate_drops(const Position& pos, MoveList& out);

}  // namespace banmen::shogi

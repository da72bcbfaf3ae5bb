// Moves as Japanese players write them, by the Japan Shogi Association's rules (the KI2
// style, without the mover's mark): "７六歩", "同　銀", "５二金右", "２二角成", "４五角打".
// Unlike KIF's origin square "(77)", the origin is named only when it has to be:
// - 上/寄/引 (moving up, sideways, back) and 右/左 (the piece on the mover's right/left),
//   or 直 (straight up), only when another piece of the same kind could reach the square;
// - 打 only when a piece of that kind on the board could also reach the square;
// - 成 for a promotion, 不成 for a move that could have promoted and did not;
// - 同 when the move takes back on the square the previous move went to.
// "Could reach" is the piece's movement on this board, as KI2 readers resolve it: a
// piece pinned to its king still counts.
#pragma once

#include <string>

#include "shogi/position.h"

namespace banmen::shogi {

// `before` is the position the move is played in; `prev` the move before it (kNoMove at
// the start of a game).
std::string japanese_move_text(const Position& before, Move m, Move prev);

}  // namespace banmen::shogi

// The rules that end a game, beyond having no legal move: material that cannot mate.
#pragma once

#include "chess/position.h"

namespace banmen::chess {

// The automatic draw (reason insufficient_material): no pawn, rook or queen on the board,
// and either at most one knight or bishop in all, or only bishops, all on squares of one
// colour. This is K v K, K+minor v K and K+B v K+B with same-coloured bishops, and the
// rare positions with more bishops that are just as dead.
bool insufficient_material(const Position& pos);

// True when `side` cannot checkmate by any series of legal moves, for a flag fall: its
// opponent's timeout is then a draw. See docs/rules/chess.md for the exact rule.
bool cannot_mate(const Position& pos, Color side);

}  // namespace banmen::chess

// The legality rules of shogi and minishogi as separate filters over pseudo-legal moves.
// Each answers one question, so a variant can take the ones it plays with (dog-cat has no
// check rule and no pawns, so it needs none of them). These are the plain reference
// versions; movegen.h produces the same lists much faster, and tests hold the two equal.
#pragma once

#include "shogi/move_list.h"
#include "shogi/position.h"

namespace banmen::shogi {

// A pawn dropped on a file that already holds an unpromoted pawn of the same side.
bool is_nifu(const Position& pos, Move m);
// A pawn, lance or knight dropped where it could never move.
bool is_dead_drop(const Position& pos, Move m);
// After the move, the mover's king is attacked.
bool leaves_king_attacked(Position& pos, Move m);
// A pawn drop that checkmates (uchifuzume). The position is restored.
bool is_pawn_drop_mate(Position& pos, Move m);

// All four filters: the full shogi legality of a pseudo-legal move.
bool is_legal_shogi(Position& pos, Move m);
// Pseudo-legal generation followed by the filters: the slow reference move list.
void generate_legal_reference(Position& pos, MoveList& out);

}  // namespace banmen::shogi

// Dog-cat move generation. There is no check rule, so the pseudo-legal board moves of the
// shared shogi generator are the legal ones; on top of them come the two kinds of drop:
// hidden drops into one's own camp (one move per hidden type, as the owner sees them)
// and face-up drops of captured pieces anywhere.
#pragma once

#include <cstdint>
#include <vector>

#include "shogi/dogcat/dogcat_position.h"
#include "shogi/move_list.h"

namespace banmen::shogi {

// Every legal move of the side to move, whether or not the game is already decided.
void generate_dogcat_moves(const DogcatPosition& pos, MoveList& out);
bool has_dogcat_move(const DogcatPosition& pos);

// Leaf positions after exactly `depth` moves from `pos`, a finished game having no moves.
// `history` holds the keys of the positions played before `pos` (for repetition).
std::uint64_t dogcat_perft(const DogcatPosition& pos, int depth,
                           std::vector<std::uint64_t>& history);

}  // namespace banmen::shogi

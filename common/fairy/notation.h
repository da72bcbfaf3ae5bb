#pragma once
// Moves as Fairy-Stockfish writes them: UCI (`a10a9`, a promotion by the piece's lower-case
// letter, castling as the king's destination, or king-takes-rook in Chess960) and SAN
// for display (`Ce5`, `exd6`, `a10=Q`, `O-O`, with + and #).
#include <cstdint>
#include <string>
#include <string_view>

#include "fairy/position.h"

namespace banmen::fairy {

std::string uci_move(const Position& pos, Move m);
// The legal move written `text` in UCI, if there is one.
bool find_uci_move(const Position& pos, std::string_view text, Move& out);
// SAN of a legal move in `pos` (which it temporarily plays to see check and mate). A piece
// is written by its synonym where it has one (the xiangqi horse H), as Fairy-Stockfish
// writes it; with fen_letters, by its FEN letter (N), as a reader also accepts it.
std::string san_move(Position& pos, Move m, bool fen_letters = false);

// Leaf positions after `depth` plies (a finished game has no moves).
std::uint64_t perft(Position& pos, int depth);

}  // namespace banmen::fairy

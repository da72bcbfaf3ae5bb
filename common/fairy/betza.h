#pragma once
// Betza's funny notation for piece moves, as variants.ini's customPieceN and king keys use
// it: atoms (W F D N A H C Z G, and the riders K Q R B), direction modifiers
// (f b l r s v h), move/capture-only (m c), lame leapers (n), hoppers (p g), ranges (W2,
// R4) and doubled atoms as riders (NN). The result is a flat list of vectors the move generator
// walks.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace banmen::fairy {

// One direction a piece may go: a step of (file, rank) from White's point of view,
// repeated up to max_steps times (1 for a leaper, 0 for an unlimited rider).
struct BetzaVector {
  int file_step = 0;
  int rank_step = 0;
  int max_steps = 1;
  bool moves = true;     // may go to an empty square
  bool captures = true;  // may take an enemy piece
  bool lame = false;     // a leaper blocked by the square next to its origin (n)
  // A hopper (p, g): it rides to the first piece in its direction (the screen, of either
  // colour) and goes on beyond it, to any square up to and including the next piece (p, the
  // xiangqi cannon's pR) or only to the square right behind the screen (g, the grasshopper).
  enum class Hop : std::uint8_t { none, cannon, grasshopper } hop = Hop::none;
  // An initial move (i): a quiet move only from the variant's double step region, as
  // Fairy-Stockfish plays it (it has no initial captures: `ic` gives no move).
  bool initial = false;
  friend bool operator==(const BetzaVector&, const BetzaVector&) = default;
};

struct BetzaPiece {
  std::vector<BetzaVector> vectors;
  // The string has an `e` (en passant): Fairy-Stockfish then lets the piece take en passant
  // (it adds the piece to enPassantTypes); the letter changes no move.
  bool en_passant = false;
};

// Longest Betza string accepted: well beyond every real piece, small enough that a
// hostile definition cannot make the parser or the generator do unbounded work.
inline constexpr std::size_t max_betza_length = 64;

// Parses a Betza string; on failure returns no piece and sets error to a sentence that
// names the offending character.
std::optional<BetzaPiece> parse_betza(std::string_view text, std::string& error);

}  // namespace banmen::fairy

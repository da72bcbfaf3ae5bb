#pragma once
// Variant definitions in Fairy-Stockfish's variants.ini format: sections `[name]` or
// `[name:parent]` whose keys override what they inherit from `chess`, `fairy` or a
// section defined before them. Every key is checked as it is read; a key this engine
// does not support, a malformed value or an impossible board is an error that names the
// line and the key, so a definition never half-works.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fairy/betza.h"

namespace banmen::fairy {

// Limits on one definition file: enough for every real variant, small enough to hold in
// a room and to check in microseconds.
inline constexpr std::size_t max_variant_file_bytes = 16 * 1024;
inline constexpr std::size_t max_variant_sections = 8;
inline constexpr std::size_t max_builtin_sections = 16;  // the built-in file's own limit
inline constexpr std::size_t max_piece_letters = 26;
inline constexpr int max_files = 12;
inline constexpr int max_ranks = 10;

// A piece type of one variant: its variants.ini name (e.g. "knight", "customPiece1"),
// its letter and its moves.
struct PieceType {
  std::string name;
  char letter = 0;
  std::string betza;
  BetzaPiece moves;
  bool is_pawn = false;  // the pawn's double step, en passant and promotion apply
};

// One variant, fully resolved: every key inherited or set, every value checked.
struct VariantDefinition {
  std::string name;
  std::string parent;
  int files = 8;
  int ranks = 8;
  std::vector<PieceType> pieces;  // without the king
  char king_letter = 'k';         // 0: no royal king
  std::string king_betza = "K";
  BetzaPiece king_moves;
  // The remaining keys as written (after inheritance), already validated.
  std::map<std::string, std::string> settings;

  const PieceType* piece(char letter) const;
  std::string setting(const std::string& key) const;
  bool flag(const std::string& key) const;  // a boolean key
};

struct VariantError {
  int line = 0;     // 1-based; 0 for the file as a whole
  std::string key;  // empty when the error is not about one key
  std::string message;
  std::string to_string() const;
};

struct VariantFile {
  std::vector<VariantDefinition> variants;
  const VariantDefinition* find(std::string_view name) const;
};

// Parses a definition file. max_sections lets the built-in file hold more sections than a
// user's file may.
std::optional<VariantFile> parse_variant_file(std::string_view text, VariantError& error,
                                              std::size_t max_sections = max_variant_sections);

// The built-in variants (chess960 capablanca gothic janus embassy grand almost shatranj
// makruk knightmate amazon kingofthehill), parsed once from the embedded data file.
const VariantFile& builtin_variants();
std::string_view builtin_variants_text();

}  // namespace banmen::fairy

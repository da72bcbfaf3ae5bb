#pragma once
// A fairy-chess variant behind the game seam: the compiled rules (shared by every game of
// the variant), the start position, the current position, its legal moves and the
// verdict, kept up to date after each move.
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/variation_tree.h"
#include "fairy/position.h"

namespace banmen::fairy {

// A variant ready to play: its definition compiled, and the facts the seam shows.
struct VariantRules {
  Rules rules;
  GameInfo info;
  std::string id;    // the Fairy-Stockfish name, e.g. "capablanca"
  std::string name;  // English display name, e.g. "Capablanca"
};

class FairyGame final : public Game {
 public:
  FairyGame(std::shared_ptr<const VariantRules> variant, const Position& start);

  const GameInfo& info() const override { return variant_->info; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<FairyGame>(*this); }

  int to_move() const override { return pos_.side(); }
  std::string initial_position() const override;
  std::string position() const override;
  std::string view(Viewer) const override { return position(); }
  bool in_check() const override { return pos_.in_check(); }

  std::vector<std::string> legal_moves() const override;
  std::size_t history_size() const override { return moves_.size(); }
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::string display_notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  const VariantRules& variant() const { return *variant_; }
  const Position& start() const { return start_; }
  const Position& current() const { return pos_; }

 protected:
  Outcome rules_outcome() const override { return verdict_; }
  Result<void> apply_legal(std::string_view move) override;

 private:
  void refresh();
  Outcome judge() const;

  std::shared_ptr<const VariantRules> variant_;
  Position start_;
  Position pos_;
  // The legal moves of pos_, as many as there are: a MoveList holds room for the most any
  // position of any variant can have (24 KiB), too much to keep in every game in memory.
  std::vector<Move> legal_;
  std::vector<std::string> uci_;
  std::vector<std::string> san_;
  std::vector<Move> moves_;
  Outcome verdict_;
};

// The PGN pychess-variants and Fairy-Stockfish read: [Variant "..."] and [FEN "..."] tags,
// SAN moves as Fairy-Stockfish writes them.
std::string export_pgn(const FairyGame& game, const RecordInfo& record);

// A review's tree as PGN with variations (core/variation_pgn.h) under export_pgn()'s tags
// for the root position. Errors: unsupported when the root is not a fairy-chess game.
Result<std::string> export_pgn_variations(const VariationTree& tree, const RecordInfo& record);

}  // namespace banmen::fairy

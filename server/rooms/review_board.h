// A room's review (感想戦) of its finished game: a variation tree whose root is the game's
// start and whose main line is the game's moves, the node everyone looks at, the arrows
// and circles drawn on the board, and whether spectators may drive. Every move goes
// through the tree, so the rules core checks it through the Game seam for any game.
//
// The game is over, so nothing is hidden any more (dog-cat included): positions, moves and
// their display are the referee's, the same for every viewer. Sizes are bounded: nodes and
// depth (VariationLimits), shapes (kMaxShapes), move texts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/variation_tree.h"
#include "protocol/messages.h"

namespace banmen::server {

// Nodes a review may add to the game's own moves, and how far past its end it may go.
constexpr std::size_t kReviewExtraNodes = 1000;
constexpr std::size_t kReviewExtraDepth = 500;
constexpr std::size_t kMaxShapes = 32;

// An arrow (orig to dest) or a circle (no dest) in one of the fixed brushes.
struct ReviewShape {
  std::string orig;
  std::optional<std::string> dest;
  std::string brush;
};
// review_draw's `shapes` (an array of {"orig","dest"?,"brush"}) read into shapes: at most
// kMaxShapes, squares written as text, a brush from the fixed list. Which squares are on
// the board is the board's to say (ReviewBoard::draw). Errors: bad_request.
Result<std::vector<ReviewShape>> read_review_shapes(const json& shapes);

// What a record brought into the room (review_import) says of itself, shown with its
// review (game_no 0): the file's name, the format read and the game it is of, which may
// not be the room's game (a chess PGN in a shogi room).
struct ImportedFacts {
  std::string name;
  std::string format;
  std::string game;
  json to_json() const { return json{{"name", name}, {"format", format}, {"game", game}}; }
};

class ReviewBoard {
 public:
  // The review of `finished` (game number `game_no`), `start` being a fresh game at the
  // position `finished` started from. Errors: the game's moves do not replay from `start`.
  static Result<ReviewBoard> of_game(const Game& start, const Game& finished, int game_no);
  // A review kept in the store, read back (read_variation_text with limits_for()), looking
  // at its root; `open` as it was kept.
  static ReviewBoard of_tree(VariationTree tree, int game_no, bool open);
  // The limits of the review of a game of `plies` moves.
  static VariationLimits limits_for(std::size_t plies);

  // The series game reviewed, or 0 for a record brought in (then imported() is set).
  int game_no() const { return game_no_; }
  // Which board this is, unique in the process: two records brought in one after the other
  // are both game 0, and a late answer (a hint) must not land on the next one's nodes.
  std::uint64_t serial() const { return serial_; }
  const std::optional<ImportedFacts>& imported() const { return imported_; }
  void set_imported(ImportedFacts facts) { imported_ = std::move(facts); }
  const VariationTree& tree() const { return tree_; }
  bool open() const { return open_; }
  void set_open(bool open) { open_ = open; }
  bool spectators_may_drive() const { return spectators_may_drive_; }
  void set_spectators_may_drive(bool may) {
    spectators_may_drive_ = may;
    changed_.allow = true;
  }
  // The event version of the last change of the tree or of the current node: a move sent
  // by a client that saw an older one is stale.
  std::uint64_t moved_version() const { return moved_version_; }
  void set_moved_version(std::uint64_t v) { moved_version_ = v; }

  // Looks at ply `ply` of the game's main line (0: the start). Errors: unknown_node.
  Result<void> go_to_ply(std::size_t ply);
  // Plays `move` from the current node (an existing child is reused) and looks at it.
  // Errors: the seam's (bad_move, illegal_move, game_over) and the tree's (review_limit).
  Result<void> play(std::string_view move);
  Result<void> go_to(NodeId node);
  // Replaces the shapes with `shapes` (read by read_review_shapes), checked: squares of this
  // board. Errors: bad_request; nothing changes on an error.
  Result<void> draw(const std::vector<ReviewShape>& shapes);

  // The seat that made the last change (null: a spectator) and the version of its event,
  // kept for snapshots.
  void set_by(json by) { by_ = std::move(by); }
  void set_version(std::uint64_t version) { version_ = version; }

  // The `review` event: the whole tree, the position at the current node, its legal moves
  // and the shapes; when closed, only that. For snapshots and for opening the review.
  json event() const;
  // The `review` event of the changes since the last event (docs/protocol.md, "review
  // (event)"): `base`, the version of the review event it follows, and only what changed:
  // the nodes added, the current node's fields, the shapes, the spectators' leave. Its size
  // is the change's, not the tree's. Forgets the changes.
  json change_event();
  // Forgets the changes (a whole event went out instead).
  void changes_sent() { changed_ = {}; }

  // The display text of `move` played from `before` (the move itself if it does not play).
  static std::string display_of(const Game& before, std::string_view move);

 private:
  explicit ReviewBoard(VariationTree tree, int game_no);
  // The current node's position, legal moves and so on, found once per change.
  void look();

  VariationTree tree_;
  int game_no_ = 0;
  std::uint64_t serial_ = 0;
  std::optional<ImportedFacts> imported_;
  bool open_ = true;
  bool spectators_may_drive_ = false;
  std::uint64_t moved_version_ = 0;
  std::vector<std::string> display_;  // by node id: the move as people read it
  json shapes_ = json::array();
  std::uint64_t version_ = 0;
  json by_;
  json here_;  // the current node's fields of the event
  // What changed since the last event.
  struct Changes {
    std::vector<NodeId> added;
    bool here = false;
    bool shapes = false;
    bool allow = false;
  };
  Changes changed_;
};

}  // namespace banmen::server

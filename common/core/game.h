// The game-agnostic seam between the rules core and everything else.
//
// The server, the command-line tool and the tests see a game only through this interface.
// Each game implements it with its own concrete, fast types inside (no virtual calls in
// move generation); the virtual calls here happen once per request, not once per node.
//
// Moves and positions cross the seam as text in the game's own notation (USI for the shogi
// family, UCI for chess, squares for reversi). A move from outside is accepted only if it
// is one of legal_moves(): apply() never trusts a move object it did not generate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/outcome.h"
#include "core/result.h"
#include "core/viewer.h"

namespace banmen {

// How a game writes a square: chess's "e4" (file letter from the first player's left, rank
// number from the first player's side) or the shogi family's "7g" (file digit from the
// first player's right, rank letter from the far side).
enum class SquareNames : std::uint8_t { chess, shogi };

// Static facts about a kind of game: everything the server and its clients need to know of
// it without naming it (its board, notation, records, whether the computer plays it).
struct GameInfo {
  std::string_view id;  // registry id: "shogi", "minishogi", "dogcat", "hasami", "chess", "reversi"
  std::string_view name;  // English display name
  // The letter each seat is written with in positions and results: seat 0 moves first.
  // shogi family and hasami: 'b','w'; chess: 'w','b'; reversi: 'X','O'.
  char side_letters[2];
  std::string_view side_names[2];                // "black"/"white", "sente"/"gote", "dog"/"cat"...
  bool hidden_information = false;               // true when view() differs between viewers
  std::vector<std::string_view> record_formats;  // what export_record() accepts
  // Whether its players keep time with byoyomi (the Japanese games) as well as Fischer
  // increments: the one home of which clocks a room may offer for it.
  bool byoyomi_clock = false;
  // The board's size, how its squares are written, and whether captured pieces go to a
  // hand from which they may be dropped.
  int files = 8;
  int ranks = 8;
  SquareNames squares = SquareNames::chess;
  bool hands = false;
  // How its moves are written, for a client that shows them in another notation: "usi"
  // (the shogi family's USI), "uci" (chess and fairy chess), or the game's own id.
  std::string_view notation;
  // The kind of board a client draws it on: "koma" (a grid of shogi pieces that face their
  // owner's way), "checkered" (chess), "discs" (reversi's stones on a grid) or "fairy"
  // (chess-like pieces of any variant, drawn from the variant's facts).
  std::string_view board;
  bool computer = true;  // the computer opponent (engine/engine.h) plays it
};

// Facts about a game that are not part of its position, for record exports.
struct RecordInfo {
  std::string players[2];    // names by seat; empty for unknown
  std::string event;         // free text; empty for none
  std::string site;          // e.g. the room link
  std::string start_time;    // ISO 8601 UTC, e.g. "2026-11-21T09:30:00Z"; empty for unknown
  std::string time_control;  // human form, e.g. "10+5" or "10m+3x30s"
  std::vector<std::int64_t> move_times_ms;  // time used for each ply; may be shorter than history
  // A comment after each ply (an analysis' evaluation, say), written in the format's own
  // comment form where it has one (PGN braces, KIF `*` lines); empty entries and plies past
  // the end have none.
  std::vector<std::string> move_comments;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  virtual std::unique_ptr<Game> clone() const = 0;

  // --- Position -------------------------------------------------------------------------
  // The seat to move (0 moves first). Meaningless once the game is over.
  virtual int to_move() const = 0;
  // The position the game started from, in the game's notation (the true position).
  virtual std::string initial_position() const = 0;
  // The start position as `viewer` may see it (dog-cat writes the other side's hidden hand
  // pieces as ?X). The true one for games without hidden information.
  virtual std::string initial_view(Viewer) const { return initial_position(); }
  // The current true position in the game's notation. For the server and tools only:
  // never send it to a client of a game with hidden information (use view()).
  virtual std::string position() const = 0;
  // The current position as `viewer` may see it. For games without hidden information it
  // equals position(). After the game is over every viewer sees everything.
  virtual std::string view(Viewer viewer) const = 0;
  // True when the side to move is in check (for display; games without check say false).
  virtual bool in_check() const { return false; }

  // --- Moves ----------------------------------------------------------------------------
  // The legal moves of the side to move, as its owner writes them, in the order the game
  // generates them (callers sort when they need an order). Empty when the game is over.
  virtual std::vector<std::string> legal_moves() const = 0;
  // Plays `move` if it is one of legal_moves(). Errors: game_over, bad_move, illegal_move.
  // The error message must not reveal anything the mover may not know.
  Result<void> apply(std::string_view move);
  // How many times apply() has checked a move on the calling thread: what a request cost in
  // moves played, for tests that assert a request's work without timing it.
  static std::uint64_t applied_on_this_thread();
  // Moves played since the initial position.
  virtual std::size_t history_size() const = 0;
  // Ply `index` (0-based) of the history in protocol notation as `viewer` may see it
  // (dog-cat: "?R*2e" for the owner, "?*2e" for anyone else).
  virtual std::string notation(std::size_t index, Viewer viewer) const = 0;
  // The same move in the form people read (SAN for chess); defaults to notation().
  virtual std::string display_notation(std::size_t index, Viewer viewer) const {
    return notation(index, viewer);
  }
  // Number of positions reached after exactly `depth` moves (each game's spec defines the
  // convention: a finished game has no moves).
  virtual std::uint64_t perft(int depth) const = 0;
  // perft(depth - 1) after each legal move; sorted bytewise by move.
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const;

  // --- Ending ---------------------------------------------------------------------------
  // The result: by the rules (checkmate, repetition, ...) or set by finish().
  Outcome outcome() const;
  bool over() const { return outcome().over(); }
  // Ends the game for a reason outside the board (resignation, time, agreement,
  // abandonment). Ignored if the game is already over.
  void finish(Outcome outcome);
  // What a flag fall of `seat` means: normally a loss on time; chess overrides this for a
  // side whose opponent cannot mate.
  virtual Outcome timeout_outcome(int seat) const;
  // A claim a player may make on its turn instead of moving (shogi's impasse declaration).
  // Games without one answer `unsupported`.
  virtual Result<void> declare_win();

  // --- Records --------------------------------------------------------------------------
  // The game as a record in `format` (one of info().record_formats) for `viewer`.
  virtual Result<std::string> export_record(std::string_view format, Viewer viewer,
                                            const RecordInfo& record) const;

 protected:
  // The rules' own verdict on the current position (ongoing while play goes on).
  virtual Outcome rules_outcome() const = 0;
  // Applies a move already known to be in the legal list. Called only while not over.
  virtual Result<void> apply_legal(std::string_view move) = 0;
  // Plays `move` if it is legal, else answers explain_illegal(move). Called by apply() only
  // while not over. The default renders legal_moves() and looks the text up; a game may
  // instead parse the text once, find it among its generated moves and check that the
  // move it found is written exactly as `move` (so the same texts are accepted).
  virtual Result<void> apply_checked(std::string_view move);
  // Checks `move` against the legal list and explains why it is not legal; the default
  // answers "illegal_move: <move> is not a legal move here". Games may give finer reasons
  // (dog-cat must give the same message whatever the hidden types are).
  virtual Error explain_illegal(std::string_view move) const;
  // Called when finish() ends the game, so hidden-information games can reveal.
  virtual void on_finished() {}
  bool has_external_outcome() const { return external_.over(); }

 private:
  Outcome external_;  // set by finish() or declare_win(); ongoing otherwise
};

using GamePtr = std::unique_ptr<Game>;

}  // namespace banmen

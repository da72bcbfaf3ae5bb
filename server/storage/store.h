// The one storage interface rooms use. A room calls it on its own strand, in order, and
// only broadcasts what the store has accepted: a move is committed before anyone hears of
// it, so a crash never loses an acknowledged move and a restart brings every unfinished
// game back (clocks included, from the times recorded with each move).
//
// The interface is deliberately narrow: one way in for every write (submit() of a
// StoreWrite, a plain struct per kind), a few reads, and the retention job's one statement. Options
// travel as a JSON text the store keeps verbatim, so new room options never change this file.
// Implementations: SqliteStore (the default, WAL), PgStore (PostgreSQL, for several servers)
// and MemoryStore (tests, --store memory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/outcome.h"
#include "core/result.h"
#include "util/store_stats.h"

namespace banmen::server {

// A room as created by its host.
struct StoredRoomInfo {
  std::string room_id;
  std::string options_json;  // the room's options, as the protocol writes them
  std::int64_t created_ms = 0;
};

// One of the two players of a room. Only the SHA-256 (hex) of the token is ever stored.
struct StoredPlayer {
  int player = 0;  // 0 (host) or 1
  std::string name;
  std::string token_hash;
  // A seat its person handed to the computer by agreement (computer_offer/accept): the
  // computer plays it at level `computer_level` for game `computer_game` only, and the
  // person (name, token_hash above, kept) gets it back when that game ends. 0 and 0: the
  // person plays it. (A seat the computer holds for good has the marker token instead.)
  int computer_game = 0;
  int computer_level = 0;
};

// The start of a game in a room (game_no counts from 1 within the room).
struct StoredGameStart {
  std::string room_id;
  int game_no = 0;
  std::string game_id;       // registry id, e.g. "chess"
  std::string options_json;  // options in force for this game (clock included)
  std::string initial_position;
  int seat_of_player[2] = {0, 1};  // which seat each player has in this game
  std::int64_t started_ms = 0;
};

// One ply, in referee notation (everything visible), with both clocks after it.
struct StoredMove {
  std::string room_id;
  int game_no = 0;
  int ply = 0;  // 1 for the first move
  std::string move;
  std::int64_t remaining_ms[2] = {0, 0};
  int periods_left[2] = {0, 0};
  std::int64_t server_ms = 0;           // Unix ms when the server accepted the move
  std::int64_t used_ms = 0;             // thinking time charged to the mover (0 when unknown)
  bool in_byoyomi[2] = {false, false};  // byoyomi: the side is in its periods, not main time
};

struct StoredOutcome {
  std::string kind;  // "win", "draw", "aborted"
  int winner = -1;   // seat, when kind == "win"
  std::string reason;
};

struct StoredChat {
  std::string room_id;
  int player = -1;  // -1 for a spectator
  std::string name;
  std::string channel;  // "players" or "spectators"
  std::string text;
  std::int64_t server_ms = 0;
};

// A room's review (感想戦) of one finished game: its variation tree in the transcript form
// of core/variation_text.h (the root is the game's start). One per game; a later write
// replaces it.
struct StoredReview {
  std::string room_id;
  int game_no = 0;
  std::string tree_text;  // write_variation_text()
  bool open = false;      // the review was open when written: it comes back open
  std::int64_t server_ms = 0;
};

// The computer's analysis of one game (docs/engine.md, "Whole-game analysis"), as the
// JSON object docs/protocol.md shows. game_no 0 is the record brought into the room (it
// has no games row). One per game; a later write replaces it.
struct StoredAnalysis {
  std::string room_id;
  int game_no = 0;
  std::string analysis_json;
  std::int64_t server_ms = 0;
};

// The record last brought into a room (review_import), its review of game_no 0: the game it
// is of (a registry id, maybe not the room's game), its start position (Game::position()),
// its variation tree in the transcript form, the name and format it came with, and whether
// it was open on the room's board. One per room: a later one replaces it.
struct StoredImport {
  std::string room_id;
  std::string game_id;
  std::string root_position;
  std::string tree_text;  // write_variation_text()
  std::string name;
  std::string format;
  bool open = false;
  std::int64_t server_ms = 0;
};

// Which running server process writes: its id (several servers on one PostgreSQL) and the
// Unix ms it started at, so a server restarted under the same id is another writer.
std::string this_process_owner(const std::string& server_id);

// A correspondence game's clock as a server took it up (room_restore.cpp; docs/operations.md,
// "Restarts"): after ply `ply`, the side to move had `remaining_ms` at `server_ms` (Unix ms).
// One per game; a later one replaces it. The store keeps which server wrote it, and reads it
// back with `alive_ms`, when that server last said it was alive (mark_alive(); 0: unknown):
// the next server charges the side to move only up to then, so the time no server ran the
// clock is charged to nobody.
struct StoredClockMark {
  std::string room_id;
  int game_no = 0;
  int ply = 0;
  std::int64_t remaining_ms = 0;
  std::int64_t server_ms = 0;
  std::int64_t alive_ms = 0;  // read back only
};

// A player's conditional moves (rooms/conditional_moves.h) in a game under way, left when
// `ply` plies had been played: a JSON array of lines of moves in referee notation ("[]":
// none). One per player and game; a later one replaces it. Never shown to anyone else.
struct StoredConditionals {
  std::string room_id;
  int game_no = 0;
  int player = 0;
  int ply = 0;
  std::string lines_json;
};

// A browser's Web Push subscription for one player of a room: "it is your move" pushes for
// that player go to `endpoint`, encrypted for `p256dh` and `auth` (base64url, as the browser
// gives them). Adds or replaces (room, player, endpoint); a player keeps at most
// kPushSubscriptionsPerPlayer, the oldest (server_ms) dropped. Refused (storage_error) for
// a room the store does not have or has closed.
inline constexpr std::size_t kPushSubscriptionsPerPlayer = 8;
struct StoredPushSubscription {
  std::string room_id;
  int player = 0;
  std::string endpoint;
  std::string p256dh;
  std::string auth;
  std::int64_t server_ms = 0;
};
// Withdraws a subscription: `endpoint` for that player of that room, or, with `room_id`
// empty, for every room and player (the push service said it no longer exists). Withdrawing
// one that is not there is not an error.
struct StoredPushWithdrawal {
  std::string room_id;
  int player = 0;
  std::string endpoint;
};

// Everything needed to bring a room back into memory (after a restart, or when someone
// opens the link of a room that had left memory): its players, series score and recent
// chat, and its LAST game, finished or not, with its moves and its review.
struct StoredRoom {
  StoredRoomInfo info;
  std::vector<StoredPlayer> players;
  double score[2] = {0, 0};  // series points of player 0 and 1 over finished games
  StoredGameStart game;      // the last game (game_no 0 if none started yet)
  std::vector<StoredMove> moves;
  bool finished = false;  // the last game is over: `outcome` and `finished_ms` say how
  StoredOutcome outcome;
  std::int64_t finished_ms = 0;
  std::vector<StoredChat> chat;        // the most recent lines, oldest first
  std::optional<StoredReview> review;  // the last game's review, if one was written
  // The analyses of the last game and of game 0 (the record brought in), those written.
  std::vector<StoredAnalysis> analyses;
  std::optional<StoredImport> imported;          // the record last brought in, if any
  std::optional<StoredClockMark> clock_mark;     // the last game's, if one was written
  std::vector<StoredConditionals> conditionals;  // the last game's, if under way
};

// One game of a room's series, for listings and record exports. `moves` is filled only by
// load_game(); list_games() gives the number of plies instead.
struct StoredGame {
  StoredGameStart start;
  int plies = 0;
  bool finished = false;
  StoredOutcome outcome;  // meaningful when finished
  std::int64_t finished_ms = 0;
  std::vector<StoredMove> moves;
  std::optional<std::string> analysis;  // load_game() only: its StoredAnalysis's JSON
};

// Which of a room's games a listing wants: `limit` games from game number `from_game_no`
// on, oldest first. A room may play thousands of games; nobody reads them all at once.
struct GamesPage {
  int from_game_no = 1;
  int limit = 1 << 30;  // 0: none (the room and its players only)
};

// A room with its players and one page of the games it has played or is playing, oldest
// first; the total and the series score count every game, whatever the page.
struct StoredSeries {
  StoredRoomInfo info;
  std::vector<StoredPlayer> players;
  std::vector<StoredGame> games;
  int total_games = 0;
  double score[2] = {0, 0};  // series points of player 0 and 1 over every finished game
};

// The writes a room hands to the store (Store::submit()), one plain struct each, besides
// StoredRoomInfo (create), StoredGameStart, StoredMove and StoredChat above.
// A seat write replaces the whole record, hand-over fields included (a person sitting down
// or linking a device writes them as 0).
struct StoredSeat {
  std::string room_id;
  StoredPlayer player;
};
struct StoredTakeback {
  std::string room_id;
  int game_no = 0;
  int plies = 0;  // moves kept
};
struct StoredFinish {
  std::string room_id;
  int game_no = 0;
  StoredOutcome outcome;
  std::int64_t server_ms = 0;
};
// Closing a room (StoredClose, or close_idle_rooms()) also drops its push subscriptions.
struct StoredClose {
  std::string room_id;
  std::int64_t server_ms = 0;
};
// A StoredReview (above) is a write too: it replaces the game's earlier review, and is
// refused (storage_error) for a room or game the store does not have. So is a StoredImport:
// it replaces the room's earlier one, refused for a room the store does not have.
//
// The kinds of write, listed once: StoreWrite is a variant of them, and a store that
// applies each kind on its own declares its apply() for every kind with
// BANMEN_STORE_WRITE_KINDS(BANMEN_STORE_APPLY).
// clang-format off
#define BANMEN_STORE_WRITE_KINDS(X)                                                    \
  X(StoredRoomInfo) X(StoredSeat) X(StoredGameStart) X(StoredMove) X(StoredTakeback)   \
  X(StoredFinish) X(StoredChat) X(StoredClose) X(StoredReview)                         \
  X(StoredAnalysis) X(StoredImport) X(StoredClockMark) X(StoredConditionals)           \
  X(StoredPushSubscription) X(StoredPushWithdrawal)
// clang-format on
#define BANMEN_STORE_APPLY(Kind) Result<void> apply(const Kind& write);

namespace detail {
// std::variant of every type but the first (which only absorbs the list's leading comma).
template <class Leading, class... Kinds>
struct VariantOfRest {
  using type = std::variant<Kinds...>;
};
#define BANMEN_STORE_WRITE_ALTERNATIVE(Kind) , Kind
}  // namespace detail

using StoreWrite =
    detail::VariantOfRest<void BANMEN_STORE_WRITE_KINDS(BANMEN_STORE_WRITE_ALTERNATIVE)>::type;

// Adds a finished game's series points (1 to the winner, 0.5 each for a draw, nothing for
// an aborted game) to player 0's and player 1's `score`.
void add_series_points(const StoredOutcome& outcome, const int seat_of_player[2], double score[2]);

// An outcome as stored ("win", "draw", "aborted" and the reason), and back.
StoredOutcome stored_outcome(const Outcome& o);
Outcome outcome_of(const StoredOutcome& stored);

// The calls every store implements, listed once: Store declares them pure virtual and each
// store class overrides them all with BANMEN_STORE_OVERRIDES (what each promises is
// written in Store, below).
#define BANMEN_STORE_CALLS(VIRTUAL, SPEC)                                                          \
  VIRTUAL void submit(StoreWrite w, Committed committed) SPEC;                                     \
  VIRTUAL Result<std::vector<StoredRoom>> load_unfinished() SPEC;                                  \
  VIRTUAL Result<StoredRoom> load_room(const std::string& room_id) SPEC;                           \
  VIRTUAL Result<std::vector<std::string>> close_idle_rooms(std::int64_t idle_before_ms,           \
                                                            std::int64_t now_ms, int limit) SPEC;  \
  VIRTUAL Result<StoredSeries> list_games(const std::string& room_id, const GamesPage& page) SPEC; \
  VIRTUAL Result<StoredGame> load_game(const std::string& room_id, int game_no) SPEC;              \
  VIRTUAL Result<void> mark_alive(std::int64_t now_ms) SPEC;                                       \
  VIRTUAL Result<std::vector<StoredPushSubscription>> load_push_subscriptions(                     \
      const std::string& room_id, int player) SPEC;
#define BANMEN_STORE_OVERRIDES       \
  BANMEN_STORE_CALLS(/**/, override) \
  using Store::list_games;

class Store {
 public:
  virtual ~Store() = default;

  // What submit() calls once the write is durable, or refused. It runs on whichever thread
  // committed the write, so it must only hand the result back (post it to a strand).
  using Committed = std::function<void(Result<void>)>;

  // The calls of BANMEN_STORE_CALLS:
  //
  // submit(): the one way to write, for callers that must not block on the disk (rooms, on
  // the I/O threads). Writes are committed in the order they were submitted, whoever
  // submitted them. A write that breaks the record (a move out of sequence, a result for a
  // game already over, a takeback beyond the record) is refused with storage_error and
  // changes nothing; the writes committed with it are not affected. A storage_error may
  // also hide a write that was committed after all (PostgreSQL's answer to the COMMIT lost
  // with its connection): so a move identical to the game's last stored ply (same ply,
  // same move) is that write sent again and is accepted, taking the new clocks; it is never
  // stored twice. SqliteStore and PgStore commit on their own thread and gather the writes
  // that arrive while a commit is under way into the next transaction (group commit), so
  // one flush to disk makes the moves of many rooms durable at once. MemoryStore answers at
  // once, on the caller's thread.
  //
  // load_unfinished(): rooms not closed whose last game is unfinished or not yet started,
  // for a restart.
  //
  // load_room(): one room not closed, whatever the state of its last game, to bring it
  // back into memory when someone opens its link: error stored_not_found for an unknown or
  // closed room. A handful of indexed reads in one snapshot; any thread, never an I/O
  // thread.
  //
  // close_idle_rooms(): retention. Closes (as StoredClose would) at most `limit` open rooms
  // whose last activity is before `idle_before_ms`, and returns their ids. A room's
  // activity is its latest write except moves (creation, a seat, a game's start or end,
  // chat, a review: the rooms row's last_active_ms, so the group commit's hot path, the
  // moves, never updates it) or its last game's latest move, whichever is later. Their
  // games stay readable (list_games, load_game). Any thread, never an I/O thread.
  //
  // list_games(): a room's series (games without their moves); error stored_not_found if
  // unknown. list_games() and load_game() may be called from any thread, while writes go
  // on (the export workers read while rooms write).
  //
  // load_game(): one game with all its moves; error stored_not_found if unknown.
  //
  // mark_alive(): this server is alive at `now_ms` (Unix ms), read back as the alive_ms of
  // the clock marks it wrote (StoredClockMark). One small statement; any thread, never an
  // I/O thread.
  //
  // load_push_subscriptions(): the Web Push subscriptions (StoredPushSubscription) of one
  // player of a room, oldest first (by server_ms). An unknown or closed room has none: an
  // empty list, not an error. Any thread, never an I/O thread.
  BANMEN_STORE_CALLS(virtual, = 0)

  // submit() and wait for the answer: for start-up (before the server runs), tools and
  // tests. Never on an I/O thread.
  Result<void> write(StoreWrite w);
  // Counts of submit()'s commits so far (zeros for a store that does not batch).
  virtual StoreStats stats() const { return {}; }
  // Every game of the series.
  Result<StoredSeries> list_games(const std::string& room_id) { return list_games(room_id, {}); }
};

// The room a write belongs to (every write names one, but a StoredPushWithdrawal for every
// room: empty).
const std::string& room_of(const StoreWrite& w);

// Stable error code for a store failure; the room answers the request with it.
inline constexpr const char* storage_error = "storage_error";
// A read asked for a room or game the store does not have (not a failure of the store).
inline constexpr const char* stored_not_found = "not_found";

// A database whose schema is at step `found`, newer than the `known` steps of this binary:
// refused (storage_error) with what to do, the database untouched.
Error schema_too_new(int found, int known);

}  // namespace banmen::server

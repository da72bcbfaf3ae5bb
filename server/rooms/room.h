// A private room: two players, maybe spectators, and a series of games. The room alone
// changes its state, on its own strand. Every request is checked in the fixed order of
// DESIGN.md (well-formed, authenticated, game not over, turn, version), then applied,
// recorded in the store and only then answered and broadcast, each recipient getting the
// message made for it by the rules core's view()/notation().
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/messages.h"
#include "core/game.h"
#include "rooms/client.h"
#include "rooms/game_clock.h"
#include "rooms/room_options.h"
#include "storage/store.h"

namespace banmen::server {

struct Hub;

class Room : public std::enable_shared_from_this<Room> {
 public:
  using ClientPtr = std::shared_ptr<Client>;

  Room(Hub& hub, std::string id, std::string creator_address);

  const std::string& id() const { return id_; }
  const std::string& creator_address() const { return creator_address_; }

  // Entry points; each posts to the room's strand.
  void create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re);
  void join(std::shared_ptr<Client> client, json request);
  void leave(std::uint64_t client_id);
  void request(std::shared_ptr<Client> client, json request);  // in-room requests
  void shutdown();
  // Ends a game both players left more than --abandon-timeout-ms ago (the registry's sweep
  // calls it): aborted under two plies, else drawn, since nobody is there to claim a win.
  void end_if_abandoned();
  // Rebuilds the room from the store after a restart (room_restore.cpp). Called once, on
  // a fresh room, before the server runs (so not on the strand). Errors: the stored game
  // does not replay.
  Result<void> restore(const StoredRoom& stored);

  // Readable from any thread (for the lobby, the registry's sweep and record exports).
  std::optional<json> public_listing() const;
  bool expired(std::int64_t now_ms) const;
  Result<std::string> finished_record(int game_no, const std::string& format) const;

 private:
  struct Player {
    bool taken = false;
    std::string name;
    std::string token_hash;
    std::uint64_t client = 0;  // connected client id, 0 when away
    std::int64_t gone_since_ms = 0;
    std::deque<std::string> move_ids;     // recent client move ids, for resends
    std::deque<std::int64_t> chat_times;  // kept with the seat: leaving does not reset it
  };
  struct Member {
    std::weak_ptr<Client> client;
    int player = -1;  // -1: spectator
    std::string name;
  };
  struct LoggedEvent {
    std::uint64_t version;
    std::shared_ptr<const std::string> text[3];  // seat 0, seat 1, spectator; null: not sent
  };
  struct ChatLine {
    json line;
    bool players_channel;
  };
  struct FinishedGame {
    int game_no;
    std::shared_ptr<const Game> game;
    std::vector<std::int64_t> move_times_ms;
    std::string players[2];
    std::string start_time, time_control;
  };
  enum class Status { waiting, playing, over };
  // A move applied and sent to the store, waiting for its commit (room_game.cpp).
  struct PendingMove {
    std::shared_ptr<Client> client;
    int player = 0;
    GamePtr next;          // the game with the move played
    GameClock next_clock;  // the clocks with the move charged
    std::int64_t received_ms = 0;
    std::string move_id;
    json re;
  };

  // Runs `work` on the strand now or, while a store write is under way, after it: the room
  // handles one request at a time and in arrival order, commits included.
  void run(std::function<void()> work);
  void run_waiting();

  // room.cpp: membership
  void do_create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re);
  void room_opened(const ClientPtr& host, const json& re, const std::string& token);  // recorded
  // Puts a room waiting for its guest in the lobby, when its options say so.
  void list_publicly();
  void do_join(std::shared_ptr<Client> client, json req);
  void do_leave(std::uint64_t client_id);
  void do_request(std::shared_ptr<Client> client, json req);
  void attach(std::shared_ptr<Client> client, int player, const std::string& name);
  std::size_t spectator_count() const;  // members watching, not playing
  // The chat lines `m` sent within the window: a player's own (kept with the seat), or the
  // spectators' shared ones, since a spectator can come back as a new connection at will.
  std::deque<std::int64_t>& chat_times(const Member& m);
  // The second player's seat is recorded: answer them and start the first game.
  void guest_seated(const ClientPtr& client, const json& re, const Player& guest,
                    const std::string& secret);
  void send_catch_up(Client& client, Viewer viewer, std::optional<std::int64_t> since);
  // A player's presence goes out at once; a spectator's arrival or departure only changes
  // the count, which goes out once per kSpectatorCountDelay however many came and went.
  void publish_presence(int player);
  void send_presence(int player);
  void touch();

  // room_game.cpp: starting, moving and ending games
  // The record of the game about to start (game_no_, game_, seats), for the store.
  StoredGameStart game_start_record() const;
  // The game recorded by game_start_record() is under way: clocks, offers, counters.
  void game_began(const StoredGameStart& record);
  // Records and begins the next game, then calls `then` (on the strand) with the store's
  // answer; on failure nothing began.
  void start_game(std::function<void(const Result<void>&)> then);
  void on_move(Member& m, const ClientPtr& client, const json& req, const json& re);
  // The store's answer to on_move's write: the move happens now, or is refused.
  void move_stored(PendingMove& pending, const Result<void>& stored);
  void on_declare(Member& m, const ClientPtr& c, const json& re);
  // Ends the game: recorded first (unless end_on_request() already did), then announced.
  void finish(Outcome outcome);
  void announce_result();
  void arm_flag_timer();
  void on_flag_timer();
  Result<void> rebuild_game(std::size_t plies);
  // Ends the game a player asked to end (resign, agreement, abort, claim, declaration): the
  // end is recorded before the player is answered, so an acknowledged end is never lost.
  // `then` runs after the answer and before the game_over event (e.g. an offer's outcome).
  void end_on_request(const Outcome& outcome, const ClientPtr& c, const json& re,
                      std::function<void()> then = {});

  // Hands `write` to the store and runs `then` on the strand with its result. Until then the
  // room holds every other request (run()), so `then` finds the room as it was left.
  void store_then(StoreWrite write, std::function<void(const Result<void>&)> then);
  // For writes no one may lose (a game's start, a result nobody asked for): retried with a
  // growing pause (0.25 s doubling to 30 s) until the store takes them, so a failing disk
  // never leaves a room stuck or undoes an ending at the next restart. `then` runs once it
  // is committed; `on_first_failure`, if given, once when the first attempt fails.
  void store_until_committed(StoreWrite write, std::function<void()> then,
                             std::function<void()> on_first_failure = {}, int attempt = 0);
  // store_then() for a request: a failed write refuses `c` (storage_error) and stops there.
  void commit_then(StoreWrite write, const ClientPtr& c, const json& re,
                   std::function<void()> then);

  // room_restore.cpp
  Result<void> restore_waiting();
  Result<void> restore_game(const StoredRoom& stored);
  // Starts the clock held since the restart once the side to move is back; true if it did.
  bool resume_held_clock(int player);

  // room_actions.cpp: resign, offers, takebacks, abort, claims, rematch, switch, chat
  void on_resign(Member& m, const ClientPtr& c, const json& re);
  void on_draw(Member& m, const ClientPtr& c, const std::string& type, const json& re);
  void on_takeback(Member& m, const ClientPtr& c, const std::string& type, const json& re);
  void on_abort(Member& m, const ClientPtr& c, const json& re);
  void on_claim(Member& m, const ClientPtr& c, const json& req, const json& re);
  void on_rematch(Member& m, const ClientPtr& c, const std::string& type, const json& re);
  void on_switch_game(Member& m, const ClientPtr& c, const json& req, const json& re);
  void on_chat(Member& m, const ClientPtr& c, const json& req, const json& re);
  // After the store's answer: a takeback to `keep` plies asked by seat `by`; a chat line.
  // (Member& stays valid: the room holds joins and leaves while a write is under way.)
  void took_back(const ClientPtr& c, const json& re, int by, std::size_t keep);
  void chat_recorded(Member& m, const ClientPtr& c, const json& re, const std::string& text,
                     std::int64_t now);
  void publish_offer(const char* kind, int seat, const char* state);
  void withdraw_offers();

  // room_views.cpp: what each viewer is told
  json snapshot(Viewer viewer, int player) const;
  json game_info_json() const;
  json moves_json(Viewer viewer) const;
  json clock_json() const;
  json players_json() const;
  json result_json(Viewer viewer) const;
  std::string clock_text() const;  // clock_json(), written directly
  // The `move` event of ply `ply` for `viewer`, as sent (version included): `plain` with
  // no legal moves, and, when asked for, `with_legal_moves` for the side to move.
  struct MoveEventTexts {
    std::shared_ptr<const std::string> plain;
    std::shared_ptr<const std::string> with_legal_moves;
  };
  MoveEventTexts move_event_texts(Viewer viewer, std::size_t ply, bool with_legal_moves) const;
  json game_over_event(Viewer viewer) const;
  // Sends one event to every member, in each one's own form, and logs it for catch-up.
  // `render` returns null for a viewer who must not receive the event.
  void publish(const std::function<json(Viewer)>& render);
  // The same event for every viewer (presence, offers): rendered and encoded once.
  void publish_same(json event);
  // A move event that also answers the mover's request (protocol 2 on): the copy sent to
  // `client` carries `fields` (`"move_id":...,"re":...`). Catch-up replays the plain event.
  struct MoveAnswer {
    const Client* client = nullptr;
    std::string fields;
  };
  // The event of ply `ply`, just played, to every viewer in its own form.
  void publish_move(std::size_t ply, const MoveAnswer& answer);
  // Sends to every member and logs for catch-up.
  void deliver(LoggedEvent event) { deliver(std::move(event), MoveAnswer{}); }
  void deliver(LoggedEvent event, const MoveAnswer& answer);
  void publish_snapshots();  // after a takeback, a new game or a switch
  Viewer viewer_of(const Member& m) const;
  int seat_of_player(int player) const { return seat_of_player_[player]; }
  int player_at_seat(int seat) const { return seat_of_player_[0] == seat ? 0 : 1; }

  // Answers
  void reply(Client& c, json j, const json& re);
  void refuse(Client& c, const json& re, std::string_view code, std::string_view message);
  bool store_ok(Result<void> r, Client* c, const json& re);

  Hub& hub_;
  const std::string id_;
  const std::string creator_address_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer flag_timer_;
  boost::asio::steady_timer spectator_count_timer_;
  bool spectator_count_due_ = false;  // the timer is armed: a count will go out

  RoomOptions options_;
  Player players_[2];
  std::map<std::uint64_t, Member> members_;

  // The current game
  GamePtr game_;
  Status status_ = Status::waiting;
  int game_no_ = 0;
  int seat_of_player_[2] = {0, 1};
  GameClock clock_;
  std::vector<ClockState> clock_before_;  // clock state before each ply, for takebacks
  std::vector<std::int64_t> move_times_;  // ms used per ply
  std::int64_t turn_started_ms_ = 0;
  std::string started_iso_;
  int draw_offer_ = -1;                      // seat
  int takeback_offer_ = -1;                  // seat
  bool rematch_wanted_[2] = {false, false};  // by player
  bool clock_held_ = false;     // restored: the clock waits for the side to move to return
  bool result_stored_ = false;  // end_on_request() already stored the coming finish()
  double score_[2] = {0, 0};    // by player

  // Events
  std::uint64_t version_ = 0;
  std::uint64_t position_version_ = 0;  // last event that changed the position
  std::uint64_t log_start_ = 0;         // every event after this version is in log_
  std::deque<LoggedEvent> log_;
  std::size_t log_bytes_ = 0;  // text held by log_
  static constexpr std::size_t kLogEvents = 512;
  static constexpr std::size_t kLogBytes = 16 * 1024;
  static std::size_t logged_bytes(const LoggedEvent& e);
  std::deque<ChatLine> chat_;
  bool closed_ = false;

  // A move is being committed: requests wait in `waiting_` until the store answers.
  bool store_busy_ = false;
  std::deque<std::function<void()>> waiting_;

  // Shared with other threads
  mutable std::mutex shared_mu_;
  std::optional<json> listing_;
  std::vector<FinishedGame> finished_;
  std::deque<std::int64_t> spectator_chat_times_;  // see chat_times()
  std::atomic<std::int64_t> last_activity_ms_{0};
  std::atomic<int> connected_{0};
  std::atomic<bool> in_progress_{false};
};

}  // namespace banmen::server

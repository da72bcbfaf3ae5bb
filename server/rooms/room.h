// A private room: two players, maybe spectators, and a series of games. The room alone
// changes its state, on its own strand. Every request is checked against its entry in the
// request table (room_requests.cpp) in the fixed order of docs/architecture.md, then
// applied, recorded in the store and only then answered and broadcast, each recipient
// getting the message made for it by the rules core's view()/notation().
//
// The room's parts: who sits where (Seating), its events and their fan-out (EventLog),
// the offers (Offers), device links (DeviceLinks, made when first asked for) and the
// review (ReviewBoard, made when opened, and what the store keeps of it), the game in play
// with its clocks (Match), the computer's side (ComputerOpponent), the pauses (Pauses:
// adjourned, held, the first-move countdown) and the chat (ChatLog); the endings and the
// way a join takes are pure functions (endings.h, admission.h). A part decides and answers
// with a value; the room carries it out: it keeps the order of steps, the timers and the
// one way out to the store and to everyone in the room.
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/engine_pool.h"
#include "protocol/messages.h"
#include "rooms/chat_log.h"
#include "rooms/client.h"
#include "rooms/computer_opponent.h"
#include "rooms/conditional_moves.h"
#include "rooms/correspondence_clock.h"
#include "rooms/device_links.h"
#include "rooms/event_log.h"
#include "rooms/game_clock.h"
#include "rooms/match.h"
#include "rooms/offers.h"
#include "rooms/pauses.h"
#include "rooms/record_uploads.h"
#include "rooms/request.h"
#include "rooms/review_board.h"
#include "rooms/review_hints.h"
#include "rooms/review_requests.h"
#include "rooms/room_analyses.h"
#include "rooms/room_options.h"
#include "rooms/room_services.h"
#include "rooms/seating.h"
#include "storage/store.h"
#include "util/json_writer.h"

namespace banmen::server {

class Room : public std::enable_shared_from_this<Room> {
 public:
  using ClientPtr = std::shared_ptr<Client>;

  Room(RoomServices services, std::string id, std::string creator_address);
  ~Room();

  const std::string& id() const { return id_; }
  const std::string& creator_address() const { return creator_address_; }

  // Entry points; each posts to the room's strand.
  void create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re);
  void join(std::shared_ptr<Client> client, JoinRequest request, json re);
  void leave(std::uint64_t client_id);
  // An in-room request on its way to its line of the request table (find_request).
  void request(std::shared_ptr<Client> client, RoomRequest request, json re);
  // The same from a whole message, read here by the same tables (for callers that hold a
  // message rather than a connection's typed request: tests, tools).
  void join(std::shared_ptr<Client> client, const json& msg);
  void request(std::shared_ptr<Client> client, const json& msg);
  void shutdown();

  // More than one server (room_handoff.cpp). The URL a client connects to for this room.
  static std::string url_of(const std::string& id) { return "/ws?room=" + id; }
  // room_created's fields common to one server and to a room created for another
  // connection to join (room_members.cpp).
  json created_answer(const std::string& token) const;
  // WebSocket close code of a room that moved to another server (docs/protocol.md).
  static constexpr std::uint16_t kRoomMovedCode = 4003;
  // Before create(): the room is created for another connection to join (cluster mode). The
  // host is answered room_created once everything is recorded and never enters; the room
  // is in no registry. `gone` runs when the object is destroyed, which is after its last
  // write has been answered (every pending write holds the room).
  void create_detached(std::function<void()> gone) { detached_gone_ = std::move(gone); }
  // Called (on the room's strand) when the store refuses a write because another server
  // holds the room now.
  void on_fenced(std::function<void()> fenced) { fenced_ = std::move(fenced); }
  // The room moves to another server: closed for requests, each connection closed with
  // 4003 "room moved" (the client reconnects to the same URL), then `then` runs, after the
  // writes already under way or queued have been answered.
  void close_for_move(std::function<void()> then);
  // Settles a game both players left more than --abandon-timeout-ms ago (the registry's
  // sweep calls it): aborted under two plies, else adjourned (room_adjourn.cpp), since
  // nobody is there to claim a win and nobody has earned one.
  void end_if_abandoned();
  // Rebuilds the room from the store (room_restore.cpp): after a restart, or when its link
  // is opened after it left memory. Called once, on a fresh room nobody else can reach yet
  // (before the server runs, or on the registry's worker before the room is published),
  // so not on the strand. The last game may be over: the room is then over, its result
  // shown. Errors: the stored game does not replay.
  Result<void> restore(const StoredRoom& stored);

  // True for the request types a room handles (its request table's); the dispatcher
  // sends these to the connection's room.
  static bool handles(std::string_view type);
  // A message of type `type` on its way to its line of the table; nothing when the table
  // has no such type.
  static std::optional<RoomRequest> find_request(std::string_view type, json msg);
  // The request's fields as its line reads them, or the refusal of a malformed one.
  static Result<RequestFields> read_fields(const RoomRequest& request, const Config& config);

  // Readable from any thread (for the lobby and the registry's sweep).
  std::optional<json> public_listing() const;
  bool expired(std::int64_t now_ms) const;

 private:
  using Status = Match::Status;
  // A move decided and sent to the store, waiting for its commit (room_game.cpp).
  struct PendingMove {
    std::shared_ptr<Client> client;
    int player = 0;
    Match::MoveStep step;
    std::string move_id;
    json re;
  };
  // One line of the request table (room_requests.cpp).
  struct Route {
    std::string_view type;
    unsigned needs;  // Needs flags (room_requests.h)
    void (Room::*handle)(const Request&);
    // Reads the request's fields (request.h); none: it has none.
    Result<RequestFields> (*read)(const json& msg, const Config& config) = nullptr;
    std::string_view spectator_refusal = "spectators cannot do that";
  };
  static std::span<const Route> routes();
  static const Route* route(std::string_view type);

  // room.cpp: the order of steps. Runs `work` on the strand now or, while a store write is
  // under way, after it: the room handles one request at a time and in arrival order,
  // commits included.
  void run(std::function<void()> work);
  void run_waiting();
  // Hands `write` to the store and runs `then` on the strand with its result. Until then the
  // room holds every other request (run()), so `then` finds the room as it was left.
  void store_then(StoreWrite write, std::function<void(const Result<void>&)> then);
  // Runs `work` on a worker (RoomWorkers), off the I/O threads, holding the room's other
  // requests until the function it answers has run on the strand (the result applied, the
  // sender answered). False, the sender refused `rate_limited` and nothing held, when the
  // room's or the sender's share of the workers is taken.
  // `cost`: what the work replays (plies, tree nodes), counted against the sender's share.
  bool work_then(const Request& r, std::uint64_t cost, std::function<std::function<void()>()> work);
  // For writes no one may lose (a game's start, a result nobody asked for): retried with a
  // growing pause (0.25 s doubling to 30 s) until the store takes them, so a failing disk
  // never leaves a room stuck or undoes an ending at the next restart. `then` runs once it
  // is committed; `on_first_failure`, if given, once when the first attempt fails.
  void store_until_committed(StoreWrite write, std::function<void()> then,
                             std::function<void()> on_first_failure = {}, int attempt = 0);
  // store_then() for a request: a failed write refuses it (storage_error) and stops there.
  void commit_then(StoreWrite write, const Request& r, std::function<void()> then);
  void reply(Client& c, json j, const json& re);
  void ack(const Request& r) { reply(*r.client, json{{"type", "ack"}}, r.re); }
  void refuse(Client& c, const json& re, std::string_view code, std::string_view message);
  void refuse(const Request& r, std::string_view code, std::string_view message) {
    refuse(*r.client, r.re, code, message);
  }
  bool store_ok(Result<void> r, Client* c, const json& re);
  void touch();

  // room_requests.cpp: the table's checks, then the handler. `req` none: a type the table
  // does not have.
  void do_request(std::shared_ptr<Client> client, std::optional<RoomRequest> req, json re);
  // The first precondition of `route` that `r` fails is refused; true when all hold.
  // `msg`, when given, is read into `r.fields` at its place in the order (a malformed one
  // refused there); without it `r` came with its fields (the computer's requests).
  bool preconditions_hold(const Route& route, Request& r, const json* msg = nullptr);
  // Reads `msg` into `r.fields` by `route`'s reader; false, `r` refused, when malformed.
  bool fields_read(const Route& route, Request& r, const json& msg);

  // room_members.cpp: arriving, leaving, presence
  void do_create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re);
  void room_opened(const ClientPtr& host, const json& re, const std::string& token);  // recorded
  void opened_elsewhere(const ClientPtr& host, const json& re, const std::string& token);
  // Puts a room waiting for its guest in the lobby, when its options say so.
  void list_publicly();
  void do_join(std::shared_ptr<Client> client, JoinRequest req, json re);
  void rejoin(const ClientPtr& client, const JoinRequest& req, const json& re, bool was_member);
  // Seats `client` as player `p` (who proved it), replacing that player's older connection;
  // `new_token`, if not empty, goes with the answer (a seat moved to this device).
  void take_seat(const ClientPtr& client, const JoinRequest& req, const json& re, int p,
                 bool was_member, const std::string& new_token = {});
  void do_leave(std::uint64_t client_id);
  void attach(std::shared_ptr<Client> client, int player, const std::string& name);
  // Both places are taken: the game starts once its start is recorded, however long the
  // store takes (until then everyone sees the room waiting); `then` runs once it began.
  void start_when_recorded(std::function<void()> then = {});
  // The second player's seat is recorded: answer them and start the first game.
  void guest_seated(const ClientPtr& client, const json& re, const Player& guest,
                    const std::string& secret);
  // Events since `since` if the log still has them, else a snapshot.
  void send_catch_up(Client& client, int player, std::optional<std::int64_t> since);
  // A player's presence goes out at once; a spectator's arrival or departure only changes
  // the count, which goes out once per kSpectatorCountDelay however many came and went.
  void publish_presence(int player);
  void members_changed() { connected_ = static_cast<int>(seating_.size()); }

  // room_device_link.cpp: moving a seat to another device with a one-time code.
  void on_device_link(const Request& r);
  void join_with_device_code(const ClientPtr& client, const JoinRequest& req, const json& re,
                             bool was_member);

  // room_game.cpp: starting, moving and ending games
  // The record of the game about to start (the match's game and number, seats), for the store.
  StoredGameStart game_start_record() const;
  // The game recorded by game_start_record() is under way: clocks, offers, counters.
  void game_began(const StoredGameStart& record);
  // Records and begins the next game, then calls `then` (on the strand) with the store's
  // answer; on failure nothing began.
  void start_game(std::function<void(const Result<void>&)> then);
  void on_move(const Request& r);
  // The store's answer to on_move's write: the move happens now, or is refused.
  void move_stored(PendingMove& pending, const Result<void>& stored);
  void on_declare(const Request& r);
  // Ends the game: recorded first (unless end_on_request() already did), then announced.
  void finish(Outcome outcome);
  void announce_result();
  void arm_flag_timer();
  void on_flag_timer();

  // room_first_move.cpp: each side's first move of a timed game (docs/rules/play.md).
  // The facts that decide whether the side to move has a countdown (Pauses).
  FirstMoveFacts first_move_facts() const;
  // (Re)starts the countdown for the side to move when it has one, else clears it.
  void arm_first_move();
  void on_first_move_timer();
  // The clock's `first_move` field: {"seat", "deadline_ms" (Unix)}, or null.
  void write_first_move(JsonWriter& w) const;
  // Ends the game a player asked to end (resign, agreement, abort, claim, declaration): the
  // end is recorded before the player is answered, so an acknowledged end is never lost.
  // `then` runs after the answer and before the game_over event (e.g. an offer's outcome).
  void end_on_request(const Outcome& outcome, const Request& r, std::function<void()> then = {});

  // room_restore.cpp
  Result<void> restore_waiting();
  Result<void> restore_game(const StoredRoom& stored);
  // The kept review of the restored last game, when there is one (shapes and cursor are not
  // kept: it looks at the start).
  void restore_review(const StoredRoom& stored);
  // Starts the clock held since the restart once the side to move is back; true if it did.
  bool resume_held_clock(int player);

  // room_conditionals.cpp: conditional moves (rooms/conditional_moves.h)
  void on_conditional_set(const Request& r);
  // Player `mover`'s move, ply `ply`, was played: their opponent's lines answer it, or are
  // dropped (nothing, if the game has moved on since).
  void answer_conditionally(int mover, std::size_t ply);
  // A takeback, a new game or an ending: every line goes; the players who had some.
  std::vector<int> drop_conditionals();
  // After a takeback: the store keeps no lines of `players` for the game any more (the
  // same ply could come again with another position).
  void forget_stored_conditionals(const std::vector<int>& players);
  void restore_conditionals(const StoredRoom& stored);
  // The `conditionals` message of player `player`'s lines, and its sending to that
  // player's connections alone.
  json conditionals_json(int player) const;
  void send_conditionals(int player);

  // room_correspondence.cpp: days per move (rooms/correspondence_clock.h)
  // A correspondence game taken up from the store: its clock runs at once, charged only
  // the time some server ran it; flagged now if that used it up.
  void take_up_correspondence(const StoredRoom& stored);
  // Records the clock as this server takes the game up (retried until stored), so the next
  // server knows whose alive marks bound what it charges.
  void mark_correspondence_clock();

  // room_adjourn.cpp: a game both players left (docs/rules/play.md, "Players who leave")
  // Stops the clocks and lets the room leave memory; nothing is decided.
  void adjourn();
  // The adjourned game goes on once both players are here; true if it did now.
  bool resume_adjourned();
  // When player `player`, away, may be claimed against: the abandon timeout after they
  // left, or after their opponent came back if that was later.
  std::int64_t claim_at_ms(int player) const;

  // room_actions.cpp: resign, abort, claims, switch, chat
  // Ends the game with `outcome` (end_on_request), or refuses with its error.
  void end_with(const Request& r, const Result<Outcome>& outcome);
  void on_resign(const Request& r);
  void on_abort(const Request& r);
  void on_claim(const Request& r);
  void on_switch_game(const Request& r);
  void on_chat(const Request& r);
  // After the store's answer (a player's line): the line goes out.
  void chat_recorded(const Request& r, const std::string& text, std::int64_t now);

  // room_engine.cpp: the room's one way to the engine pool (the computer's moves, hints)
  struct EngineJob {
    std::shared_ptr<const Game> game;  // a copy of the position, or null and...
    std::string view;                  // ...for a game that hides pieces, the text it may see
    Viewer seat = Viewer::seat0;       // the side the engine plays
    engine::EngineRequest request;
  };
  // `position` as the engine may see it when it plays `seat`: a copy, or, for a game that
  // hides pieces, nothing but the text of view(`sees`).
  static EngineJob engine_job(const Game& position, Viewer seat, Viewer sees,
                              const engine::EngineRequest& request);
  // The pool's share-keeping names this room, and the address it counts against.
  EnginePool::Owner engine_owner() const;
  // Hands `job` to the pool (or is refused at once: the admission says why). On the
  // strand, `started` (if given) learns the steady ms its search began at, and `answered`
  // its answer; neither runs once the room is gone or if the search was cancelled before
  // it began.
  using SearchStarted = std::function<void(std::int64_t started_ms)>;
  using SearchAnswered = std::function<void(const Result<engine::EngineReply>&)>;
  EnginePool::Admission submit_search(EngineJob job, SearchStarted started,
                                      SearchAnswered answered);

  // room_computer.cpp: the computer opponent
  // Records the computer in player `player`'s place (retried until stored), then `then`.
  void seat_computer(int player, int level, std::function<void()> then);
  // Both places are held: the first game starts once recorded, and the computer is asked.
  void computer_game_starts();
  // When the computer is to move and not yet thinking: its search goes to the engine pool
  // (or, the queue being full, is asked again shortly).
  void ask_computer();
  // Forgets the search under way (its answer will be ignored): the position changed.
  void stop_computer();
  // On the strand: search `search` began at `started_ms`, and with it the computer's clock.
  void computer_search_started(std::uint64_t search, std::int64_t started_ms);
  // On the strand: the pool's answer enters as a `move` request of the computer's.
  void computer_answered(std::uint64_t search, const Result<engine::EngineReply>& reply);
  // The computer answers a person's offer (takeback_accept, draw_decline, rematch_accept).
  void computer_answers_offer(std::string_view type);
  // After a restart: the computer's held clock runs again and it is asked.
  void resume_computer_after_restore();

  // room_computer_offers.cpp: inviting the computer, handing a seat to it
  void on_computer_invite(const Request& r);
  void on_computer_offer(const Request& r);
  // Player `player`'s seat record, handed to the computer at `level` for game `game_no`
  // (0, 0: given back), the person's name and token kept.
  StoredSeat handed_seat_record(int player, int game_no, int level) const;
  void hand_seat_to_computer(int player, int level);
  // After a game: seats handed to the computer go back to their players.
  void return_handed_seats();

  // room_offers.cpp: carrying out the steps of the offers part (offers.h)
  void on_draw(const Request& r);
  void on_takeback(const Request& r);
  // After the store's answer: the takeback of `step`.
  void took_back(const Request& r, const OfferStep& step);
  void on_rematch(const Request& r);
  void publish_offers(const std::vector<OfferEvent>& events);
  // A refusal or a plain ack (its events published, the computer's answer asked for) is
  // carried out here: true. False: the step needs its handler (a write, an ending).
  bool answered(const Request& r, const OfferStep& step);
  OfferFacts offer_facts(const Request& r) const;

  // room_review.cpp: the review (感想戦) of the finished game
  void on_review_start(const Request& r);
  void on_review_move(const Request& r);
  void on_review_goto(const Request& r);
  void on_review_draw(const Request& r);
  void on_review_allow(const Request& r);
  void on_review_close(const Request& r);
  void on_review_save(const Request& r);
  // A review request's step (review_requests.h): its refusal, or the ack and the event.
  void carry_out(const Request& r, const ReviewStep& step);
  // room_import.cpp: a record brought in (review_import), shown as the review of game 0
  void on_review_import(const Request& r);
  // Refuses with `e`, adding the line a bad_record names (`line`, 0 for the whole text).
  void refuse_record(const Request& r, const Error& e);
  // Puts `board` (a record brought in) on the review board; the game's review steps aside.
  void show_imported(std::unique_ptr<ReviewBoard> board);
  // The kept record, when it was the last thing on the board and no game is in play.
  void restore_import(const StoredRoom& stored);
  // room_review_hint.cpp: the engine's best move for the review's position, to the asker
  void on_review_hint(const Request& r);
  struct HintNode {
    int game_no = 0;  // the reviewed game
    NodeId node = 0;
    std::uint64_t board = 0;  // ReviewBoard::serial()
  };
  void hint_answered(std::uint64_t search, Client& client, const json& re, HintNode at,
                     const Result<engine::EngineReply>& answer);
  // The review's event to everyone, `by` (a seat, or null for a spectator) having changed
  // it; `moved`: the tree or the current node changed; `whole`: the whole review (opened,
  // closed) rather than the change alone.
  void publish_review(json by, bool moved, bool whole = false);
  // A switch between games closes the review (kept, so the players may open it again).
  void close_review_for_switch();
  // The review as a snapshot carries it: its event while open, else null.
  json review_json() const;
  // Keeps the review in the store, so it comes back with the room.
  void record_review();

  // room_analysis.cpp: whole-game analysis on the engine pool (RoomAnalyses)
  void on_analysis_request(const Request& r);
  engine::AnalysisBudget analysis_budget() const;
  // Hands the run's next position (the first task also loads an earlier game) to the pool.
  void analysis_next(std::uint64_t id);
  // On the strand: a position of run `id` searched (or the game's stored analysis found).
  void analysis_stepped(std::uint64_t id, std::shared_ptr<engine::GameAnalysis> work,
                        const Result<void>& result, std::optional<std::string> stored);
  void analysis_failed(int game_no, const std::string& reason);
  // The `analysis` event of game `game_no` (null if the room knows nothing of it).
  json analysis_event(int game_no) const;
  void publish_analysis(int game_no);
  void restore_analyses(const StoredRoom& stored);
  // Another record was brought in: game 0's analysis (of the earlier one) is dropped.
  void forget_imported_analysis();

  // room_views.cpp: what each viewer is told
  json snapshot(Viewer viewer, int player) const;
  json moves_json(Viewer viewer) const;
  // The seat that made move `index` (0-based) of the current game.
  int mover_of(std::size_t index) const;
  // Both sides' impasse (入玉) counts as JSON, empty for a game without the rule.
  std::string impasse_text() const;
  json result_json(Viewer viewer) const;
  std::string clock_text() const;  // the clock as sent, written directly
  json clock_json() const;         // the same, for messages built as json
  // A seated player as others see them (snapshot `players`, presence events).
  json player_json(int player) const;
  json presence_event(int player) const;  // player -1: the spectator count alone
  // The `move` event of ply `ply` for `viewer`, as sent (version included): `plain` with
  // no legal moves, and, when asked for, `with_legal_moves` for the side to move.
  struct MoveEventTexts {
    std::shared_ptr<const std::string> plain;
    std::shared_ptr<const std::string> with_legal_moves;
  };
  MoveEventTexts move_event_texts(Viewer viewer, std::size_t ply, bool with_legal_moves) const;
  json game_over_event(Viewer viewer) const;
  // The event of ply `ply`, just played, to every viewer in its own form.
  void publish_move(std::size_t ply, const MoveAnswer& answer);
  void publish_snapshots();  // after a takeback, a new game or a switch

  const RoomServices services_;
  const std::string id_;
  const std::string creator_address_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer flag_timer_;
  boost::asio::steady_timer first_move_timer_;
  boost::asio::steady_timer spectator_count_timer_;
  bool spectator_count_due_ = false;  // the timer is armed: a count will go out

  RoomOptions options_;
  Seating seating_;
  EventLog events_{seating_};

  // The game in play, its clocks and the series score
  Match match_;
  Offers offers_;
  // Each player's unspent device link, made when first asked for (room_device_link.cpp).
  std::unique_ptr<DeviceLinks> device_links_;
  // Adjourned, a clock held since a restart, the first-move countdown (pauses.h).
  Pauses pauses_;
  // Each player's conditional moves, and where their answers come from.
  ConditionalMoves conditionals_;
  std::shared_ptr<Client> conditional_client_;
  std::optional<Member> conditional_member_;
  // Counted while a correspondence game is in play here (the alive marks depend on it).
  CorrespondenceCount correspondence_count_{services_.metrics.correspondence_games};
  bool result_stored_ = false;  // end_on_request() already stored the coming finish()

  ChatLog chat_;
  bool closed_ = false;
  // The current game's review, made when a player opens it; a new game drops it.
  std::unique_ptr<ReviewBoard> review_;
  // What record_review() last handed to the store.
  ReviewKeeping review_keeping_;
  // The game's review while a record brought in is on the board (review_start takes it back).
  std::unique_ptr<ReviewBoard> set_aside_review_;
  // The record being brought in, part by part (record_uploads.h).
  RecordUploads uploads_;

  // The computer opponent (room_computer.cpp)
  ComputerOpponent computer_;
  boost::asio::steady_timer computer_retry_timer_;  // the pool had no place for its search

  // Whole-game analyses (room_analysis.cpp): the one under way and the results kept.
  RoomAnalyses analyses_;

  // Review hints (room_review_hint.cpp): the one under way, and when each client last asked.
  ReviewHints hints_;

  // How the room is let go: a detached room's end, a fenced write, a hand-over.
  std::function<void()> detached_gone_;  // create_detached()
  std::function<void()> fenced_;         // on_fenced()
  bool fenced_told_ = false;
  bool moved_ = false;  // close_for_move(): a late join is told to reconnect (4003)

  // A write is being committed: requests wait in `waiting_` until the store answers.
  bool store_busy_ = false;
  bool worker_busy_ = false;  // work_then(): a worker is doing this room's request
  // A list, not a deque: an empty list allocates nothing, and most rooms are idle.
  std::list<std::function<void()>> waiting_;

  // Shared with other threads
  mutable std::mutex shared_mu_;
  std::optional<json> listing_;
  std::atomic<std::int64_t> last_activity_ms_{0};
  std::atomic<int> connected_{0};
  std::atomic<bool> in_progress_{false};
};

}  // namespace banmen::server

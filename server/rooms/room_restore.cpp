// Rooms brought back from the store: after a restart (every room whose last game is not
// over, before the server listens) and when someone opens the link of a room that had left
// memory (RoomRegistry::open, on its worker thread, before the room is published).
//
// The game is rebuilt by replaying its stored moves through the rules core (never by
// trusting a stored position), the clock history for takebacks is rebuilt from each
// move's stored clocks and thinking time, and the series (game number, score, chat)
// carries on. Clock policy after a restart (docs/operations.md, "Restarts"): both clocks
// are as they were right after the last stored move; the side to move's clock stays
// stopped until that player is back, so neither the downtime nor the reconnection is
// charged to anyone.
#include <spdlog/spdlog.h>

#include "core/variation_text.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/computer_facts.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "util/time.h"

namespace banmen::server {

namespace {
// The options in force: the current game's (a switch between games changes them), else
// the room's as created.
Result<RoomOptions> options_of(const StoredRoom& stored) {
  const std::string& text =
      stored.game.game_no > 0 ? stored.game.options_json : stored.info.options_json;
  auto parsed = json::parse(text, nullptr, false);
  if (!parsed.is_object()) return make_error(storage_error, "stored options are not JSON");
  return parse_room_options(parsed);
}
}  // namespace

Result<void> Room::restore(const StoredRoom& stored) {
  auto options = options_of(stored);
  if (!options) return options.error();
  options_ = std::move(*options);
  restore_analyses(stored);
  const auto now_unix = unix_ms();
  for (const auto& p : stored.players) {
    if (p.player != 0 && p.player != 1) continue;
    // Everyone is away until they reconnect; an abandonment claim counts from now.
    seating_.player(p.player) = Player{true, p.name, p.token_hash, 0, now_unix, {}, {}};
    // The computer's seat record carries a marker instead of a token hash: it is back at once.
    if (const int level = computer_level_of_marker(p.token_hash); level > 0) {
      seating_.set_computer(p.player, level);
      seating_.player(p.player).client = kComputerClientId;
      seating_.player(p.player).gone_since_ms = 0;
    }
  }
  if (!seating_.player(0).taken) return make_error(storage_error, "stored room has no host");
  match_.restore_score(stored.score);
  const std::size_t first_chat =
      stored.chat.size() > ChatLog::kKept ? stored.chat.size() - ChatLog::kKept : 0;
  for (std::size_t i = first_chat; i < stored.chat.size(); ++i) chat_.restore(stored.chat[i]);
  // Versions go on above anything a client saw before the restart, so a client's `since`
  // from then always gets a fresh snapshot, never another life's events.
  events_.restart_at(static_cast<std::uint64_t>(now_unix));

  auto restored = stored.game.game_no == 0 ? restore_waiting() : restore_game(stored);
  // A seat handed to the computer for the game under way is the computer's again (its
  // person, away like everyone, takes it back when the game ends); one of a finished game
  // is the person's.
  if (restored && match_.status() == Status::playing)
    for (const auto& p : stored.players)
      if ((p.player == 0 || p.player == 1) && p.computer_level > 0 &&
          p.computer_game == match_.game_no() && !seating_.is_computer(p.player))
        hand_seat_to_computer(p.player, p.computer_level);
  // Nor is a first move's countdown: it starts afresh once the person to move is back.
  if (restored && match_.status() == Status::playing && match_.game().history_size() < 2) {
    pauses_.hold_first_move();
    arm_first_move();  // clears the countdown a restored start may have set
  }
  if (restored) restore_import(stored);
  if (restored) resume_computer_after_restore();
  return restored;
}

Result<void> Room::restore_waiting() {
  auto created = options_.new_game();
  if (!created) return created.error();
  match_.set_up(std::move(*created), options_.clock, 1);
  const int host_seat = options_.side == "second" ? 1 : 0;
  seating_.seat_players(host_seat, 1 - host_seat);
  if (seating_.player(1).taken) {  // the guest sat down but the start was lost
    // Before the server runs, so the store is called directly.
    auto record = game_start_record();
    if (auto r = services_.store.write(record); !r) return r;
    game_began(record);
    return ok();
  }
  list_publicly();
  return ok();
}

Result<void> Room::restore_game(const StoredRoom& stored) {
  const auto& g = stored.game;
  auto created = options_.new_game(g.initial_position);
  if (!created) return created.error();
  match_.set_up(std::move(*created), options_.clock, g.game_no);
  seating_.seat_players(g.seat_of_player[0], g.seat_of_player[1]);

  if (auto replayed = match_.replay_stored(stored.moves, options_.clock); !replayed)
    return replayed;
  if (stored.finished) {
    // The last game is over: it comes back over, with its result and the clocks it ended
    // with, and a rematch starts game game_no + 1. (The rules' own ending, when they have
    // one, is the stored one: finish() keeps it.)
    match_.restore_over(outcome_of(stored.outcome));
    in_progress_ = false;
    restore_review(stored);
    return ok();
  }
  match_.restore_playing(steady_ms());
  in_progress_ = true;
  // Stored move but no stored result (a crash in between): the rules end it now.
  if (match_.game().over()) {
    finish(match_.game().outcome());
    return ok();
  }
  if (match_.clock().spec().correspondence()) {
    restore_conditionals(stored);
    take_up_correspondence(stored);
  } else if (match_.clock().enabled() && match_.game().history_size() >= 2) {
    pauses_.hold_clock();
  }
  return ok();
}

void Room::restore_review(const StoredRoom& stored) {
  if (!stored.review || stored.review->game_no != match_.game_no()) return;
  auto start = options_.new_game(match_.game().initial_position());
  if (!start) return;
  auto tree = read_variation_text(**start, stored.review->tree_text,
                                  ReviewBoard::limits_for(match_.game().history_size()));
  if (!tree) {  // kept by another version of the rules: the room comes back without it
    spdlog::warn("room {} game {}: kept review not read back: {}", id_, match_.game_no(),
                 tree.error().message);
    return;
  }
  review_ = std::make_unique<ReviewBoard>(
      ReviewBoard::of_tree(std::move(*tree), match_.game_no(), stored.review->open));
  review_keeping_.kept(*review_);
}

bool Room::resume_held_clock(int player) {
  if (match_.status() != Status::playing || seating_.seat_of(player) != match_.game().to_move())
    return false;
  if (!seating_.is_computer(player) && pauses_.release_first_move()) {
    arm_first_move();
    spdlog::info("room {} game {}: first-move countdown of seat {} starts after the restart", id_,
                 match_.game_no(), match_.game().to_move());
    return pauses_.first_move_running();
  }
  if (!pauses_.clock_held() || match_.clock().running() >= 0) return false;
  pauses_.release_clock();
  const auto now = steady_ms();
  match_.resume_turn(now);
  arm_flag_timer();
  spdlog::info("room {} game {}: clock of seat {} running again after the restart", id_,
               match_.game_no(), match_.game().to_move());
  return true;
}

std::shared_ptr<Room> RoomRegistry::rebuild(const StoredRoom& stored) {
  auto room = std::make_shared<Room>(services_, stored.info.room_id, std::string(kRestoredAddress));
  if (auto r = room->restore(stored); !r) {
    // Left in the store untouched, for a binary that can replay it.
    spdlog::error("room {} not restored: {}", stored.info.room_id, r.error().message);
    return nullptr;
  }
  return room;
}

std::shared_ptr<Room> RoomRegistry::adopt(std::shared_ptr<Room> room) {
  std::lock_guard lock(mu_);
  if (stopped_) return nullptr;
  auto [it, fresh] = rooms_.emplace(room->id(), room);
  if (!fresh) return it->second;  // someone else brought it back first: theirs is the room
  per_address_[room->creator_address()]++;
  services_.metrics.rooms_open++;
  return room;
}

bool RoomRegistry::restore(const StoredRoom& stored) {
  auto room = rebuild(stored);
  return room && adopt(room) == room;
}

// Rooms whose game is finished stay in the store until someone opens their link; rooms
// with a game under way come back at start, because their clocks, their abandonment claims
// and a computer seat's moves must run whether or not anyone opens the link again. Their
// clocks stand until their players are back, so coming back a little later changes
// nothing: the server answers once they are read, and replays them behind its back.
Result<std::size_t> RoomRegistry::restore_all() {
  auto stored = services_.store.load_unfinished();
  if (!stored) return stored.error();
  std::lock_guard lock(load_mu_);
  for (auto& s : *stored) {
    const std::string id = s.info.room_id;
    if (to_restore_.emplace(id, std::make_shared<const StoredRoom>(std::move(s))).second)
      restore_order_.push_back(id);
  }
  restore_read_ = to_restore_.size();
  spdlog::info("{} rooms with unfinished games to restore", restore_read_);
  return restore_read_;
}

std::size_t RoomRegistry::restores_waiting() const {
  std::lock_guard lock(load_mu_);
  return to_restore_.size();
}

void RoomRegistry::start_restoring() {
  restore_next();
}

void RoomRegistry::restore_next() {
  bool stopping = false;
  {
    std::lock_guard lock(mu_);
    stopping = stopped_;
  }
  if (stopping) {  // the rest stays in the store for the next start
    std::vector<std::string> left;
    {
      std::lock_guard lock(load_mu_);
      for (const auto& [id, room] : to_restore_) left.push_back(id);
      to_restore_.clear();
      restore_order_.clear();
    }
    for (const auto& id : left) answer_load(id, make_error(errc::no_such_room, "no such room"));
    return;
  }
  std::string id;
  std::shared_ptr<const StoredRoom> stored;
  {
    std::lock_guard lock(load_mu_);
    // An id an opener took out is passed over.
    while (!stored && !restore_order_.empty()) {
      id = std::move(restore_order_.front());
      restore_order_.pop_front();
      if (auto it = to_restore_.find(id); it != to_restore_.end()) {
        stored = std::move(it->second);
        to_restore_.erase(it);
      }
    }
    if (!stored) return;  // all taken (the last ones may still be replaying)
    loading_.try_emplace(id, Loading{kRestoredAddress, {}});  // where openers wait for it
  }
  restore_one(id, std::move(stored), kRestoredAddress, true);
}

void RoomRegistry::restore_one(const std::string& id, std::shared_ptr<const StoredRoom> stored,
                               const std::string& address, bool then_next) {
  // On the workers: the background's charged to no client, one at a time and taken in
  // turn with every address's jobs, so players' requests are served meanwhile; an
  // opener's charged to the opener, as a load is.
  auto replayed = [this, id, then_next](const StoredRoom&, const std::shared_ptr<Room>& room) {
    const auto adopted = room ? adopt(room) : nullptr;
    {
      std::lock_guard lock(load_mu_);
      if (adopted) ++restored_;
      if (++restore_done_ == restore_read_)
        spdlog::info("restored {} of {} rooms with unfinished games", restored_, restore_read_);
    }
    answer_load(id, adopted ? Result<std::shared_ptr<Room>>(adopted)
                            : make_error(errc::no_such_room, "no such room"));
    if (then_next) restore_next();
  };
  if (replay_on_workers(id, address, stored, std::move(replayed))) return;
  bool stopping = false;
  {
    std::lock_guard lock(mu_);
    stopping = stopped_;
  }
  if (stopping) return answer_load(id, make_error(errc::no_such_room, "no such room"));
  // The workers' queue is full (or the opener's share taken). An opener is told to try
  // again (the room stays to be restored); the background's next goes first again in a
  // moment.
  {
    std::lock_guard lock(load_mu_);
    to_restore_.emplace(id, stored);
    if (then_next) restore_order_.push_front(id);
  }
  if (!then_next)
    return answer_load(
        id, make_error(errc::rate_limited, "the server's workers are busy; try again shortly"));
  auto timer =
      std::make_shared<boost::asio::steady_timer>(services_.ioc, std::chrono::milliseconds(50));
  timer->async_wait([this, timer](boost::system::error_code ec) {
    if (!ec) restore_next();
  });
}

}  // namespace banmen::server

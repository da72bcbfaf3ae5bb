#include "room_driver.h"

#include <chrono>
#include <thread>

#include "games/registry.h"

namespace banmen::test {

namespace {

bool is_type(const json& m, const char* type) {
  return m.value("type", "") == type;
}

void pause_ms(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

}  // namespace

RoomDriver::RoomDriver(unsigned short nginx_port, std::string game_id, int index,
                       ClusterSchedule& schedule, std::size_t ply_cap)
    : port_(nginx_port),
      game_id_(std::move(game_id)),
      index_(index),
      schedule_(schedule),
      ply_cap_(ply_cap),
      rng_(20261124u + static_cast<unsigned>(index)) {}

void RoomDriver::fail(const std::string& why) {
  if (failure_.empty())
    failure_ = game_id_ + " room " + (room_.empty() ? "(none)" : room_) + " #" +
               std::to_string(index_) + ": " + why;
}

bool RoomDriver::out_of_time() const {
  return steady_now_ms() >= schedule_.deadline_ms;
}

std::optional<json> RoomDriver::read(int p, const std::function<bool(const json&)>& pred,
                                     int timeout_ms) {
  auto& pl = players_[p];
  if (!pl.ws) return std::nullopt;
  auto m = pl.ws->receive_until(
      [&](const json& j) {
        if (j.contains("version") && j["version"].is_number())
          pl.version = std::max(pl.version, j["version"].get<std::int64_t>());
        return pred(j);
      },
      timeout_ms);
  if (!m && pl.ws->dead() && pl.ws->close_code() == 4003) ++counters_.moved_closes;
  return m;
}

void RoomDriver::run() {
  struct Done {
    std::atomic<bool>& flag;
    ~Done() { flag = true; }
  } done{done_};
  auto game = create_game(game_id_);
  if (!game) {
    settled_ = true;
    return fail("the rules core has no such game");
  }
  mirror_ = std::move(*game);
  const bool seated = create() && join_both();
  settled_ = true;
  if (!seated) return;
  for (int guard = 0; guard < 5000 && !mirror_->over(); ++guard) {
    if (out_of_time())
      return fail("not finished by the deadline after " + std::to_string(acked_.size()) + " plies");
    Step s;
    if (const int round = schedule_.reload_round.load(); round > reload_round_seen_) {
      reload_round_seen_ = round;
      s = reload_host();
    } else if (acked_.size() >= ply_cap_ && !schedule_.may_finish) {
      s = keep_alive();
    } else {
      s = step();
    }
    if (s == Step::failed) return;
    if (s == Step::lost && !join_both()) return;
    pause_ms(40 + static_cast<int>(rng_() % 80));
  }
  if (!mirror_->over()) fail("game not over after the step guard");
}

// The host creates the room on a bare /ws (any server: nginx hashes the empty room id) and
// gets the room's URL; both players then connect there.
bool RoomDriver::create() {
  for (int attempt = 0; attempt < 40 && !out_of_time(); ++attempt) {
    auto ws = WsClient::connect(port_, 5000, "/ws");
    if (!ws) {
      pause_ms(250);
      continue;
    }
    ws->send({{"type", "create_room"},
              {"id", 1},
              {"name", "Host"},
              {"game", game_id_},
              {"side", "first"}});
    auto answer = ws->receive_until(
        [](const json& m) { return is_type(m, "room_created") || is_type(m, "error"); }, 8000);
    if (!answer) {
      pause_ms(250);
      continue;  // the server died under the request: a new one creates the room
    }
    if (!is_type(*answer, "room_created")) {
      if (answer->value("code", "") == "rate_limited") {
        pause_ms(500);
        continue;
      }
      fail("create_room refused: " + answer->dump());
      return false;
    }
    room_ = answer->value("room", "");
    players_[0].token = answer->value("token", "");
    url_ = answer->value("url", "/ws?room=" + room_);
    if (url_ != "/ws?room=" + room_) {
      fail("room_created's url is " + url_);
      return false;
    }
    return true;
  }
  fail("no room_created");
  return false;
}

// Both players (re)connect to the room's URL and join with their tokens (the guest's first
// join takes the second place). Bounded retries with backoff while the room moves.
bool RoomDriver::join_both() {
  const bool first_time = players_[1].token.empty();
  if (!first_time) ++counters_.reconnects;
  int backoff = 200;
  for (int attempt = 0; attempt < 60; ++attempt) {
    if (out_of_time()) {
      fail("could not rejoin by the deadline");
      return false;
    }
    players_[0].ws.reset();
    players_[1].ws.reset();
    Step s = join_one(0, first_time);
    if (s == Step::ok) s = join_one(1, first_time);
    if (s == Step::failed) return false;
    if (s == Step::ok) return true;
    pause_ms(backoff);
    backoff = std::min(backoff * 2, 1000);
  }
  fail("could not rejoin in 60 attempts");
  return false;
}

RoomDriver::Step RoomDriver::join_one(int p, bool first_time) {
  auto& pl = players_[p];
  pl.ws = WsClient::connect(port_, 5000, url_);
  if (!pl.ws) {
    ++counters_.failed_joins;
    return Step::lost;
  }
  json join = {{"type", "join_room"}, {"id", ++next_id_}, {"room", room_}};
  if (pl.token.empty())
    join["name"] = "Guest";
  else
    join["token"] = pl.token;
  pl.ws->send(join);
  // The joiner's server tries to take the room for up to lease + renewal before room_busy.
  auto joined = read(
      p, [](const json& m) { return is_type(m, "joined") || is_type(m, "error"); }, 10000);
  if (!joined) {
    ++counters_.failed_joins;
    return Step::lost;
  }
  if (is_type(*joined, "error")) {
    const std::string code = joined->value("code", "");
    if (code == "room_busy") ++counters_.busy_answers;
    if (code == "room_busy" || code == "rate_limited" || code == "storage_error") return Step::lost;
    fail("join_room refused: " + joined->dump());
    return Step::failed;
  }
  if (joined->value("role", "") != "player") {
    fail("joined as " + joined->dump());
    return Step::failed;
  }
  if (pl.token.empty()) pl.token = joined->value("token", "");
  auto snap = read(p, [](const json& m) { return is_type(m, "snapshot") || is_type(m, "error"); });
  if (!snap || !is_type(*snap, "snapshot")) {
    ++counters_.failed_joins;
    return Step::lost;
  }
  if (first_time && p == 1 && snap->value("status", "") != "playing") {
    // The host's snapshot came before the guest sat down; the guest's says playing.
    fail("the game did not start: " + snap->dump());
    return Step::failed;
  }
  pl.version = snap->value("version", std::int64_t{0});
  if ((*snap)["you"].contains("seat")) seat_of_player_[p] = (*snap)["you"]["seat"];
  if (first_time) return Step::ok;

  // Nothing acknowledged is lost: the stored moves start with every acknowledged one.
  std::vector<std::string> stored;
  for (const auto& mv : (*snap)["moves"]) stored.push_back(mv.value("move", ""));
  if (stored.size() < acked_.size()) {
    fail("acknowledged moves lost: stored " + std::to_string(stored.size()) + ", acknowledged " +
         std::to_string(acked_.size()));
    return Step::failed;
  }
  for (std::size_t i = 0; i < acked_.size(); ++i)
    if (stored[i] != acked_[i]) {
      fail("ply " + std::to_string(i + 1) + " stored as " + stored[i] + ", acknowledged as " +
           acked_[i]);
      return Step::failed;
    }
  if (stored.size() > acked_.size() + 1 || (stored.size() == acked_.size() + 1 && !sent_)) {
    fail("moves from nowhere: stored " + std::to_string(stored.size()) + ", acknowledged " +
         std::to_string(acked_.size()));
    return Step::failed;
  }
  if (stored.size() == acked_.size() + 1) {
    // The move in flight was stored, its answer lost with the connection.
    if (stored.back() != *sent_) {
      fail("the move in flight was stored as " + stored.back());
      return Step::failed;
    }
    acked_.push_back(*sent_);
    acked_count_ = acked_.size();
    if (!mirror_->apply(*sent_).ok()) {
      fail("the rules core refuses the stored move " + *sent_);
      return Step::failed;
    }
    sent_.reset();
  }
  // Otherwise a move refused with storage_error stays in flight and is sent again with
  // its move_id, as the browser's outbox does: its commit may have gone through with the
  // answer lost, and then the server must take the resend as the same move.
  const bool stored_over = snap->value("status", "") == "over";
  if (stored_over && !mirror_->over()) {
    if (!resign_sent_) {
      fail("the store says over, the rules core does not: " + snap->dump());
      return Step::failed;
    }
    // The resignation was stored, its answer lost.
    mirror_->finish(Outcome::win(1 - mirror_->to_move(), "resignation"));
  } else if (!stored_over && mirror_->over()) {
    fail("the rules core says over, the store does not");
    return Step::failed;
  }
  resign_sent_ = false;
  return Step::ok;
}

// The host reloads its page: a new connection to the room's URL, the guest's left as it
// is. If nginx now routes the room to another server, that server takes it over and the
// old owner closes the guest's connection with 4003 (the guest then rejoins).
RoomDriver::Step RoomDriver::reload_host() {
  ++counters_.reconnects;
  int backoff = 200;
  for (int attempt = 0; attempt < 30 && !out_of_time(); ++attempt) {
    players_[0].ws.reset();
    const Step s = join_one(0, false);
    if (s != Step::lost) return s;
    pause_ms(backoff);
    backoff = std::min(backoff * 2, 1000);
  }
  return Step::lost;  // then both players rejoin
}

// One move of the side to move (or a resignation at the ply cap).
RoomDriver::Step RoomDriver::step() {
  const int seat = mirror_->to_move();
  const int p = player_at_seat(seat);
  auto& pl = players_[p];
  const int id = ++next_id_;
  // A move still in flight goes first: it may be stored already.
  if ((acked_.size() >= ply_cap_ || schedule_.resign_now) && !sent_) {
    resign_sent_ = true;
    pl.ws->send({{"type", "resign"}, {"id", id}});
  } else {
    if (!sent_) {
      auto legal = mirror_->legal_moves();
      sent_ = legal[rng_() % legal.size()];
      // (not "c" + std::to_string(id): GCC 12 warns falsely on that concatenation at -O3)
      sent_id_ = std::to_string(id);
      sent_id_.insert(sent_id_.begin(), 'c');
    } else {
      ++counters_.resent_moves;
    }
    pl.ws->send({{"type", "move"},
                 {"id", id},
                 {"move", *sent_},
                 {"version", pl.version},
                 {"move_id", sent_id_}});
  }
  auto answer = read(p, [&](const json& j) { return j.contains("re") && j["re"] == id; });
  if (!answer) return Step::lost;
  if (!is_type(*answer, "ack")) {
    const std::string code = answer->value("code", "");
    if (code == "storage_error" || code == "room_busy") {
      // Refused, nothing changed: the rejoin's snapshot says where the room stands.
      ++counters_.refused_requests;
      return Step::lost;
    }
    fail("request refused: " + answer->dump());
    return Step::failed;
  }
  if (sent_) {
    acked_.push_back(*sent_);
    acked_count_ = acked_.size();
    if (!mirror_->apply(*sent_).ok()) {
      fail("the rules core refuses its own legal move " + *sent_);
      return Step::failed;
    }
    sent_.reset();
  } else {
    mirror_->finish(Outcome::win(1 - seat, "resignation"));
    resign_sent_ = false;
  }
  // Both players see it: the move event (then game_over if it ended the game).
  for (int q = 0; q < 2; ++q) {
    const auto ply = acked_.size();
    const bool ended = mirror_->over();
    auto seen = read(q, [&](const json& j) {
      return (is_type(j, "move") && j.value("ply", 0u) == ply && !ended) || is_type(j, "game_over");
    });
    if (!seen) return Step::lost;
  }
  return Step::ok;
}

// A room at the ply cap waits for the conductor; a ping keeps its connections answering
// the server's keep-alive (and notices a server gone meanwhile).
RoomDriver::Step RoomDriver::keep_alive() {
  pause_ms(150);
  for (int p = 0; p < 2; ++p) {
    const int id = ++next_id_;
    players_[p].ws->send({{"type", "ping"}, {"id", id}});
    if (!read(p, [&](const json& j) { return j.contains("re") && j["re"] == id; }))
      return Step::lost;
  }
  return Step::ok;
}

}  // namespace banmen::test

// What each viewer is told. Every game fact in a message comes from the rules core's
// view(viewer) and notation(index, viewer) for that viewer; position() and legal_moves()
// are only ever sent to the seat they belong to (legal moves to the side to move).
#include <spdlog/spdlog.h>

#include "app/hub.h"
#include "rooms/room.h"
#include "util/json_writer.h"
#include "util/time.h"

namespace banmen::server {

namespace {
const char* status_name(int s) {
  return s == 0 ? "waiting" : s == 1 ? "playing" : "over";
}
}  // namespace

json Room::game_info_json() const {
  const auto& info = game_->info();
  return json{{"id", std::string(info.id)},
              {"name", std::string(info.name)},
              {"sides", {std::string(info.side_names[0]), std::string(info.side_names[1])}},
              {"side_letters",
               {std::string(1, info.side_letters[0]), std::string(1, info.side_letters[1])}},
              {"hidden_information", info.hidden_information}};
}

json Room::moves_json(Viewer viewer) const {
  json moves = json::array();
  for (std::size_t i = 0; i < game_->history_size(); ++i)
    moves.push_back(
        {{"move", game_->notation(i, viewer)}, {"display", game_->display_notation(i, viewer)}});
  return moves;
}

json Room::clock_json() const {
  auto now = steady_ms();
  auto s = clock_.at(now);
  json running = clock_.running() >= 0 ? json(clock_.running()) : json(nullptr);
  return json{{"kind", clock_.spec().kind_name()},
              {"remaining_ms", {s.remaining_ms[0], s.remaining_ms[1]}},
              {"periods_left", {s.periods_left[0], s.periods_left[1]}},
              {"running", running},
              {"server_time_ms", unix_ms()}};
}

json Room::players_json() const {
  json out = json::array();
  for (int p = 0; p < 2; ++p) {
    const auto& pl = players_[p];
    if (!pl.taken) {
      out.push_back(nullptr);
      continue;
    }
    json j{{"name", pl.name}, {"connected", pl.client != 0}, {"seat", seat_of_player_[p]}};
    if (pl.client == 0 && status_ == Status::playing) {
      j["gone_since_ms"] = pl.gone_since_ms;
      j["claim_at_ms"] = pl.gone_since_ms + hub_.config.abandon_timeout_ms;
    }
    out.push_back(j);
  }
  return out;
}

json Room::result_json(Viewer viewer) const {
  if (status_ != Status::over) return nullptr;
  auto o = game_->outcome();
  std::string result = "draw";
  if (o.kind == Outcome::Kind::aborted)
    result = "aborted";
  else if (o.kind == Outcome::Kind::win)
    result = !is_seat(viewer) || seat_of(viewer) == o.winner ? "win" : "lose";
  json winner = o.kind == Outcome::Kind::win ? json(o.winner) : json(nullptr);
  json side = o.kind == Outcome::Kind::win ? json(std::string(game_->info().side_names[o.winner]))
                                           : json(nullptr);
  return json{{"result", result}, {"winner", winner}, {"winner_side", side}, {"reason", o.reason}};
}

json Room::snapshot(Viewer viewer, int player) const {
  json you{{"role", player >= 0 ? "player" : "spectator"}};
  if (player >= 0) {
    you["player"] = player;
    you["seat"] = seat_of_player_[player];
  }
  int spectators = 0;
  for (const auto& [id, m] : members_)
    if (m.player < 0) ++spectators;
  const bool my_turn =
      status_ == Status::playing && is_seat(viewer) && seat_of(viewer) == game_->to_move();
  json offers{{"draw", draw_offer_ >= 0 ? json(draw_offer_) : json(nullptr)},
              {"takeback", takeback_offer_ >= 0 ? json(takeback_offer_) : json(nullptr)},
              {"rematch", nullptr}};
  for (int p = 0; p < 2; ++p)
    if (rematch_wanted_[p]) offers["rematch"] = seat_of_player_[p];
  json chat = json::array();
  for (const auto& line : chat_)
    if (line.players_channel == is_seat(viewer)) chat.push_back(line.line);
  return json{{"type", "snapshot"},
              {"version", version_},
              {"server_time_ms", unix_ms()},
              {"room", id_},
              {"you", you},
              {"host", 0},
              {"options", options_.to_json()},
              {"players", players_json()},
              {"spectators", spectators},
              {"score", {score_[0], score_[1]}},
              {"game_no", game_no_},
              {"game", game_info_json()},
              {"status", status_name(static_cast<int>(status_))},
              {"initial_position", game_->initial_view(viewer)},
              {"position", game_->view(viewer)},
              {"moves", moves_json(viewer)},
              {"to_move", game_->to_move()},
              {"in_check", game_->in_check()},
              {"legal_moves", my_turn ? json(game_->legal_moves()) : json::array()},
              {"clock", clock_json()},
              {"offers", offers},
              {"result", result_json(viewer)},
              {"chat", chat}};
}

std::string Room::clock_text() const {
  const auto s = clock_.at(steady_ms());
  JsonWriter w;
  w.field("kind", clock_.spec().kind_name())
      .field("remaining_ms", s.remaining_ms[0], s.remaining_ms[1])
      .field("periods_left", s.periods_left[0], s.periods_left[1]);
  if (clock_.running() >= 0)
    w.field("running", clock_.running());
  else
    w.null_field("running");
  w.field("server_time_ms", unix_ms());
  return std::move(w).done();
}

Room::MoveEventTexts Room::move_event_texts(Viewer viewer, std::size_t ply,
                                            bool with_legal_moves) const {
  // The same fields as every other event, written directly: this is the message sent most.
  // Everything but the legal moves is rendered once; the side to move's copy forks there.
  static const std::vector<std::string> kNone;
  const auto i = ply - 1;
  JsonWriter w;
  w.field("type", "move")
      .field("version", static_cast<std::int64_t>(version_))
      .field("ply", static_cast<std::int64_t>(ply))
      .field("seat", static_cast<int>(i % 2))
      .field("move", game_->notation(i, viewer))
      .field("display", game_->display_notation(i, viewer))
      .field("position", game_->view(viewer))
      .field("to_move", game_->to_move())
      .field("in_check", game_->in_check())
      .raw_field("clock", clock_text());
  MoveEventTexts texts;
  if (with_legal_moves) {
    JsonWriter with = w;
    with.field("legal_moves", game_->legal_moves());
    texts.with_legal_moves = std::make_shared<const std::string>(std::move(with).done());
  }
  w.field("legal_moves", kNone);
  texts.plain = std::make_shared<const std::string>(std::move(w).done());
  return texts;
}

json Room::game_over_event(Viewer viewer) const {
  json j = result_json(viewer);
  j["type"] = "game_over";
  // The game is over, so view() and notation() reveal everything to everyone.
  j["position"] = game_->view(viewer);
  j["moves"] = moves_json(viewer);
  j["clock"] = clock_json();
  j["score"] = {score_[0], score_[1]};
  return j;
}

void Room::publish(const std::function<json(Viewer)>& render) {
  ++version_;
  LoggedEvent e{version_, {}};
  const Viewer viewers[3] = {Viewer::seat0, Viewer::seat1, Viewer::spectator};
  for (int v = 0; v < 3; ++v) {
    json j = render(viewers[v]);
    if (j.is_null()) continue;
    j["version"] = version_;
    e.text[v] = encode(j);
  }
  deliver(std::move(e));
}

void Room::publish_same(json event) {
  ++version_;
  event["version"] = version_;
  auto text = encode(event);
  deliver(LoggedEvent{version_, {text, text, text}});
}

void Room::publish_move(std::size_t ply, const MoveAnswer& answer) {
  ++version_;
  LoggedEvent e{version_, {}};
  const bool playing = status_ == Status::playing && !game_->over();
  const int to_move = game_->to_move();
  if (game_->info().hidden_information) {
    // Hidden pieces: every viewer gets a message made for it alone.
    for (int v = 0; v < 3; ++v) {
      const bool legal = playing && v == to_move;
      auto texts = move_event_texts(static_cast<Viewer>(v), ply, legal);
      e.text[v] = legal ? std::move(texts.with_legal_moves) : std::move(texts.plain);
    }
  } else {
    // Everyone sees the same event; only the side to move adds its legal moves.
    auto texts = move_event_texts(Viewer::spectator, ply, playing);
    e.text[0] = e.text[1] = e.text[2] = texts.plain;
    if (playing) e.text[to_move] = std::move(texts.with_legal_moves);
  }
  deliver(std::move(e), answer);
}

std::size_t Room::logged_bytes(const LoggedEvent& e) {
  std::size_t bytes = 0;
  for (int v = 0; v < 3; ++v) {
    if (!e.text[v]) continue;
    bool seen = false;  // texts shared between viewers count once
    for (int w = 0; w < v; ++w) seen = seen || e.text[w] == e.text[v];
    if (!seen) bytes += e.text[v]->size();
  }
  return bytes;
}

void Room::deliver(LoggedEvent e, const MoveAnswer& answer) {
  for (const auto& [id, m] : members_) {
    auto c = m.client.lock();
    const auto& text = e.text[static_cast<int>(viewer_of(m))];
    if (!c || !text) continue;
    if (c.get() != answer.client || text->empty() || text->back() != '}') {
      c->send(text);
      continue;
    }
    // The mover's own copy: the same event with the answer's fields before the closing brace.
    auto answered = std::make_shared<std::string>();
    answered->reserve(text->size() + answer.fields.size() + 1);
    answered->append(*text, 0, text->size() - 1)
        .append(1, ',')
        .append(answer.fields)
        .append(1, '}');
    c->send(std::move(answered));
  }
  log_bytes_ += logged_bytes(e);
  log_.push_back(std::move(e));
  // Catch-up replays at most this much; a client further behind gets a snapshot instead.
  // Bounded in bytes too: past a few dozen move events (legal moves included) a snapshot
  // is smaller than the replay, and 5,000 rooms x 512 events would be gigabytes.
  while (log_.size() > kLogEvents || log_bytes_ > kLogBytes) {
    log_start_ = log_.front().version;
    log_bytes_ -= logged_bytes(log_.front());
    log_.pop_front();
  }
}

void Room::publish_snapshots() {
  ++version_;
  log_.clear();
  log_bytes_ = 0;
  log_start_ = version_;
  for (const auto& [id, m] : members_)
    if (auto c = m.client.lock()) c->send(encode(snapshot(viewer_of(m), m.player)));
}

}  // namespace banmen::server

namespace banmen::server {

Result<std::string> Room::finished_record(int game_no, const std::string& format) const {
  std::lock_guard lock(shared_mu_);
  for (const auto& g : finished_) {
    if (g.game_no != game_no) continue;
    RecordInfo info;
    info.players[0] = g.players[0];
    info.players[1] = g.players[1];
    info.site = "/r/" + id_;
    info.start_time = g.start_time;
    info.time_control = g.time_control;
    info.move_times_ms = g.move_times_ms;
    // The game is over, so the spectator's view of it is the whole truth.
    return g.game->export_record(format, Viewer::spectator, info);
  }
  return make_error("no_such_game", "no finished game with that number in this room");
}

}  // namespace banmen::server

// What each viewer is told. Every game fact in a message comes from the rules core's
// view(viewer) and notation(index, viewer) for that viewer; position() and legal_moves()
// are only ever sent to the seat they belong to (legal moves to the side to move).
#include <spdlog/spdlog.h>

#include "protocol/game_info.h"
#include "protocol/variant_info.h"
#include "rooms/computer_facts.h"
#include "rooms/room.h"
#include "shogi/impasse_view.h"
#include "util/json_writer.h"
#include "util/time.h"

namespace banmen::server {

namespace {
const char* status_name(int s) {
  return s == 0 ? "waiting" : s == 1 ? "playing" : "over";
}
}  // namespace

std::string Room::impasse_text() const {
  // Only games with the impasse declaration carry the count; shogi hides nothing, so every
  // viewer gets the same text.
  std::string text = shogi::impasse_json(match_.game());
  return text == "null" ? std::string() : text;
}

int Room::mover_of(std::size_t index) const {
  // Sides alternate (a pass is a move), so the first mover follows from the side to move
  // now and the number of moves: seat 1 first in a handicap game or a position with White
  // (or Black in chess) to move.
  return static_cast<int>(
      (static_cast<std::size_t>(match_.game().to_move()) + match_.game().history_size() + index) %
      2);
}

json Room::moves_json(Viewer viewer) const {
  json moves = json::array();
  for (std::size_t i = 0; i < match_.game().history_size(); ++i)
    moves.push_back({{"move", match_.game().notation(i, viewer)},
                     {"display", match_.game().display_notation(i, viewer)}});
  return moves;
}

json Room::clock_json() const {
  return json::parse(clock_text());  // written once, in clock_text()
}

json Room::player_json(int player) const {
  const auto& pl = seating_.player(player);
  json j{{"name", pl.name}, {"connected", pl.client != 0}, {"seat", seating_.seat_of(player)}};
  if (seating_.is_computer(player)) {  // a seat handed over shows as the computer too
    j["name"] = computer_name(seating_.computer_level(player));
    j["connected"] = true;
    j["computer"] = json{{"level", seating_.computer_level(player)}};
    return j;
  }
  // Away during a game: since when, and when the opponent may claim it.
  if (pl.client == 0 && match_.status() == Status::playing) {
    j["gone_since_ms"] = pl.gone_since_ms;
    // A correspondence game is never claimed for absence (endings.h).
    if (!match_.clock().spec().correspondence()) j["claim_at_ms"] = claim_at_ms(player);
  }
  return j;
}

json Room::presence_event(int player) const {
  json j = player >= 0 ? player_json(player) : json{{"player", nullptr}};
  j["type"] = "presence";
  j["spectators"] = seating_.spectator_count();
  if (player >= 0) j["player"] = player;
  return j;
}

json Room::result_json(Viewer viewer) const {
  if (match_.status() != Status::over) return nullptr;
  auto o = match_.game().outcome();
  std::string result = "draw";
  if (o.kind == Outcome::Kind::aborted)
    result = "aborted";
  else if (o.kind == Outcome::Kind::win)
    result = !is_seat(viewer) || seat_of(viewer) == o.winner ? "win" : "lose";
  json winner = o.kind == Outcome::Kind::win ? json(o.winner) : json(nullptr);
  json side = o.kind == Outcome::Kind::win
                  ? json(std::string(match_.game().info().side_names[o.winner]))
                  : json(nullptr);
  return json{{"result", result}, {"winner", winner}, {"winner_side", side}, {"reason", o.reason}};
}

json Room::snapshot(Viewer viewer, int player) const {
  json you{{"role", player >= 0 ? "player" : "spectator"}};
  if (player >= 0) {
    you["player"] = player;
    you["seat"] = seating_.seat_of(player);
  }
  json players = json::array();
  for (int p = 0; p < 2; ++p)
    players.push_back(seating_.player(p).taken ? player_json(p) : json(nullptr));
  const bool my_turn = match_.status() == Status::playing && !pauses_.adjourned() &&
                       is_seat(viewer) && seat_of(viewer) == match_.game().to_move();
  const int seat_of_player[2] = {seating_.seat_of(0), seating_.seat_of(1)};
  json offers = offers_.to_json(seat_of_player);
  json chat = chat_.lines_for(is_seat(viewer));
  json game = game_info_json(match_.game().info());
  if (auto variant = variant_info_of(match_.game()); !variant.is_null()) game["variant"] = variant;
  json snap{
      {"type", "snapshot"},
      {"version", events_.version()},
      {"server_time_ms", unix_ms()},
      {"room", id_},
      {"you", you},
      {"host", 0},
      {"options", options_.to_json()},
      {"players", players},
      {"spectators", seating_.spectator_count()},
      {"score", {match_.score()[0], match_.score()[1]}},
      {"game_no", match_.game_no()},
      {"game", std::move(game)},
      {"status", status_name(static_cast<int>(match_.status()))},
      {"adjourned", pauses_.adjourned()},
      {"initial_position", match_.game().initial_view(viewer)},
      {"position", match_.game().view(viewer)},
      {"moves", moves_json(viewer)},
      {"to_move", match_.game().to_move()},
      {"in_check", match_.game().in_check()},
      {"legal_moves", my_turn ? json(match_.game().legal_moves()) : json::array()},
      {"clock", clock_json()},
      {"offers", offers},
      {"result", result_json(viewer)},
      {"chat", chat},
      {"review", review_json()},
      {"analysis", analyses_.state_of(review_ && review_->game_no() == 0 ? 0 : match_.game_no())}};
  if (const std::string impasse = impasse_text(); !impasse.empty())
    snap["impasse"] = json::parse(impasse);
  // The player's own conditional moves: in their snapshot alone.
  if (player >= 0 && !conditionals_.of(player).empty())
    snap["conditionals"] = {{"ply", conditionals_.ply_of(player)},
                            {"lines", conditionals_.of(player)}};
  return snap;
}

std::string Room::clock_text() const {
  const auto s = match_.clock().at(steady_ms());
  JsonWriter w;
  w.field("kind", match_.clock().spec().kind_name());
  if (match_.clock().spec().correspondence()) w.field("days", match_.clock().spec().days);
  w.field("remaining_ms", s.remaining_ms[0], s.remaining_ms[1])
      .field("periods_left", s.periods_left[0], s.periods_left[1]);
  if (match_.clock().running() >= 0)
    w.field("running", match_.clock().running());
  else
    w.null_field("running");
  w.field("server_time_ms", unix_ms());
  write_first_move(w);
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
      .field("version", static_cast<std::int64_t>(events_.version()))
      .field("ply", static_cast<std::int64_t>(ply))
      .field("seat", mover_of(i))
      .field("move", match_.game().notation(i, viewer))
      .field("display", match_.game().display_notation(i, viewer))
      .field("position", match_.game().view(viewer))
      .field("to_move", match_.game().to_move())
      .field("in_check", match_.game().in_check())
      .raw_field("clock", clock_text());
  if (const std::string impasse = impasse_text(); !impasse.empty()) w.raw_field("impasse", impasse);
  MoveEventTexts texts;
  if (with_legal_moves) {
    JsonWriter with = w;
    with.field("legal_moves", match_.game().legal_moves());
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
  j["position"] = match_.game().view(viewer);
  j["moves"] = moves_json(viewer);
  j["clock"] = clock_json();
  j["score"] = {match_.score()[0], match_.score()[1]};
  return j;
}

void Room::publish_move(std::size_t ply, const MoveAnswer& answer) {
  LoggedEvent e{events_.next_version(), {}};
  const bool playing = match_.status() == Status::playing && !match_.game().over();
  const int to_move = match_.game().to_move();
  if (match_.game().info().hidden_information) {
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
  events_.deliver(std::move(e), answer);
}

void Room::publish_snapshots() {
  events_.begin_snapshot();
  for (const auto& [id, m] : seating_.members())
    if (auto c = m.client.lock()) c->send(encode(snapshot(seating_.viewer_of(m), m.player)));
}

}  // namespace banmen::server

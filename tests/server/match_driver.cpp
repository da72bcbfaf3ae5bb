#include "match_driver.h"

#include "games/registry.h"

namespace banmen::testing {

using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;

void Side::absorb(const json& m) {
  events.push_back(m);
  if (events.size() > 2000) events.erase(events.begin(), events.begin() + 1000);
  if (m.contains("version") && m["version"].is_number_integer())
    version = std::max<std::int64_t>(version, m["version"].get<std::int64_t>());
  const auto type = m.value("type", "");
  if (type == "snapshot") {
    snapshot = m;
    version = m["version"].get<std::int64_t>();
    seat = m["you"].value("seat", -1);
    legal = m["legal_moves"];
    status = m["status"];
    if (status != "over") game_over = nullptr;
  } else if (type == "move") {
    legal = m["legal_moves"];
  } else if (type == "game_over") {
    status = "over";
    legal = json::array();
    game_over = m;
  }
}

AssertionResult open_match(unsigned short port, Match& m, json create) {
  if (!m.a.ws.connect(port) || !m.b.ws.connect(port)) return AssertionFailure() << "connect";
  create["type"] = "create_room";
  if (!create.contains("name")) create["name"] = "Host";
  auto created = m.a.ws.request(create, 5000ms, m.a.absorber());
  if (!created || created->value("type", "") != "room_created")
    return AssertionFailure() << "create_room: " << (created ? created->dump() : "timeout");
  m.room = (*created)["room"];
  m.a.token = (*created)["token"];
  m.a.player = 0;
  auto joined = m.b.ws.request({{"type", "join_room"}, {"room", m.room}, {"name", "Guest"}}, 5000ms,
                               m.b.absorber());
  if (!joined || joined->value("type", "") != "joined" || joined->value("role", "") != "player")
    return AssertionFailure() << "join_room: " << (joined ? joined->dump() : "timeout");
  m.b.token = (*joined)["token"];
  m.b.player = 1;
  for (Side* s : {&m.a, &m.b}) {
    auto snap = s->ws.wait_for(
        [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 5000ms,
        s->absorber());
    if (!snap) return AssertionFailure() << "no playing snapshot";
    s->absorb(*snap);
  }
  return AssertionSuccess();
}

AssertionResult play_one(Match& m, const std::string& move, const std::string& id) {
  Side* mover = !m.a.legal.empty() ? &m.a : !m.b.legal.empty() ? &m.b : nullptr;
  if (!mover) return AssertionFailure() << "nobody to move";
  auto ans = mover->ws.request(
      {{"type", "move"}, {"move", move}, {"version", mover->version}, {"move_id", id}}, 5000ms,
      mover->absorber());
  if (!ans || ans->value("type", "") != "ack")
    return AssertionFailure() << "move " << move << ": " << (ans ? ans->dump() : "timeout");
  mover->legal = json::array();
  for (Side* s : {&m.a, &m.b}) {
    if (!s->ws.is_open()) continue;  // a side that left hears of it when it comes back
    auto ev =
        s->ws.wait_for([](const json& j) { return j["type"] == "move"; }, 5000ms, s->absorber());
    if (!ev) return AssertionFailure() << "no move event";
    s->absorb(*ev);
  }
  return AssertionSuccess();
}

AssertionResult play_random(Match& m, std::mt19937& rng, int max_plies) {
  for (int ply = 0; ply < max_plies; ++ply) {
    Side* mover = !m.a.legal.empty() ? &m.a : !m.b.legal.empty() ? &m.b : nullptr;
    if (!mover) break;
    std::uniform_int_distribution<std::size_t> pick(0, mover->legal.size() - 1);
    std::string move = mover->legal[pick(rng)];
    std::string id = std::to_string(mover->version);
    id.append(1, '-').append(move);
    if (auto r = play_one(m, move, id); !r) return r;
  }
  // Moves still to play: the game goes on (the caller decides whether that is enough).
  if (!m.a.legal.empty() || !m.b.legal.empty()) return AssertionSuccess();
  for (Side* s : {&m.a, &m.b}) {
    if (!s->game_over.is_null()) continue;
    auto over = s->ws.wait_for([](const json& j) { return j["type"] == "game_over"; }, 5000ms,
                               s->absorber());
    if (!over) return AssertionFailure() << "no game_over";
    s->absorb(*over);
  }
  return AssertionSuccess();
}

AssertionResult replay_matches(const std::string& game, const json& over,
                               const std::string& initial) {
  return replay_matches(banmen::GameChoice{game, {}, {}}, over, initial);
}

AssertionResult replay_matches(const banmen::GameChoice& game, const json& over,
                               const std::string& initial) {
  auto g = banmen::create_chosen_game(game, initial);
  if (!g) return AssertionFailure() << g.error().message;
  for (const auto& mv : over["moves"]) {
    auto r = g.value()->apply(mv["move"].get<std::string>());
    if (!r) return AssertionFailure() << "replay " << mv.dump() << ": " << r.error().message;
  }
  if (g.value()->position() != over["position"])
    return AssertionFailure() << "position " << g.value()->position() << " vs " << over["position"];
  auto reason = over["reason"].get<std::string>();
  // Endings by the rules must be what the core says; server-owned endings leave it ongoing.
  auto o = g.value()->outcome();
  if (o.over()) {
    if (o.reason != reason) return AssertionFailure() << "reason " << o.reason << " vs " << reason;
    json winner = o.kind == banmen::Outcome::Kind::win ? json(o.winner) : json(nullptr);
    if (winner != over["winner"]) return AssertionFailure() << "winner differs";
  } else if (reason != "resignation" && reason != "timeout" && reason != "agreement" &&
             reason != "abandonment" && reason != "aborted") {
    return AssertionFailure() << "core says ongoing, server says " << reason;
  }
  return AssertionSuccess();
}

}  // namespace banmen::testing

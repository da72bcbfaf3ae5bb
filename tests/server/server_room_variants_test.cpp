// Integration: every fairy-chess variant rooms offer, played through the real binary. For
// each, a room; seeded random legal moves from both seats (drops, gates, duck walls and
// janggi's passes preferred when there are some), each move event's position checked
// against the rules core; then a spectator's snapshot, the stored game's replay, the
// positions and PGN exports read back, and a hint from the review.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "games/registry.h"
#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerRoomVariants : public SharedServerSuite<ServerRoomVariants> {
 public:
  static std::vector<std::string> server_args() {
    return {"--max-rooms-per-address", "500",  "--messages-per-second", "5000",
            "--message-burst",         "10000"};
  }
};

// The two squares of a UCI move ("e2e4", "a10a9", "e2e4,e4d5"); empty for a drop.
std::pair<std::string, std::string> squares_of(const std::string& move) {
  if (move.find('@') != std::string::npos) return {};
  std::size_t i = 0;
  auto square = [&] {
    std::string s;
    if (i < move.size() && std::isalpha(static_cast<unsigned char>(move[i]))) s += move[i++];
    while (i < move.size() && std::isdigit(static_cast<unsigned char>(move[i]))) s += move[i++];
    return s;
  };
  std::string from = square();
  std::string to = square();
  return {from, to};
}

// The kind of a move as the contract writes it: "drop", "wall", "pass", "gate" or "".
std::string kind_of(const std::string& move, const json& variant) {
  if (move.find('@') != std::string::npos) return "drop";
  if (move.find(',') != std::string::npos) return "wall";
  const auto [from, to] = squares_of(move);
  if (!from.empty() && from == to) return "pass";
  if (variant.value("gating", false) && move.size() > from.size() + to.size()) {
    const char last = move[from.size() + to.size()];
    const std::string hand = variant.value("hand", "");
    // A letter from the hand on a move that is not a pawn's promotion (to the last rank).
    const std::string rank = to.substr(1);
    if (hand.find(last) != std::string::npos && rank != "8" && rank != "1") return "gate";
  }
  return "";
}

// Plays up to `plies` random moves, checking each move event against the core's game;
// prefers moves of a special kind half of the time. Counts the kinds played.
::testing::AssertionResult play_checked(Match& m, Game& core, const json& variant,
                                        std::mt19937& rng, int plies,
                                        std::map<std::string, int>& kinds) {
  for (int ply = 0; ply < plies; ++ply) {
    Side* mover = !m.a.legal.empty() ? &m.a : !m.b.legal.empty() ? &m.b : nullptr;
    if (!mover) break;
    // By kind, the special moves on offer; a kind offered and never played yet is played
    // now, else a special move half of the time.
    std::map<std::string, std::vector<std::string>> special;
    for (const auto& mv : mover->legal)
      if (const std::string kind = kind_of(mv, variant); !kind.empty()) special[kind].push_back(mv);
    std::string move;
    for (const auto& [kind, moves] : special)
      if (move.empty() && kinds[kind] == 0) move = moves[rng() % moves.size()];
    if (move.empty() && !special.empty() && rng() % 2 == 0) {
      auto it = special.begin();
      std::advance(it, static_cast<long>(rng() % special.size()));
      move = it->second[rng() % it->second.size()];
    }
    if (move.empty()) move = mover->legal[rng() % mover->legal.size()];
    const std::size_t core_moves = core.legal_moves().size();
    if (core_moves != mover->legal.size())
      return ::testing::AssertionFailure()
             << "ply " << ply << ": the server lists " << mover->legal.size() << " moves, the core "
             << core_moves << " in " << core.position();
    if (auto r = play_one(m, move, "p" + std::to_string(ply)); !r) return r;
    if (auto r = core.apply(move); !r)
      return ::testing::AssertionFailure() << "core refuses " << move << ": " << r.error().message;
    ++kinds[kind_of(move, variant)];
    const json& event = m.a.events.back();
    if (event.value("position", "") != core.position())
      return ::testing::AssertionFailure()
             << "after " << move << ": " << event.dump() << " vs " << core.position();
  }
  return ::testing::AssertionSuccess();
}

json http_json(unsigned short port, const std::string& target) {
  const std::string answer = raw_http_get(port, target);
  const auto at = answer.find("\r\n\r\n");
  if (status_of(answer) != 200 || at == std::string::npos) return json(answer);
  return json::parse(answer.substr(at + 4), nullptr, false);
}

std::string http_body(unsigned short port, const std::string& target) {
  const std::string answer = raw_http_get(port, target);
  const auto at = answer.find("\r\n\r\n");
  return status_of(answer) == 200 && at != std::string::npos ? answer.substr(at + 4) : "";
}

TEST_F(ServerRoomVariants, EveryVariantPlaysThroughTheRealInterface) {
  WsClient lobby;
  ASSERT_TRUE(lobby.connect(port()));
  auto welcome = lobby.request({{"type", "hello"}, {"protocol", 2}});
  ASSERT_TRUE(welcome);
  std::map<std::string, int> totals;
  std::map<std::string, std::map<std::string, int>> played_kinds;
  int variants = 0;
  for (const auto& g : (*welcome)["games"]) {
    if (g.value("board", "") != "fairy") continue;
    const std::string id = g["id"];
    SCOPED_TRACE(id);
    ++variants;
    const json& variant = g["variant"];
    Match m;
    ASSERT_TRUE(open_match(port(), m, {{"game", id}, {"side", "first"}}));
    const std::string initial = m.a.snapshot["initial_position"];
    auto core = create_game(id, initial);
    ASSERT_TRUE(core.ok()) << core.error().message;
    EXPECT_EQ((*core)->position(), m.a.snapshot["position"]);

    std::mt19937 rng(static_cast<unsigned>(std::hash<std::string>{}(id)));
    std::map<std::string, int> kinds;
    ASSERT_TRUE(play_checked(m, **core, variant, rng, 40, kinds));
    for (const auto& [kind, n] : kinds) totals[kind] += n;
    // The variant's special kinds of move, when it has them: drops are offered once a piece
    // is in hand (euroshogi's random line may capture nothing).
    const bool drops = variant.value("drops", false), walls = variant.contains("walling");
    const bool passes = variant.value("pass", false), gates = variant.value("gating", false);
    EXPECT_TRUE(drops || kinds["drop"] == 0);
    EXPECT_TRUE(!walls || kinds["wall"] > 0);
    EXPECT_TRUE(!passes || kinds["pass"] > 0);
    EXPECT_TRUE(!gates || kinds["gate"] > 0);
    played_kinds[id] = kinds;

    // A spectator's snapshot: the same position, pockets included.
    WsClient spec;
    ASSERT_TRUE(spec.connect(port()));
    ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
    auto snap = spec.wait_for([](const json& j) { return j["type"] == "snapshot"; });
    ASSERT_TRUE(snap);
    EXPECT_EQ((*snap)["position"], (*core)->position());
    if (variant.contains("hand")) {
      EXPECT_NE((*snap)["position"].get<std::string>().find('['), std::string::npos);
    }

    // The stored game: ended (by the rules or by a resignation), replayed by the core.
    if (m.a.legal.empty() && m.b.legal.empty()) {
      // Ended by the rules: both hear game_over.
      for (Side* s : {&m.a, &m.b}) {
        if (!s->game_over.is_null()) continue;
        auto over = s->ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
        ASSERT_TRUE(over);
        s->absorb(*over);
      }
    } else {
      auto resigned = m.a.ws.request({{"type", "resign"}});
      ASSERT_TRUE(resigned && (*resigned)["type"] == "ack") << (resigned ? resigned->dump() : "");
      for (Side* s : {&m.a, &m.b}) {
        auto over = s->ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
        ASSERT_TRUE(over);
        s->absorb(*over);
      }
    }
    EXPECT_TRUE(replay_matches(GameChoice{id, {}, {}}, m.a.game_over, initial));

    // The positions export ends on the same FEN; the PGN reads back to it.
    const json positions = http_json(port(), "/api/rooms/" + m.room + "/games/1/positions");
    ASSERT_TRUE(positions.is_object()) << positions.dump();
    EXPECT_EQ(positions["positions"].back()["position"], (*core)->position());
    const std::string pgn =
        http_body(port(), "/api/rooms/" + m.room + "/games/1/record?format=pgn");
    EXPECT_NE(pgn.find("[Variant \""), std::string::npos) << pgn;
    auto imported = import_game(id, "pgn", pgn);
    ASSERT_TRUE(imported.ok()) << imported.error().message << "\n" << pgn;
    EXPECT_EQ((*imported)->position(), (*core)->position()) << pgn;

    // A hint on the final position, where the computer plays the variant.
    json e;
    auto started = m.a.ws.request({{"type", "review_start"}});
    ASSERT_TRUE(started && (*started)["type"] == "ack") << (started ? started->dump() : "");
    auto review = m.a.ws.wait_for([](const json& j) { return j.value("type", "") == "review"; });
    ASSERT_TRUE(review);
    auto hint = m.a.ws.request({{"type", "review_hint"}}, 20000ms);
    ASSERT_TRUE(hint);
    if (!g.value("computer", true)) {
      EXPECT_EQ((*hint)["type"], "error") << hint->dump();
      EXPECT_EQ((*hint)["code"], "unsupported") << hint->dump();
      continue;
    }
    const auto& legal = (*review)["legal_moves"];
    if (legal.empty()) continue;  // the game ended by the rules: no move to hint
    ASSERT_EQ((*hint)["type"], "review_hint") << hint->dump();
    EXPECT_NE(std::find(legal.begin(), legal.end(), (*hint)["move"]), legal.end()) << hint->dump();
  }
  EXPECT_EQ(variants, 36);
  for (const char* id : {"crazyhouse", "placement", "shouse", "capahouse", "kyotoshogi",
                         "torishogi", "sittuyin", "dobutsu"})
    EXPECT_GT(played_kinds[id]["drop"], 0) << id;
  // Over all variants: drops, gates, walls and passes were played.
  for (const char* kind : {"drop", "gate", "wall", "pass"}) EXPECT_GT(totals[kind], 0) << kind;
  std::string summary;
  for (const auto& [kind, n] : totals)
    summary += (kind.empty() ? "plain" : kind) + "=" + std::to_string(n) + " ";
  std::printf("moves played: %s\n", summary.c_str());
}

}  // namespace
}  // namespace banmen::testing

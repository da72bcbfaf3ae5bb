// GET /api/rooms/<room>/games/<n>/positions: every position of a stored game, replayed
// through the rules core, for the asker. Each entry is checked against a game replayed
// here move by move through the rules core's seam (view(), notation(), to_move(),
// in_check()); dog-cat's answers are checked for leaks against the game's own marks, and
// its reveal against shogi::reveal_dogcat_game().
#include <gtest/gtest.h>

#include <cctype>

#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "exports/export_route.h"
#include "exports/positions_cache.h"
#include "exports/record_export.h"
#include "games/custom_game.h"
#include "shogi/dogcat/dogcat_reveal.h"
#include "storage/memory_store.h"
#include "util/tokens.h"

// `json` declared as protocol/messages.h declares it, in the same namespace: a unity file
// may hold both (a using-declaration in the anonymous namespace would be shadowed).
namespace banmen::server {
using json = nlohmann::json;

namespace {

const std::string kTinyVariant =
    "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
    "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
    "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
    "castling = false\n";

class PositionsRoute : public ::testing::Test {
 protected:
  // A room whose host ("host-token") sits on seat 1, so seats and players differ.
  void open_room(const std::string& room, json options) {
    options_ = std::move(options);
    ASSERT_TRUE(store_.write(StoredRoomInfo{room, options_.dump(), 1}).ok());
    ASSERT_TRUE(store_.write(StoredSeat{room, {0, "Host", sha256_hex("host-token")}}).ok());
    ASSERT_TRUE(store_.write(StoredSeat{room, {1, "Guest", sha256_hex("guest-token")}}).ok());
  }

  // Plays `moves` (or, past them, pseudo-random legal moves) up to `plies`.
  static GamePtr play(const GameChoice& choice, const std::vector<std::string>& moves, int plies,
                      unsigned seed) {
    auto made = create_chosen_game(choice);
    EXPECT_TRUE(made.ok()) << made.error().message;
    if (!made) return nullptr;
    GamePtr game = std::move(*made);
    std::mt19937 rng(seed);
    for (int ply = 1; ply <= plies && !game->over(); ++ply) {
      std::string mv;
      if (static_cast<std::size_t>(ply) <= moves.size()) {
        mv = moves[ply - 1];
      } else {
        auto legal = game->legal_moves();
        mv = legal[rng() % legal.size()];
      }
      EXPECT_TRUE(game->apply(mv).ok()) << mv;
    }
    return game;
  }

  // play()s a game and stores it as a room would; returns the game as played (finished
  // when `outcome` is given).
  GamePtr store_game(const std::string& room, int game_no, const GameChoice& choice,
                     const std::vector<std::string>& moves, int plies, unsigned seed,
                     std::optional<StoredOutcome> outcome) {
    GamePtr game = play(choice, moves, plies, seed);
    if (!game) return nullptr;
    StoredGameStart start{
        room,   game_no,      choice.game, options_.dump(), game->initial_position(),
        {1, 0}, 1700000000000};
    EXPECT_TRUE(store_.write(start).ok());
    for (std::size_t i = 0; i < game->history_size(); ++i) {
      StoredMove sm;
      sm.room_id = room;
      sm.game_no = game_no;
      sm.ply = static_cast<int>(i + 1);
      sm.move = game->notation(i, Viewer::referee);
      EXPECT_TRUE(store_.write(sm).ok());
    }
    if (outcome) {
      EXPECT_TRUE(store_.write(StoredFinish{room, game_no, *outcome, 1700000100000}).ok());
      if (!game->over()) game->finish(outcome_of(*outcome));
    }
    return game;
  }

  ExportReply get(const std::string& target, const std::string& authorization = {}) {
    return export_route(store_, {target, authorization, "example.org"});
  }
  json positions(const std::string& room, int n, const std::string& token = {}) {
    auto reply = get("/api/rooms/" + room + "/games/" + std::to_string(n) + "/positions" +
                     (token.empty() ? "" : "?token=" + token));
    EXPECT_EQ(reply.status, 200u) << reply.body;
    EXPECT_EQ(reply.content_type, "application/json");
    return json::parse(reply.body, nullptr, false);
  }

  // Every entry equals the rules core's own answer for `viewer`, replaying `played`'s
  // moves one by one from its start.
  static void expect_replay(const json& body, const Game& played, Viewer viewer,
                            const GameChoice& choice) {
    auto made = create_chosen_game(choice, played.initial_position());
    ASSERT_TRUE(made.ok()) << made.error().message;
    GamePtr step = std::move(*made);
    const auto& list = body["positions"];
    ASSERT_EQ(list.size(), played.history_size() + 1);
    EXPECT_EQ(body["initial_position"], played.initial_view(viewer));
    for (std::size_t ply = 0; ply < list.size(); ++ply) {
      const json& e = list[ply];
      EXPECT_EQ(e["ply"], ply);
      if (ply > 0) {
        EXPECT_EQ(e["seat"], step->to_move()) << ply;
        ASSERT_TRUE(step->apply(played.notation(ply - 1, Viewer::referee)).ok());
        EXPECT_EQ(e["move"], played.notation(ply - 1, viewer)) << ply;
        EXPECT_EQ(e["display"], played.display_notation(ply - 1, viewer)) << ply;
      }
      EXPECT_EQ(e["position"], step->view(viewer)) << ply;
      EXPECT_EQ(e["to_move"], step->to_move()) << ply;
      EXPECT_EQ(e["in_check"], step->in_check()) << ply;
    }
    EXPECT_EQ(list.back()["position"], played.view(viewer));
  }

  MemoryStore store_;
  json options_;
};

TEST_F(PositionsRoute, AGameInProgressPlaysOnlyItsNewMovesFromTheCache) {
  const GameChoice chess{"chess", "", ""};
  open_room("grow", {{"game", "chess"}});
  GamePtr played = store_game("grow", 1, chess, {}, 40, 11, std::nullopt);
  ASSERT_TRUE(played && !played->over());
  const std::size_t plies = played->history_size();
  PositionsCache cache;
  auto ask = [&](const std::string& token, PositionsCache* with, std::uint64_t& cost) {
    const auto before = Game::applied_on_this_thread();
    auto reply = export_route(
        store_,
        {"/api/rooms/grow/games/1/positions" + (token.empty() ? "" : "?token=" + token), "",
         "example.org"},
        with);
    cost = Game::applied_on_this_thread() - before;
    EXPECT_EQ(reply.status, 200u) << reply.body;
    return json::parse(reply.body, nullptr, false);
  };
  std::uint64_t cost = 0;
  json body = ask("", &cache, cost);
  EXPECT_EQ(cost, plies);  // the first answer replays the game once
  expect_replay(body, *played, Viewer::spectator, chess);
  // Two more moves: the next answer plays those two, and is the same as a whole replay.
  for (int i = 0; i < 2; ++i) {
    const auto legal = played->legal_moves();
    ASSERT_TRUE(played->apply(legal[legal.size() / 2]).ok());
    StoredMove sm;
    sm.room_id = "grow";
    sm.game_no = 1;
    sm.ply = static_cast<int>(played->history_size());
    sm.move = played->notation(played->history_size() - 1, Viewer::referee);
    ASSERT_TRUE(store_.write(sm).ok());
  }
  body = ask("", &cache, cost);
  EXPECT_EQ(cost, 2u);
  expect_replay(body, *played, Viewer::spectator, chess);
  EXPECT_EQ(body, ask("", nullptr, cost));
  EXPECT_EQ(cost, plies + 2);  // without the cache: the whole game again
  // Asked again with nothing new: no move at all. Another viewer has its own entry.
  (void)ask("", &cache, cost);
  EXPECT_EQ(cost, 0u);
  body = ask("host-token", &cache, cost);
  EXPECT_EQ(cost, plies + 2);
  expect_replay(body, *played, Viewer::seat1, chess);
}

TEST_F(PositionsRoute, ChessShogiAndHasamiReplayAsTheRulesCoreSeesThem) {
  for (const char* id : {"chess", "shogi", "hasami", "minishogi"}) {
    const std::string room = std::string("r-") + id;
    open_room(room, {{"game", id}});
    auto played =
        store_game(room, 1, {id, {}, {}}, {}, 60, 7, StoredOutcome{"win", 0, "resignation"});
    auto over = positions(room, 1);
    EXPECT_EQ(over["room"], room);
    EXPECT_EQ(over["game_no"], 1);
    EXPECT_EQ(over["game"], id);
    EXPECT_EQ(over["status"], "over");
    EXPECT_EQ(over["result"], json({{"kind", "win"}, {"winner", 0}, {"reason", "resignation"}}));
    expect_replay(over, *played, Viewer::referee, {id, {}, {}});
    EXPECT_FALSE(over["positions"][1].contains("reveal"));

    auto playing = store_game(room, 2, {id, {}, {}}, {}, 30, 9, std::nullopt);
    auto now = positions(room, 2, "guest-token");
    EXPECT_EQ(now["status"], "playing");
    EXPECT_TRUE(now["result"].is_null());
    expect_replay(now, *playing, Viewer::seat1, {id, {}, {}});
  }
}

TEST_F(PositionsRoute, ChessDisplaysSanAndCheck) {
  open_room("c", {{"game", "chess"}});
  auto played =
      store_game("c", 1, {"chess", {}, {}}, {"f2f3", "e7e5", "g2g4", "d8h4"}, 4, 1, std::nullopt);
  auto body = positions("c", 1);
  ASSERT_EQ(body["positions"].size(), 5u);
  EXPECT_EQ(body["positions"][4]["display"], "Qh4#");
  EXPECT_EQ(body["positions"][4]["move"], "d8h4");
  EXPECT_EQ(body["positions"][4]["in_check"], true);
  EXPECT_EQ(body["positions"][4]["seat"], 1);
  EXPECT_EQ(body["positions"][0]["to_move"], 0);
  EXPECT_FALSE(body["positions"][0].contains("seat"));
  EXPECT_FALSE(body["positions"][0].contains("move"));
}

TEST_F(PositionsRoute, AReversiPassIsAPlyOfTheSideThatCouldNotMove) {
  open_room("rev", {{"game", "reversi"}});
  // The first seeded game that has a pass (reversi's random games very often do).
  for (unsigned seed = 1; seed < 300; ++seed) {
    auto probe = play({"reversi", {}, {}}, {}, 200, seed);
    std::size_t pass = 0;
    for (std::size_t i = 0; i < probe->history_size() && !pass; ++i)
      if (probe->notation(i, Viewer::referee) == "pass") pass = i + 1;
    if (!pass) continue;
    auto played = store_game("rev", 1, {"reversi", {}, {}}, {}, 200, seed,
                             StoredOutcome{"win", 0, "disc_count"});
    auto body = positions("rev", 1);
    expect_replay(body, *played, Viewer::referee, {"reversi", {}, {}});
    const json& e = body["positions"][pass];
    EXPECT_EQ(e["move"], "pass");
    EXPECT_EQ(e["position"].get<std::string>().substr(0, 64),
              body["positions"][pass - 1]["position"].get<std::string>().substr(0, 64))
        << "a pass changes no disc";
    EXPECT_NE(e["seat"], e["to_move"]);
    return;
  }
  FAIL() << "no reversi game with a pass in 300 seeds";
}

TEST_F(PositionsRoute, ACustomVariantIsRebuiltFromItsStoredDefinition) {
  open_room("v", {{"game", "custom"}, {"variant", kTinyVariant}, {"variant_name", "tiny"}});
  auto played = store_game("v", 1, {"custom", kTinyVariant, "tiny"}, {}, 40, 3,
                           StoredOutcome{"win", 1, "resignation"});
  auto body = positions("v", 1);
  EXPECT_EQ(body["game"], "custom");
  expect_replay(body, *played, Viewer::referee, {"custom", kTinyVariant, "tiny"});
  EXPECT_EQ(body["positions"].back()["position"], played->position());
}

// The opponent's hidden pieces are `?X`/`!x` (board, hand) and its hidden drops `?*2e`: a
// marked letter other than X/x is allowed only for the asker's own pieces.
// (No <regex>: GCC 12 warns inside it under the sanitizers.)
void expect_nothing_hidden_leaks(const json& body, Viewer viewer) {
  auto own = [&](char letter) {
    if (letter == 'X' || letter == 'x') return true;
    if (viewer == Viewer::seat0) return letter >= 'A' && letter <= 'Z';
    if (viewer == Viewer::seat1) return letter >= 'a' && letter <= 'z';
    return false;
  };
  for (const auto& e : body["positions"]) {
    EXPECT_FALSE(e.contains("reveal"));
    const std::string pos = e["position"];
    for (std::size_t i = 0; i + 1 < pos.size(); ++i) {
      const char letter = pos[i + 1];
      const bool marked = (pos[i] == '?' || pos[i] == '!') &&
                          (std::isalpha(static_cast<unsigned char>(letter)) || letter == '*');
      if (marked) {
        EXPECT_TRUE(own(letter)) << "ply " << e["ply"] << ": " << pos;
      }
    }
    if (!e.contains("move")) continue;
    const std::string move = e["move"];
    // "?R*2e" names the type: only the mover's own copy may.
    if (move.size() > 2 && move[0] == '?' && move[1] != '*') {
      EXPECT_EQ(e["seat"], seat_of(viewer)) << "ply " << e["ply"] << ": " << move;
    }
    const std::string display = e["display"];
    if (display.size() > 2 && display[0] == '?' && display[1] != '*') {
      EXPECT_EQ(e["seat"], seat_of(viewer)) << "ply " << e["ply"] << ": " << display;
    }
  }
}

TEST_F(PositionsRoute, DogcatDuringTheGameShowsEachAskerOnlyWhatItMaySee) {
  open_room("dc", {{"game", "dogcat"}});
  auto played = store_game("dc", 1, {"dogcat", {}, {}}, {}, 24, 5, std::nullopt);
  ASSERT_FALSE(played->over());
  // The host sits on seat 1, the guest on seat 0.
  const std::pair<std::string, Viewer> askers[] = {
      {"", Viewer::spectator}, {"guest-token", Viewer::seat0}, {"host-token", Viewer::seat1}};
  std::set<std::string> seen;
  for (const auto& [token, viewer] : askers) {
    auto body = positions("dc", 1, token);
    EXPECT_EQ(body["status"], "playing");
    expect_replay(body, *played, viewer, {"dogcat", {}, {}});
    expect_nothing_hidden_leaks(body, viewer);
    seen.insert(body["positions"].back()["position"].get<std::string>());
    auto by_header = get("/api/rooms/dc/games/1/positions", token.empty() ? "" : "Bearer " + token);
    EXPECT_EQ(json::parse(by_header.body), body);
    EXPECT_FALSE(by_header.cacheable);
  }
  EXPECT_EQ(seen.size(), 3u) << "three askers, three different views";
  EXPECT_EQ(seen.count(played->position()), 0u) << "nobody sees the true position";
}

TEST_F(PositionsRoute, DogcatAfterTheGameRevealsEveryHiddenPieceToEveryone) {
  open_room("dc", {{"game", "dogcat"}});
  auto played =
      store_game("dc", 1, {"dogcat", {}, {}}, {}, 30, 11, StoredOutcome{"win", 1, "resignation"});
  auto reveal = shogi::reveal_dogcat_game(*played);
  ASSERT_TRUE(reveal.ok()) << reveal.error().message;
  auto body = positions("dc", 1);
  expect_replay(body, *played, Viewer::referee, {"dogcat", {}, {}});
  ASSERT_EQ(body["positions"].size(), reveal->size());
  for (std::size_t i = 0; i < reveal->size(); ++i) {
    const auto& want = (*reveal)[i];
    const json& got = body["positions"][i]["reveal"];
    EXPECT_EQ(body["positions"][i]["position"], want.position) << i;
    ASSERT_EQ(got["hidden"].size(), want.hidden.size()) << i;
    for (std::size_t h = 0; h < want.hidden.size(); ++h) {
      EXPECT_EQ(got["hidden"][h]["owner"], want.hidden[h].owner);
      EXPECT_EQ(got["hidden"][h]["where"], want.hidden[h].where);
      EXPECT_EQ(got["hidden"][h]["type"], std::string(1, want.hidden[h].type));
      EXPECT_EQ(got["hidden"][h]["candidate"], want.hidden[h].candidate);
    }
    const json& seen_by = got["king_candidates_seen_by"];
    ASSERT_TRUE(seen_by.is_array() && seen_by.size() == 2) << seen_by;
    for (int s = 0; s < 2; ++s) {
      ASSERT_TRUE(seen_by[s].is_array()) << seen_by;
      EXPECT_EQ(seen_by[s].get<std::vector<std::string>>(), want.king_candidates_seen_by[s]);
    }
  }
  EXPECT_GT(body["positions"][0]["reveal"]["hidden"].size(), 0u);
  // The same for every asker, and cacheable.
  EXPECT_EQ(positions("dc", 1, "host-token"), body);
  EXPECT_EQ(positions("dc", 1, "guest-token"), body);
  EXPECT_TRUE(get("/api/rooms/dc/games/1/positions").cacheable);
}

TEST_F(PositionsRoute, DogcatRevealsTheKingCandidatesEachSideSaw) {
  // Both sides drop a king and another piece; then Cat resigns.
  open_room("dc", {{"game", "dogcat"}});
  store_game("dc", 1, {"dogcat", {}, {}}, {"?R*2e", "?G*3b", "2e2d", "?K*1b", "?K*4e"}, 5, 1,
             StoredOutcome{"win", 0, "resignation"});
  auto last = positions("dc", 1)["positions"][5];
  EXPECT_EQ(last["move"], "?K*4e");
  EXPECT_EQ(last["reveal"]["king_candidates_seen_by"],
            json::parse(R"([["3b", "1b"], ["2d", "4e"]])"));
  EXPECT_EQ(last["reveal"]["hidden"][3],
            json::parse(R"({"owner": 0, "where": "4e", "type": "K", "candidate": true})"));
  EXPECT_EQ(last["reveal"]["hidden"][4],
            json::parse(R"({"owner": 0, "where": "hand", "type": "B", "candidate": false})"));
}

TEST_F(PositionsRoute, RefusesWhatItMayNotAnswer) {
  open_room("closed", {{"game", "chess"}, {"spectators", false}});
  store_game("closed", 1, {"chess", {}, {}}, {}, 6, 1, StoredOutcome{"draw", -1, "agreement"});
  store_game("closed", 2, {"chess", {}, {}}, {}, 6, 2, std::nullopt);
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions?token=someone-else").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games/1/positions?token=someone-else").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions", "Bearer nobody").status, 403u);
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions?token=host-token").status, 200u);
  EXPECT_EQ(get("/api/rooms/closed/games/1/positions").status, 200u);  // finished: public
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions?token=bad%20token").status, 400u);
  EXPECT_EQ(get("/api/rooms/closed/games/2/positions?token=" + std::string(200, 'a')).status, 400u);
  for (const char* n : {"3", "0", "-1", "99999999999999999999", "x", "2x", "1e3"})
    EXPECT_EQ(get(std::string("/api/rooms/closed/games/") + n + "/positions").status, 404u) << n;
  EXPECT_EQ(get("/api/rooms/nobody/games/1/positions").status, 404u);
  EXPECT_EQ(get("/api/rooms/bad%20room/games/1/positions").status, 400u);
  EXPECT_EQ(get("/api/rooms/closed/games/1/positions/more").status, 404u);
}

}  // namespace
}  // namespace banmen::server

// Integration: fairy-chess variants in rooms through the real binary. welcome.games gives
// what a client needs to draw each built-in; a host's own definition (game "custom") is
// checked before the room exists, read by players and spectators, played to its end,
// listed with its records, and rebuilt from the store after a restart. Attackers get a
// clear error and no room: oversized, too many sections, malformed, not text, not the host.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <random>
#include <string>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// A 6x6 variant with a custom piece (a wazir that captures like a fers): short games.
const std::string kTiny =
    "# a small board for the tests\n"
    "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
    "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
    "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
    "castling = false\n";

json custom_room(const std::string& variant) {
  return json{
      {"game", "custom"}, {"variant", variant}, {"variant_name", "tiny"}, {"side", "first"}};
}

class ServerVariant : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // A message limit above the definition's own 16 KiB, so that limit is what answers.
    server_ = new ServerProcess({"--max-rooms-per-address", "500", "--messages-per-second", "5000",
                                 "--message-burst", "10000", "--max-message-bytes", "65536"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  static ServerProcess* server_;
};
ServerProcess* ServerVariant::server_ = nullptr;

TEST_F(ServerVariant, WelcomeDescribesEveryRoomVariant) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto w = c.request({{"type", "hello"}, {"protocol", 2}});
  ASSERT_TRUE(w);
  int variants = 0;
  for (const auto& g : (*w)["games"]) {
    if (!g.contains("variant")) continue;
    ++variants;
    const auto& v = g["variant"];
    EXPECT_EQ(v["name"], g["id"]);
    EXPECT_GE(v["files"].get<int>(), 3);  // dobutsu's 3x4 up to grand's 10x10
    EXPECT_FALSE(v["pieces"].empty());
    if (g["id"] == "capablanca") {
      EXPECT_EQ(v["files"], 10);
      EXPECT_EQ(v["ranks"], 8);
      EXPECT_EQ(v["start_fen"],
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
      const std::string promo = v["promotion_pieces"];
      EXPECT_NE(promo.find('a'), std::string::npos) << promo;
      EXPECT_NE(promo.find('c'), std::string::npos) << promo;
    }
    if (g["id"] == "grand") {
      EXPECT_EQ(v["ranks"], 10);
    }
  }
  EXPECT_EQ(variants, 36);  // the twelve built-ins and 24 of the catalogue
  EXPECT_EQ((*w)["limits"]["max_variant_bytes"], 16384);
}

TEST_F(ServerVariant, CheckVariantAnswersFactsOrTheLineAndKey) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto good = c.request({{"type", "check_variant"}, {"variant", kTiny}, {"variant_name", "tiny"}});
  ASSERT_TRUE(good);
  EXPECT_EQ((*good)["type"], "variant_check");
  EXPECT_EQ((*good)["ok"], true) << good->dump();
  EXPECT_EQ((*good)["variant"]["files"], 6);
  EXPECT_EQ((*good)["variant"]["promotion_pieces"], "nrw");
  EXPECT_EQ((*good)["variant"]["promoted_types"], json::object());  // no promotedPieceType
  EXPECT_FALSE((*good)["variant"].contains("template"));            // facts for the board: when set
  EXPECT_FALSE((*good)["variant"].contains("piece_to_char_table"));
  auto drawn = c.request({{"type", "check_variant"},
                          {"variant",
                           "[drawn:chess]\nvariantTemplate = shogi\n"
                           "pieceToCharTable = PNBRQ.....Kpnbrq.....k\n"}});
  ASSERT_TRUE(drawn);
  EXPECT_EQ((*drawn)["variant"]["template"], "shogi") << drawn->dump();
  EXPECT_EQ((*drawn)["variant"]["piece_to_char_table"], "PNBRQ.....Kpnbrq.....k");
  auto bad = c.request({{"type", "check_variant"}, {"variant", "[x:chess]\nmaxFile = 13\n"}});
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["ok"], false);
  EXPECT_EQ((*bad)["error"]["line"], 2) << bad->dump();
  EXPECT_EQ((*bad)["error"]["key"], "maxFile") << bad->dump();
  auto not_text = c.request({{"type", "check_variant"}, {"variant", 7}});
  ASSERT_TRUE(not_text);
  EXPECT_EQ((*not_text)["code"], "bad_request");
}

TEST_F(ServerVariant, CustomGamePlaysToTheEndAndEveryoneReadsTheDefinition) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, custom_room(kTiny)));
  for (Side* s : {&m.a, &m.b}) {
    EXPECT_EQ(s->snapshot["options"]["variant"], kTiny);
    EXPECT_EQ(s->snapshot["game"]["id"], "custom");
    EXPECT_EQ(s->snapshot["game"]["name"], "tiny");
    EXPECT_EQ(s->snapshot["game"]["variant"]["files"], 6);
    EXPECT_EQ(s->snapshot["position"], "rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1");
  }
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  auto snap = spec.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["options"]["variant"], kTiny);
  EXPECT_EQ((*snap)["game"]["variant"]["ranks"], 6);

  std::mt19937 rng(11);
  ASSERT_TRUE(play_random(m, rng, 1200));
  ASSERT_FALSE(m.a.game_over.is_null()) << "the game did not end within 1200 plies";
  EXPECT_TRUE(replay_matches(GameChoice{"custom", kTiny, "tiny"}, m.a.game_over));
  EXPECT_EQ(m.a.game_over["moves"], m.b.game_over["moves"]);

  // The records listing carries the definition; the PGN names the variant.
  const std::string listing = raw_http_get(port(), "/api/rooms/" + m.room + "/games");
  const auto body = json::parse(listing.substr(listing.find("\r\n\r\n") + 4), nullptr, false);
  ASSERT_TRUE(body.is_object()) << listing;
  ASSERT_EQ(body["games"].size(), 1u);
  EXPECT_EQ(body["games"][0]["game"], "custom");
  EXPECT_EQ(body["games"][0]["variant"], kTiny);
  EXPECT_EQ(body["games"][0]["variant_name"], "tiny");
  const std::string pgn =
      raw_http_get(port(), "/api/rooms/" + m.room + "/games/1/record?format=pgn");
  EXPECT_NE(pgn.find("[Variant \"Tiny\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[FEN \"rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\"]"), std::string::npos)
      << pgn;
}

TEST_F(ServerVariant, HostileDefinitionsAreRefusedBeforeAnyRoomExists) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto create = [&](json j) {
    j["type"] = "create_room";
    auto a = c.request(j);
    return a ? *a : json();
  };
  // Over 16 KiB: refused by size, not parsed.
  std::string huge = kTiny + "\n#" + std::string(17 * 1024, 'x') + "\n";
  auto r = create(custom_room(huge));
  EXPECT_EQ(r["code"], "bad_variant") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("16384"), std::string::npos) << r.dump();
  // A thousand sections: refused at the ninth, with its line.
  std::string many;
  for (int i = 0; i < 1000; ++i) many += "[v" + std::to_string(i) + ":chess]\n";
  r = create(custom_room(many));
  EXPECT_EQ(r["code"], "bad_variant") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("line 9"), std::string::npos) << r.dump();
  // Malformed: the line and the key.
  r = create(custom_room("[tiny:chess]\nmaxRank = 6\ncustomPiece1 = w:Xyz\n"));
  EXPECT_EQ(r["code"], "bad_variant") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("line 3: customPiece1"), std::string::npos)
      << r.dump();
  // A name the file does not define, a definition that is not text, none at all.
  r = create(json{{"game", "custom"}, {"variant", kTiny}, {"variant_name", "nope"}});
  EXPECT_EQ(r["code"], "bad_variant") << r.dump();
  r = create(json{{"game", "custom"}, {"variant", json::array({kTiny})}});
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  r = create(json{{"game", "custom"}});
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  r = create(json{{"game", "custom"}, {"variant", kTiny}, {"variant_name", std::string(40, 'a')}});
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  // The connection is still good and in no room: a move is refused with not_in_room.
  auto moved = c.request({{"type", "move"}, {"move", "a2a3"}, {"version", 1}, {"move_id", "x"}});
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["code"], "not_in_room");
}

// A definition whose positions are too costly to play (12x10, twenty-two pieces that ride
// as queens and nightriders: 337 moves at the start) is refused by check_variant and by
// create_room with the cost probe's reason, and no room is made.
TEST_F(ServerVariant, ATooCostlyDefinitionIsRefusedByTheCostProbe) {
  const std::string heavy =
      "[heavy:chess]\nmaxFile = 12\nmaxRank = 10\ncustomPiece1 = z:QNN\ncastling = false\n"
      "startFen = zzzzzzkzzzzz/12/12/12/12/12/12/12/12/ZZZZZZKZZZZZ w - - 0 1\n";
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto check = c.request({{"type", "check_variant"}, {"variant", heavy}});
  ASSERT_TRUE(check);
  EXPECT_EQ((*check)["ok"], false) << check->dump();
  EXPECT_NE((*check)["error"]["message"].get<std::string>().find("too costly"), std::string::npos)
      << check->dump();
  json room = custom_room(heavy);
  room["type"] = "create_room";
  room["variant_name"] = "heavy";
  auto created = c.request(room);
  ASSERT_TRUE(created);
  EXPECT_EQ((*created)["code"], "bad_variant") << created->dump();
  EXPECT_NE((*created)["message"].get<std::string>().find("too costly"), std::string::npos);
  auto moved = c.request({{"type", "move"}, {"move", "a2a3"}, {"version", 1}, {"move_id", "x"}});
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["code"], "not_in_room");
}

TEST_F(ServerVariant, SwitchGameTakesACustomVariantFromTheHostOnly) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "capablanca"}, {"side", "first"}}));
  // A built-in variant's snapshot describes its board as welcome does.
  EXPECT_EQ(m.a.snapshot["game"]["variant"]["files"], 10);
  EXPECT_EQ(m.b.snapshot["game"]["variant"]["promotion_pieces"], "acqrbn");
  ASSERT_TRUE(m.a.ws.request({{"type", "resign"}}, 5000ms, m.a.absorber()));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  json sw = custom_room(kTiny);
  sw["type"] = "switch_game";
  auto r = spec.request(sw);
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["code"], "not_host");
  r = m.b.ws.request(sw, 5000ms, m.b.absorber());
  EXPECT_EQ((*r)["code"], "not_host");
  json broken = sw;
  broken["variant"] = "[tiny:chess]\nmaxFile = 0\n";
  r = m.a.ws.request(broken, 5000ms, m.a.absorber());
  EXPECT_EQ((*r)["code"], "bad_variant");
  // Sent twice: both are accepted and the second changes nothing more.
  for (int i = 0; i < 2; ++i) {
    r = m.a.ws.request(sw, 5000ms, m.a.absorber());
    EXPECT_EQ((*r)["type"], "ack") << r->dump();
  }
  auto options = spec.wait_for([](const json& j) { return j["type"] == "options"; }, 5000ms);
  ASSERT_TRUE(options);
  EXPECT_EQ((*options)["options"]["game"], "custom");
  EXPECT_EQ((*options)["options"]["variant"], kTiny);
  // The rematch plays the custom variant.
  ASSERT_TRUE(m.a.ws.request({{"type", "rematch_offer"}}, 5000ms, m.a.absorber()));
  ASSERT_TRUE(m.b.ws.request({{"type", "rematch_accept"}}, 5000ms, m.b.absorber()));
  auto snap = m.a.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 5000ms);
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["game"]["id"], "custom");
  EXPECT_EQ((*snap)["game"]["variant"]["files"], 6);
}

struct VariantTempDir {
  std::string path;
  VariantTempDir() {
    char tmpl[] = "/tmp/banmen-variant-test-XXXXXX";
    if (mkdtemp(tmpl)) path = tmpl;
  }
  ~VariantTempDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
};

TEST(ServerVariantRestore, ACustomGameComesBackFromTheStore) {
  VariantTempDir dir;
  ASSERT_FALSE(dir.path.empty());
  const std::vector<std::string> args = {"--store", "sqlite", "--data-dir", dir.path};
  std::string room, token;
  json moves;
  {
    ServerProcess server(args);
    ASSERT_TRUE(server.ok()) << server.log();
    Match m;
    ASSERT_TRUE(open_match(server.port(), m, custom_room(kTiny)));
    std::mt19937 rng(5);
    ASSERT_TRUE(play_random(m, rng, 4));
    room = m.room;
    token = m.a.token;
    // A hard stop: every move was committed before anyone heard of it, so the store alone
    // must bring the game back (the definition with it).
    server.signal(SIGKILL);
    EXPECT_EQ(server.wait_exit(8000), 128 + SIGKILL) << server.log();
  }
  ServerProcess again(args);
  ASSERT_TRUE(again.ok()) << again.log();
  WsClient c;
  ASSERT_TRUE(c.connect(again.port()));
  auto joined = c.request({{"type", "join_room"}, {"room", room}, {"token", token}});
  ASSERT_TRUE(joined && joined->value("type", "") == "joined") << (joined ? joined->dump() : "");
  auto snap = c.wait_for([](const json& j) { return j.value("type", "") == "snapshot"; });
  ASSERT_TRUE(snap) << again.log();
  EXPECT_EQ((*snap)["status"], "playing");
  EXPECT_EQ((*snap)["game"]["id"], "custom");
  EXPECT_EQ((*snap)["options"]["variant"], kTiny);
  EXPECT_EQ((*snap)["moves"].size(), 4u);
  EXPECT_FALSE((*snap)["legal_moves"].empty());  // the host (white) is to move again
}

}  // namespace
}  // namespace banmen::testing

// Integration: records brought into a room through the real server (review_import). A KIF
// with 変化 and a PGN with variations open on the review board for both players with their
// side lines and their own game (a chess PGN in a shogi room), a record in several parts
// arrives whole, a record that does not read is refused with its line, and a record
// brought in survives a restart of a server on SQLite.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <filesystem>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

const std::string kImportKif =
    "手合割：平手\n"
    "先手：A\n"
    "後手：B\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n"
    "   2 ３四歩(33)\n"
    "   3 ２六歩(27)\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)\n"
    "   3 ６八銀(79)\n";

const std::string kImportPgn =
    "[Event \"Study\"]\n"
    "[White \"A\"]\n"
    "[Black \"B\"]\n"
    "\n"
    "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n";

class ServerImport : public SharedServerSuite<ServerImport> {
 public:
  static std::vector<std::string> server_args() {
    return {"--max-rooms-per-address", "100", "--analysis-nodes", "2000"};
  }
};

bool is_import_review(const json& j) {
  return j.value("type", "") == "review";
}

json import_part(const std::string& text, int n = 0, int of = 1, const std::string& name = "") {
  return {{"type", "review_import"},
          {"format", "auto"},
          {"name", name},
          {"part", n},
          {"parts", of},
          {"text", text}};
}

// Brings `text` in from `from` in `parts` parts; the review event `to` then receives.
json bring_record_in(WsClient& from, WsClient& to, const std::string& text, int parts = 1,
                     const std::string& name = "") {
  const std::size_t size = text.size() / static_cast<std::size_t>(parts);
  for (int i = 0; i < parts; ++i) {
    const std::size_t at = static_cast<std::size_t>(i) * size;
    auto answer = from.request(
        import_part(i + 1 < parts ? text.substr(at, size) : text.substr(at), i, parts, name));
    if (!answer || (*answer)["type"] != "ack") return answer ? *answer : json("timeout");
  }
  // The event of this record (a client may still hold the events of an earlier one).
  auto e = to.wait_for([&](const json& j) {
    return is_import_review(j) && j.contains("imported") && j["imported"]["name"] == name;
  });
  return e ? *e : json("no review event");
}

// The moves of node `id`'s children, main line first.
std::vector<std::string> import_children(const json& review, int id) {
  std::vector<std::string> moves;
  for (const auto& c : review["nodes"][id]["children"])
    moves.push_back(review["nodes"][c.get<int>()]["move"]);
  return moves;
}

TEST_F(ServerImport, AKifWithVariationsAndAPgnWithVariationsOpenForEveryone) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  auto during = m.a.ws.request(import_part(kImportKif));
  ASSERT_TRUE(during);
  EXPECT_EQ((*during)["code"], "game_in_progress");
  auto resigned = m.a.ws.request({{"type", "resign"}});
  ASSERT_TRUE(resigned && (*resigned)["type"] == "ack");

  // The KIF (cut in two parts, one inside a character) with its 変化.
  const json kif = bring_record_in(m.a.ws, m.b.ws, kImportKif, 2, "study.kif");
  ASSERT_TRUE(kif.is_object()) << kif;
  EXPECT_EQ(kif["game_no"], 0);
  EXPECT_EQ(kif["imported"], json({{"name", "study.kif"}, {"format", "kif"}, {"game", "shogi"}}));
  EXPECT_EQ(kif["nodes"].size(), 6u);
  EXPECT_EQ(import_children(kif, 1), (std::vector<std::string>{"3c3d", "8c8d"}));

  // A chess PGN in this shogi room: the board is chess's.
  const json pgn = bring_record_in(m.b.ws, m.a.ws, kImportPgn, 1, "study.pgn");
  ASSERT_TRUE(pgn.is_object()) << pgn;
  EXPECT_EQ(pgn["imported"]["game"], "chess");
  EXPECT_EQ(pgn["imported"]["format"], "pgn");
  EXPECT_EQ(pgn["by"], 1);
  EXPECT_EQ(pgn["nodes"].size(), 7u);
  EXPECT_EQ(import_children(pgn, 1), (std::vector<std::string>{"e7e5", "c7c5"}));
  EXPECT_EQ(pgn["position"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

  // Driven like a review, saved with its variations.
  auto moved = m.a.ws.request({{"type", "review_move"}, {"move", "d2d4"}});
  ASSERT_TRUE(moved && (*moved)["type"] == "ack") << (moved ? moved->dump() : "timeout");
  auto saved = m.b.ws.request({{"type", "review_save"}});
  ASSERT_TRUE(saved && (*saved)["type"] == "review_record");
  EXPECT_EQ((*saved)["format"], "pgn");
  const std::string text = (*saved)["text"];
  EXPECT_NE(text.find("c5"), std::string::npos) << text;
  EXPECT_NE(text.find("(1. d4)"), std::string::npos) << text;

  // The record brought in is analysed as game 0: its main line (four moves), for everyone.
  auto asked = m.b.ws.request({{"type", "analysis_request"}, {"game_no", 0}});
  ASSERT_TRUE(asked && (*asked)["type"] == "ack") << (asked ? asked->dump() : "timeout");
  auto analysed = m.a.ws.wait_for([](const json& j) {
    return j.value("type", "") == "analysis" && j["game_no"] == 0 &&
           (j["state"] == "done" || j["state"] == "failed");
  });
  ASSERT_TRUE(analysed);
  ASSERT_EQ((*analysed)["state"], "done") << analysed->dump();
  EXPECT_EQ((*analysed)["analysis"]["family"], "chess");
  EXPECT_EQ((*analysed)["analysis"]["moves"].size(), 4u);
  EXPECT_EQ((*analysed)["analysis"]["moves"][0]["move"], "e2e4");

  // Another record brought in: the earlier one's analysis is gone for everyone, and asking
  // again analyses the new record (the KIF's three moves), not the stored chess one.
  const json again = bring_record_in(m.a.ws, m.b.ws, kImportKif, 1, "again.kif");
  ASSERT_TRUE(again.is_object()) << again;
  ASSERT_TRUE(m.b.ws.wait_for([](const json& j) {
    return j.value("type", "") == "analysis" && j["game_no"] == 0 && j["state"] == "none";
  }));
  auto reasked = m.a.ws.request({{"type", "analysis_request"}, {"game_no", 0}});
  ASSERT_TRUE(reasked && (*reasked)["type"] == "ack");
  auto reanalysed = m.b.ws.wait_for([](const json& j) {
    return j.value("type", "") == "analysis" && j["game_no"] == 0 && j["state"] == "done" &&
           j["analysis"]["family"] == "shogi";
  });
  ASSERT_TRUE(reanalysed);
  EXPECT_EQ((*reanalysed)["analysis"]["moves"].size(), 3u);

  // A PGN whose third move does not play: refused with its line, the board as it was.
  auto bad = m.a.ws.request(import_part("[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *\n"));
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["code"], "bad_record");
  EXPECT_EQ((*bad)["line"], 4) << *bad;
}

struct ImportTempDir {
  std::string path;
  ImportTempDir() {
    char tmpl[] = "/tmp/banmen-import-test-XXXXXX";
    if (mkdtemp(tmpl)) path = tmpl;
  }
  ~ImportTempDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
};

TEST(ServerImportRestart, ARecordBroughtInComesBackAfterARestart) {
  ImportTempDir dir;
  ASSERT_FALSE(dir.path.empty());
  const std::vector<std::string> args = {"--store", "sqlite", "--data-dir", dir.path};
  std::string room, token;
  {
    ServerProcess server(args);
    ASSERT_TRUE(server.ok()) << server.log();
    // The host alone in a waiting room: no game is being played, so a record may come in.
    WsClient host;
    ASSERT_TRUE(host.connect(server.port()));
    auto created = host.request({{"type", "create_room"}, {"name", "A"}, {"game", "chess"}});
    ASSERT_TRUE(created && (*created)["type"] == "room_created");
    room = (*created)["room"];
    token = (*created)["token"];
    const json kif = bring_record_in(host, host, kImportKif, 1, "study.kif");
    ASSERT_TRUE(kif.is_object()) << kif;
    // Acknowledged means stored: a hard stop loses nothing.
    server.signal(SIGKILL);
    EXPECT_EQ(server.wait_exit(8000), 128 + SIGKILL) << server.log();
  }
  ServerProcess again(args);
  ASSERT_TRUE(again.ok()) << again.log();
  WsClient c;
  ASSERT_TRUE(c.connect(again.port()));
  auto joined = c.request({{"type", "join_room"}, {"room", room}, {"token", token}});
  ASSERT_TRUE(joined && (*joined)["type"] == "joined") << (joined ? joined->dump() : "");
  auto snap = c.wait_for([](const json& j) { return j.value("type", "") == "snapshot"; });
  ASSERT_TRUE(snap) << again.log();
  const json& review = (*snap)["review"];
  ASSERT_TRUE(review.is_object()) << *snap;
  EXPECT_EQ(review["game_no"], 0);
  EXPECT_EQ(review["imported"]["game"], "shogi");
  EXPECT_EQ(review["nodes"].size(), 6u);
  EXPECT_EQ(import_children(review, 1), (std::vector<std::string>{"3c3d", "8c8d"}));
  // Still driven as a review after the restart.
  auto moved = c.request({{"type", "review_move"}, {"move", "7g7f"}});
  ASSERT_TRUE(moved && (*moved)["type"] == "ack") << (moved ? moved->dump() : "timeout");
}

}  // namespace
}  // namespace banmen::testing

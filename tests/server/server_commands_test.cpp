// Integration: the binary's subcommands beside a live server. `healthcheck` answers from
// /healthz (a container's HEALTHCHECK without curl); `backup FILE` copies the SQLite store
// while the server keeps writing, and the copy opens, passes integrity_check and holds the
// games that were played before it.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

namespace fs = std::filesystem;

struct Run {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// `env` (VAR=value ...) then the server binary with `args`; bounded by `timeout`.
Run run_binary(const std::string& args, const std::string& env = "") {
  Run r;
  const std::string cmd = env + " timeout 60 " BANMEN_SERVER_BINARY " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.output.append(buf, n);
  const int status = pclose(p);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

class ScratchDir {
 public:
  ScratchDir() {
    char tmpl[] = "/tmp/banmen-commands-XXXXXX";
    if (mkdtemp(tmpl)) path_ = tmpl;
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// One value of a one-row query on `db`, as text.
std::string query(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
    return std::string("error: ") + sqlite3_errmsg(db);
  std::string out = "no row";
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(stmt, 0);
    out = text ? reinterpret_cast<const char*>(text) : "NULL";
  }
  sqlite3_finalize(stmt);
  return out;
}

TEST(ServerCommands, HealthcheckAsksTheLiveServerForHealthz) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  const std::string port = std::to_string(server.port());
  auto r = run_binary("healthcheck --port " + port);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // The port from the environment, as the container image sets it.
  r = run_binary("healthcheck", "BANMEN_PORT=" + port);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // It asked liveness, not readiness.
  const std::string metrics = body_of(raw_http_get(server.port(), "/metrics"));
  EXPECT_NE(metrics.find("banmen_http_requests_total{code=\"200\",route=\"/healthz\"} 2\n"),
            std::string::npos)
      << metrics;
  EXPECT_EQ(metrics.find("route=\"/readyz\""), std::string::npos);
  ASSERT_TRUE(server.stop());
  r = run_binary("healthcheck --port " + port);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("unhealthy: cannot connect to 127.0.0.1:" + port), std::string::npos)
      << r.output;
}

TEST(ServerCommands, BackupWhileTheServerWritesIsWholeAndHoldsTheGames) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const std::string data = dir.path() + "/data";
  ServerProcess server({"--store", "sqlite", "--data-dir", data});
  ASSERT_TRUE(server.ok()) << server.log();
  std::mt19937 rng(34);

  // Games finished before the backup.
  struct Played {
    std::string room;
    std::size_t plies = 0;
  };
  std::vector<Played> finished;
  for (int i = 0; i < 3; ++i) {
    Match m;
    ASSERT_TRUE(open_match(server.port(), m, {{"game", "reversi"}}));
    ASSERT_TRUE(play_random(m, rng, 200));
    ASSERT_FALSE(m.a.game_over.is_null());
    finished.push_back({m.room, m.a.game_over["moves"].size()});
  }

  // A game in play all through the backup: every move is a store write.
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> writer_plies{0};
  std::string writer_room;
  std::atomic<bool> writer_ready{false};
  std::thread writer([&] {
    std::mt19937 wrng(35);
    Match m;
    if (!open_match(server.port(), m, {{"game", "chess"}})) return;
    writer_room = m.room;
    writer_ready = true;
    while (!stop && writer_plies < 400) {
      if (!play_random(m, wrng, 1)) return;
      if (m.a.legal.empty() && m.b.legal.empty()) return;  // over: the plies so far stand
      writer_plies++;
    }
  });
  for (int i = 0; i < 1000 && writer_plies < 5; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(writer_ready);
  const std::size_t acked_before_backup = writer_plies;
  ASSERT_GE(acked_before_backup, 5u);

  const std::string copy = dir.path() + "/copy.db";
  auto r = run_binary("backup " + copy + " --data-dir " + data);
  const std::size_t after_backup = writer_plies;
  // The server was still writing after the copy was made.
  for (int i = 0; i < 1000 && writer_plies < after_backup + 3 && writer_plies < 400; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  stop = true;
  writer.join();
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("integrity_check ok"), std::string::npos) << r.output;

  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(copy.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  EXPECT_EQ(query(db, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(query(db, "PRAGMA journal_mode"), "delete");  // one file, no -wal beside it
  for (const auto& f : finished) {
    SCOPED_TRACE(f.room);
    EXPECT_EQ(query(db, "SELECT result_kind IS NOT NULL FROM games WHERE room_id = '" + f.room +
                            "' AND game_no = 1"),
              "1");
    EXPECT_EQ(query(db, "SELECT count(*) FROM moves WHERE room_id = '" + f.room + "'"),
              std::to_string(f.plies));
  }
  // Every move acknowledged before the backup began is in it (a snapshot taken later may
  // hold a few more).
  const auto stored =
      std::stoul(query(db, "SELECT count(*) FROM moves WHERE room_id = '" + writer_room + "'"));
  EXPECT_GE(stored, acked_before_backup);
  EXPECT_LE(stored, writer_plies.load());
  sqlite3_close(db);

  // A backup never overwrites, and only the SQLite store has one.
  r = run_binary("backup " + copy + " --data-dir " + data);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("exists"), std::string::npos) << r.output;
  r = run_binary("--store memory backup " + dir.path() + "/other.db");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_FALSE(fs::exists(dir.path() + "/other.db"));
}

}  // namespace
}  // namespace banmen::testing

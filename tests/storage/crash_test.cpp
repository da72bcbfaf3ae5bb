// The crash test: the real server, many games over WebSockets, kill -9 at random moments,
// restart, and every move any client saw acknowledged must be there; then every game is
// played on to an end the rules core agrees with. Bounded: a few rounds, capped plies,
// deadlines on every read.
//
// The same test is the long kill -9 campaign (docs/operations.md): BANMEN_CRASH_ROUNDS
// (default 5, at most 5000) restarts over BANMEN_CRASH_ROOMS_PER_GAME (default 2, at most
// 8) rooms of each of the six games; a game that ends is replaced by a new room of the same
// game, so every round has rooms in play. The server it drives is told the limits a test
// needs raised (records and listings per address, rooms and connections per address): the
// test reads the store's answers for hundreds of rooms from one address.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

#include "games/registry.h"
#ifdef BANMEN_TEST_POSTGRES
#include "pg_cluster.h"
#endif
#include "server_process.h"
#include "temp_dir.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

constexpr std::size_t kMaxPlies = 240;  // a game still going at this length is resigned
const char* const kGames[] = {"chess", "reversi", "hasami", "shogi", "minishogi", "dogcat"};

// A whole number from the environment within [low, high], else `fallback`.
int from_environment(const char* name, int fallback, int low, int high) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return *end == '\0' && n >= low && n <= high ? static_cast<int>(n) : fallback;
}
// kill -9 and restart this many times, over this many rooms of each game at once.
const int kRounds = from_environment("BANMEN_CRASH_ROUNDS", 5, 1, 5000);
const int kRoomsPerGame = from_environment("BANMEN_CRASH_ROOMS_PER_GAME", 2, 1, 8);

struct Player {
  std::unique_ptr<WsClient> ws;
  std::string token;
  std::int64_t version = 0;
};

struct Match {
  std::string game_id, room;
  Player players[2];
  int seat_of_player[2] = {0, 1};
  GamePtr mirror;                   // the rules core fed with every acknowledged move
  std::vector<std::string> acked;   // moves the server acknowledged, in order
  std::optional<std::string> sent;  // a move sent and not yet acknowledged
  json result;                      // the game_over event, once seen
  int next_id = 1;
  bool resigned = false;
  int player_at_seat(int seat) const { return seat_of_player[0] == seat ? 0 : 1; }
  // Whether player `p`'s view of ply `index` (0-based) is the move as sent. In dog-cat a
  // side sees the opponent's moves without their hidden types, so only the mover's own
  // notation counts there (moves alternate: no passes in shogi).
  bool sees_as_sent(int p, std::size_t index) const {
    return game_id != "dogcat" || static_cast<int>(index % 2) == seat_of_player[p];
  }
};

class CrashTest : public ::testing::Test {
 protected:
  void SetUp() override { use_store({}); }
  // The server's store: SQLite in the test's folder unless `store_args` say otherwise.
  void use_store(const std::vector<std::string>& store_args) {
    std::vector<std::string> args{"--port",          "0",           "--data-dir",
                                  dir_.file("data"), "--log-level", "info"};
    // One address asks for every room's listing at the end, and opens every room: the
    // per-address limits meant for the public are raised for it.
    args.insert(args.end(),
                {"--api-rate", "100000", "--api-burst", "100000", "--max-rooms-per-address",
                 "100000", "--max-connections-per-address", "100000"});
    args.insert(args.end(), store_args.begin(), store_args.end());
    server_ = std::make_unique<ServerProcess>(BANMEN_SERVER_BINARY, args, dir_.file("server.log"));
  }
  // The whole test: games played through rounds of kill -9 and restarts.
  void play_with_kills();
  void start() { ASSERT_TRUE(server_->start()) << server_->log(); }

  // Reads messages on `p` until `pred`, remembering the highest version seen.
  std::optional<json> read(Player& p, const std::function<bool(const json&)>& pred,
                           int timeout_ms = 5000) {
    return p.ws->receive_until(
        [&](const json& m) {
          if (m.contains("version") && m["version"].is_number())
            p.version = std::max(p.version, m["version"].get<std::int64_t>());
          return pred(m);
        },
        timeout_ms);
  }
  static auto type_is(std::string t) {
    return
        [t](const json& m) { return m.value("type", "") == t || m.value("type", "") == "error"; };
  }

  bool open_match(Match& m) {
    auto& host = m.players[0];
    auto& guest = m.players[1];
    host.ws = WsClient::connect(server_->port());
    guest.ws = WsClient::connect(server_->port());
    if (!host.ws || !guest.ws) return false;
    host.ws->send({{"type", "create_room"},
                   {"id", 1},
                   {"name", "Host " + m.game_id},
                   {"game", m.game_id},
                   {"side", "first"}});
    auto created = read(host, type_is("room_created"));
    if (!created || created->value("type", "") != "room_created") return false;
    m.room = (*created)["room"];
    host.token = (*created)["token"];
    guest.ws->send({{"type", "join_room"}, {"id", 1}, {"room", m.room}, {"name", "Guest"}});
    auto joined = read(guest, type_is("joined"));
    if (!joined || joined->value("type", "") != "joined") return false;
    guest.token = (*joined)["token"];
    for (int p = 0; p < 2; ++p) {
      auto snap = read(m.players[p], [](const json& j) {
        return j.value("type", "") == "snapshot" && j.value("status", "") == "playing";
      });
      if (!snap) return false;
      m.seat_of_player[p] = (*snap)["you"]["seat"];
    }
    auto g = create_game(m.game_id);
    if (!g) return false;
    m.mirror = std::move(*g);
    return true;
  }

  // Back after a restart: both players rejoin with their tokens and the snapshot must hold
  // every acknowledged move (and at most the one move in flight on top).
  void rejoin_and_check(Match& m) {
    for (int p = 0; p < 2; ++p) {
      auto& pl = m.players[p];
      pl.ws = WsClient::connect(server_->port());
      ASSERT_TRUE(pl.ws) << m.room;
      pl.ws->send({{"type", "join_room"}, {"id", 2}, {"room", m.room}, {"token", pl.token}});
      auto joined = read(pl, type_is("joined"));
      ASSERT_TRUE(joined && joined->value("type", "") == "joined")
          << m.game_id << " room " << m.room
          << " not restored: " << (joined ? joined->dump() : "no answer");
      auto snap = read(pl, type_is("snapshot"));
      ASSERT_TRUE(snap && snap->value("type", "") == "snapshot");
      std::vector<std::string> stored;
      for (const auto& mv : (*snap)["moves"]) stored.push_back(mv["move"]);
      ASSERT_GE(stored.size(), m.acked.size()) << m.game_id << ": acknowledged moves lost";
      for (std::size_t i = 0; i < m.acked.size(); ++i)
        if (m.sees_as_sent(p, i)) {
          ASSERT_EQ(stored[i], m.acked[i]) << m.game_id << " ply " << i + 1;
        }
      ASSERT_LE(stored.size(), m.acked.size() + 1) << m.game_id << ": moves from nowhere";
      if (stored.size() == m.acked.size() + 1) {
        // The move in flight was stored before the crash but its ack never arrived.
        ASSERT_TRUE(m.sent) << m.game_id;
        if (m.sees_as_sent(p, stored.size() - 1)) {
          ASSERT_EQ(stored.back(), *m.sent) << m.game_id;
        }
        m.acked.push_back(*m.sent);
        ASSERT_TRUE(m.mirror->apply(*m.sent).ok());
      }
      m.sent.reset();
      if (snap->value("status", "") == "over") {
        m.result = *snap;
        // A resignation stored before the kill whose ack never arrived: the game ended
        // there, as the rules core learns now (the end is checked against the listing).
        if (m.resigned && !m.mirror->over()) {
          m.mirror->finish(Outcome::win(1 - m.mirror->to_move(), "resignation"));
          ++lost_resignation_acks_;
        }
        ASSERT_TRUE(m.mirror->over()) << m.game_id << ": over on the server only";
      } else {
        ASSERT_FALSE(m.mirror->over()) << m.game_id << ": game should be over";
      }
    }
  }

  // One move of the side to move (or a resignation at the ply cap). False: server gone.
  bool step(Match& m, std::mt19937& rng) {
    const int seat = m.mirror->to_move();
    auto& pl = m.players[m.player_at_seat(seat)];
    const int id = ++m.next_id;
    if (m.acked.size() >= kMaxPlies) {
      pl.ws->send({{"type", "resign"}, {"id", id}});
      m.resigned = true;
    } else {
      auto legal = m.mirror->legal_moves();
      m.sent = legal[rng() % legal.size()];
      pl.ws->send({{"type", "move"},
                   {"id", id},
                   {"move", *m.sent},
                   {"version", pl.version},
                   {"move_id", m.room.substr(0, 6) + "-" + std::to_string(id)}});
    }
    auto answer = read(pl, [&](const json& j) { return j.contains("re") && j["re"] == id; });
    if (!answer) return false;
    EXPECT_EQ(answer->value("type", ""), "ack") << m.game_id << ": " << answer->dump();
    if (answer->value("type", "") != "ack") return false;
    if (m.sent) {
      m.acked.push_back(*m.sent);
      EXPECT_TRUE(m.mirror->apply(*m.sent).ok());
      m.sent.reset();
    } else {
      m.mirror->finish(Outcome::win(1 - seat, "resignation"));
    }
    for (auto& p : m.players) {
      const auto ply = m.acked.size();
      auto seen = read(p, [&](const json& j) {
        return (j.value("type", "") == "move" && j.value("ply", 0u) == ply && !m.resigned) ||
               j.value("type", "") == "game_over";
      });
      if (!seen) return false;
      if (m.mirror->over() && seen->value("type", "") != "game_over") {
        seen = read(p, type_is("game_over"));
        if (!seen) return false;
      }
      if (seen->value("type", "") == "game_over") m.result = *seen;
    }
    return true;
  }

  // The end the server announced is the one the rules core reaches on the same moves.
  void expect_correct_end(const Match& m) {
    ASSERT_TRUE(m.mirror->over()) << m.game_id;
    auto o = m.mirror->outcome();
    // (A crash between a game's last ack and its game_over event leaves no event to read:
    // then only the store's listing below speaks for the end.)
    const json& r = m.result.contains("result") && m.result["result"].is_object()
                        ? m.result["result"]
                        : m.result;
    if (!m.result.is_null()) {
      EXPECT_EQ(r.value("reason", ""), o.reason) << m.game_id << " " << m.result.dump();
      if (o.kind == Outcome::Kind::win) {
        EXPECT_EQ(r.value("winner", -1), o.winner) << m.game_id;
      }
    }
    // The store agrees: the series listing has the same result and every move.
    auto listing = http_get(server_->port(), "/api/rooms/" + m.room + "/games");
    ASSERT_EQ(listing.status, 200) << listing.body;
    auto series = json::parse(listing.body, nullptr, false);
    ASSERT_TRUE(series.is_object());
    const auto& g = series["games"].back();
    EXPECT_EQ(g.value("plies", 0u), m.acked.size()) << m.game_id;
    EXPECT_EQ(g["result"].value("reason", ""), o.reason) << m.game_id;
  }

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
  std::size_t lost_resignation_acks_ = 0;  // resignations stored whose ack the kill cut off
};

void CrashTest::play_with_kills() {
  using Clock = std::chrono::steady_clock;
  const auto began = Clock::now();
  start();
  std::vector<Match> matches;  // in play
  std::vector<Match> ended;    // replaced by a new room of the same game once over
  for (auto id : kGames) {
    ASSERT_TRUE(create_game(id)) << id;
    for (int i = 0; i < kRoomsPerGame; ++i) {
      Match m;
      m.game_id = id;
      ASSERT_TRUE(open_match(m)) << id << "\n" << server_->log();
      matches.push_back(std::move(m));
    }
  }
  ASSERT_FALSE(matches.empty());
  std::mt19937 rng(20261121);
  std::size_t acked_total = 0, kills = 0, rooms_opened = matches.size();
  double restart_ms_total = 0, restart_ms_max = 0;
  for (int round = 0; round <= kRounds; ++round) {
    const bool crash = round < kRounds;
    // Rooms whose game ended give way to new ones, so the long campaign keeps every room
    // count in play (the short one ends before its games do).
    if (crash && round > 0) {
      for (auto& m : matches) {
        if (!m.mirror->over()) continue;
        Match fresh;
        fresh.game_id = m.game_id;
        for (auto& p : m.players) p.ws.reset();
        ended.push_back(std::move(m));
        ASSERT_TRUE(open_match(fresh)) << fresh.game_id << "\n" << server_->log();
        m = std::move(fresh);
        ++rooms_opened;
      }
    }
    std::atomic<bool> done{false};
    std::atomic<bool> killed{false};  // the scheduled SIGKILL was sent
    std::thread killer;
    std::size_t acked_before = 0;
    bool any_unfinished = false;
    for (const auto& m : matches) {
      acked_before += m.acked.size();
      any_unfinished = any_unfinished || !m.mirror->over();
    }
    if (crash) {
      const int delay = 150 + static_cast<int>(rng() % 900);
      const pid_t pid = server_->pid();
      killer = std::thread([&done, &killed, delay, pid] {
        for (int waited = 0; waited < delay && !done; waited += 5)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (done) return;  // every game ended first: the test kills it itself
        killed = true;
        ::kill(pid, SIGKILL);
      });
    }
    // Round-robin moves over every unfinished game until the server dies (or all end).
    bool alive = true;
    for (int guard = 0; alive && guard < 200000; ++guard) {
      bool any = false;
      for (auto& m : matches) {
        if (m.mirror->over()) continue;
        any = true;
        if (!(alive = step(m, rng))) break;
      }
      if (!any) break;
    }
    done = true;
    if (killer.joinable()) killer.join();
    std::size_t acked_after = 0;
    for (const auto& m : matches) acked_after += m.acked.size();
    if (any_unfinished) {
      EXPECT_GT(acked_after, acked_before) << "round " << round << " acknowledged no move";
    }
    if (crash) {
      ++kills;
      // A death the test did not cause (a crash, an exit) must not pass for the kill.
      if (!alive) {
        ASSERT_TRUE(killed) << "the server died before the scheduled kill\n" << server_->log();
        const int status = server_->reap(5000);
        ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
            << "the server ended otherwise than by the SIGKILL (status " << status << ")\n"
            << server_->log();
      }
      server_->kill_hard();  // reap
      const auto restarting = Clock::now();
      start();
      const double took =
          std::chrono::duration<double, std::milli>(Clock::now() - restarting).count();
      restart_ms_total += took;
      restart_ms_max = std::max(restart_ms_max, took);
      for (auto& m : matches) {
        // A finished game's room is not restored; its end is checked from the store.
        if (m.mirror->over()) continue;
        rejoin_and_check(m);
        if (HasFatalFailure()) return;
      }
    } else {
      ASSERT_TRUE(alive) << "server died without being killed\n" << server_->log();
    }
    if (kRounds >= 100 && kills % 100 == 0 && crash)  // the long campaign shows its progress
      std::cout << "crash test: " << kills << " restarts, " << rooms_opened << " rooms"
                << std::endl;
  }
  std::size_t listings = 0;
  for (auto* list : {&ended, &matches})
    for (const auto& m : *list) {
      expect_correct_end(m);
      acked_total += m.acked.size();
      ++listings;
    }
  const double seconds = std::chrono::duration<double>(Clock::now() - began).count();
  std::cout << "crash test: " << rooms_opened << " rooms (" << matches.size() << " at once), "
            << acked_total << " acknowledged moves, " << kills << " kill -9 restarts, " << listings
            << " final listings checked, " << lost_resignation_acks_
            << " resignations stored whose ack the kill cut off; restart to "
            << "listening: mean " << (kills ? restart_ms_total / static_cast<double>(kills) : 0)
            << " ms, max " << restart_ms_max << " ms; " << seconds << " s in all\n";
  EXPECT_EQ(kills, static_cast<std::size_t>(kRounds));
}

TEST_F(CrashTest, KillNineNeverLosesAnAcknowledgedMove) {
  play_with_kills();
}

#ifdef BANMEN_TEST_POSTGRES
// The same on PostgreSQL (a temporary cluster, pg_cluster.h): what a client saw
// acknowledged was committed there before the server died.
TEST_F(CrashTest, KillNineOnPostgresNeverLosesAnAcknowledgedMove) {
  auto* cluster = PgCluster::shared();
  ASSERT_NE(cluster, nullptr) << PgCluster::shared_error();
  ASSERT_EQ(cluster->reset_database(), "");
  use_store({"--store", "postgres", "--postgres-url", cluster->url()});
  play_with_kills();
}
#endif

}  // namespace
}  // namespace banmen::test

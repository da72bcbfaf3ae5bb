// banmen-hostile-load: one address's attacks on the server's shared work, to measure what
// each does to other rooms' moves (docs/security.md, "Hostile load"; run by
// tests/perf/run-hostile-load.sh beside banmen-load). Loopback only; bounded in connections,
// rate and time; every request says (X-Forwarded-For, for a server that trusts 127.0.0.1
// as its proxy) it comes from 198.51.100.7. Each --attack sets up what it needs, then keeps
// at it until --duration:
//
//   check-variant  --connections checks of a 16 KiB definition at --rate each per second
//   review-start   --rooms finished --plies games of grand chess; in each, a player opens
//                  the review and saves its record, again and again, at --rate per room
//   review-save    the same rooms; a spectator (no permission) asks review_save at --rate
//   positions      --rooms finished games; GET .../positions?x=<n> at --rate per room, a new
//                  x each time (a cache that keys on the raw target would miss every one)
//   room-opens     --rooms finished games left to leave memory, then joins of them and of
//                  made-up ids at --rate per connection (--connections), each a fresh load
//   unfinished     --rooms games of --plies left unfinished, then it ends (no --duration):
//                  the stored rooms a restart brings back (run-hostile-load.sh's restart)
//
// It prints one line: the requests sent, answered and refused (`error` answers or 503s).
//
//   banmen-hostile-load --port 8080 --attack check-variant --connections 60 --rate 19
#include <CLI/CLI.hpp>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// The attacks' heavy games: a built-in 10x10 variant with many moves in each position.
constexpr const char* kHeavyGame = "grand";

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using boost::asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr const char* kAttacker = "198.51.100.7";

struct Totals {
  std::atomic<long> sent{0}, answered{0}, refused{0}, failed{0};
};

// One WebSocket connection to 127.0.0.1, read and written from one thread.
class Ws {
 public:
  explicit Ws(unsigned short port, const std::string& target = "/ws") : ws_(ioc_) {
    ws_.next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), port});
    ws_.read_message_max(1 << 22);
    // Through the server's trusted proxy (127.0.0.1): the attack comes from an address of
    // its own, not banmen-load's.
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::request_type& req) { req.set("X-Forwarded-For", kAttacker); }));
    ws_.handshake("127.0.0.1:" + std::to_string(port), target);
    send({{"type", "hello"}, {"protocol", 2}, {"client", "banmen-hostile-load/0.1"}});
  }
  void send(const json& j) { ws_.write(boost::asio::buffer(j.dump())); }
  json read() {
    buffer_.clear();
    ws_.read(buffer_);
    if (std::getenv("BANMEN_HOSTILE_DEBUG"))
      std::fprintf(stderr, "< %.300s\n", beast::buffers_to_string(buffer_.data()).c_str());
    return json::parse(beast::buffers_to_string(buffer_.data()), nullptr, false);
  }
  // Reads until the answer to request `id` (events before it are passed to `seen`).
  template <class Seen>
  json answer(long id, Seen seen) {
    for (;;) {
      json m = read();
      if (m.is_object() && m.value("re", json()) == id) return m;
      seen(m);
    }
  }
  json answer(long id) {
    return answer(id, [](const json&) {});
  }

 private:
  boost::asio::io_context ioc_;
  websocket::stream<tcp::socket> ws_;
  beast::flat_buffer buffer_;
};

// A player's view while a game is set up: its seat and the moves it may make.
struct Seat {
  int seat = -1;
  long version = 0;
  std::vector<std::string> legal;
  bool to_move = false;
  bool playing = false;
  bool over = false;
  void see(const json& m) {
    if (!m.is_object()) return;
    const std::string type = m.value("type", "");
    if (m.contains("version") && m["version"].is_number_integer())
      version = std::max(version, m["version"].get<long>());
    if (type == "snapshot" && m.contains("you")) seat = m["you"].value("seat", seat);
    if (type == "snapshot" && m.value("status", "") == "playing") playing = true;
    if (type == "snapshot" || type == "move") {
      legal = m.value("legal_moves", std::vector<std::string>{});
      to_move = m.value("to_move", -1) == seat && !legal.empty() &&
                (type == "move" || m.value("status", "") == "playing");
    }
    if (type == "game_over" || (type == "snapshot" && m.value("status", "") == "over")) over = true;
  }
};

struct FinishedRoom {
  std::string id;
  std::string host_token;
};

// Two connections play `plies` random legal moves of `game`, then the host resigns (unless
// `finish` is false): a finished game to review, export or open again. The host's
// connection stays open (returned) when `host_out` is given.
FinishedRoom play_finished_game(unsigned short port, const std::string& game, int plies,
                                unsigned seed, std::unique_ptr<Ws>* host_out = nullptr,
                                bool finish = true) {
  auto host = std::make_unique<Ws>(port);
  Ws guest(port);
  Seat seats[2];
  host->send({{"type", "create_room"},
              {"id", 1},
              {"name", "Host"},
              {"game", game},
              {"side", "first"},
              {"clock", {{"kind", "none"}}},
              {"spectators", true}});
  const json created = host->answer(1, [&](const json& m) { seats[0].see(m); });
  if (created.value("type", "") != "room_created")
    throw std::runtime_error("create_room: " + created.dump());
  FinishedRoom room{created.value("room", ""), created.value("token", "")};
  guest.send({{"type", "join_room"}, {"id", 2}, {"room", room.id}, {"name", "Guest"}});
  guest.answer(2, [&](const json& m) { seats[1].see(m); });
  std::mt19937 rng(seed);
  Ws* ws[2] = {host.get(), &guest};
  // The host's view says when the game is on; if the guest has the first move, the
  // guest's view says so too.
  while (!seats[0].playing) seats[0].see(ws[0]->read());
  if (!seats[0].to_move)
    while (!seats[1].to_move) seats[1].see(ws[1]->read());
  for (int ply = 0; ply < plies && !seats[0].over && !seats[1].over; ++ply) {
    // Neither may move: the last move ended the game (its game_over is still on its way).
    if (!seats[0].to_move && !seats[1].to_move) break;
    const int m = seats[0].to_move ? 0 : 1;
    Seat& s = seats[m];
    const auto i = std::uniform_int_distribution<std::size_t>(0, s.legal.size() - 1)(rng);
    const long id = 100 + ply;
    ws[m]->send({{"type", "move"},
                 {"id", id},
                 {"move", s.legal[i]},
                 {"version", s.version},
                 {"move_id", "h" + std::to_string(id)}});
    s.to_move = false;
    const json a = ws[m]->answer(id, [&](const json& j) { s.see(j); });
    if (a.value("type", "") == "error") throw std::runtime_error("move: " + a.dump());
    s.see(a);
    // The other side's copy of the move, with its legal moves.
    Seat& o = seats[1 - m];
    for (;;) {
      const json j = ws[1 - m]->read();
      o.see(j);
      if (j.value("type", "") == "move" || o.over) break;
    }
  }
  if (finish && !seats[0].over && !seats[1].over) {
    host->send({{"type", "resign"}, {"id", 9}});
    host->answer(9);
  }
  if (host_out) *host_out = std::move(host);
  return room;
}

// Paces one loop to `rate` per second until `end`.
template <class Step>
void paced(double rate, Clock::time_point end, Step step) {
  const auto gap =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate));
  auto next = Clock::now();
  while (Clock::now() < end) {
    step();
    next += gap;
    std::this_thread::sleep_until(next);
  }
}

// Says "ATTACKING" on stdout once every loop of the attack is set up (its games played, its
// rooms left to leave memory), so tests/perf/run-hostile-load.sh measures the attack and
// not its setup, however long a busy machine takes over it. A loop whose setup failed
// counts as set up: the attack goes on without it.
class SetupDone {
 public:
  explicit SetupDone(int loops) : left_(loops) {}
  void one_ready() {
    if (--left_ == 0) {
      std::printf("ATTACKING\n");
      std::fflush(stdout);
    }
  }

 private:
  std::atomic<int> left_;
};

void count(Totals& t, const json& answer) {
  if (answer.value("type", "") == "error")
    ++t.refused;
  else
    ++t.answered;
}

// A definition of 16 KiB whose cost probe runs out of budget: the dearest check there is.
std::string heavy_definition() {
  std::string text =
      "[heavy:chess]\nmaxFile = 12\nmaxRank = 10\ncustomPiece1 = z:QNN\ncastling = false\n"
      "startFen = zzzzzzkzzzzz/12/12/12/12/12/12/12/12/ZZZZZZKZZZZZ w - - 0 1\n";
  while (text.size() < 16 * 1024 - 80) text += "# padding to the largest definition allowed\n";
  return text;
}

void check_variant_flood(unsigned short port, int connections, double rate, Clock::time_point end,
                         Totals& t) {
  const std::string text = heavy_definition();
  SetupDone setup(connections);
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c)
    threads.emplace_back([&, c] {
      bool ready = false;
      try {
        Ws ws(port);
        long id = 0;
        setup.one_ready();
        ready = true;
        paced(rate, end, [&] {
          ws.send({{"type", "check_variant"}, {"id", ++id}, {"variant", text}});
          ++t.sent;
          count(t, ws.answer(id));
        });
      } catch (const std::exception& e) {
        ++t.failed;
        std::fprintf(stderr, "connection %d: %s\n", c, e.what());
        if (!ready) setup.one_ready();
      }
    });
  for (auto& th : threads) th.join();
}

// Review attacks: `rooms` finished games; a player (or, with `spectator`, a spectator)
// asks again and again.
void review_flood(unsigned short port, int rooms, int plies, double rate, bool spectator,
                  Clock::time_point end, Totals& t) {
  SetupDone setup(rooms);
  std::vector<std::thread> threads;
  for (int r = 0; r < rooms; ++r)
    threads.emplace_back([&, r] {
      bool ready = false;
      try {
        std::unique_ptr<Ws> host;
        const auto room = play_finished_game(port, kHeavyGame, plies, 7u + r, &host);
        long id = 1000;
        host->send({{"type", "review_start"}, {"id", ++id}});
        host->answer(id);
        if (spectator) {
          host->send({{"type", "review_close"}, {"id", ++id}});
          host->answer(id);
          Ws watcher(port);
          watcher.send({{"type", "join_room"}, {"id", 1}, {"room", room.id}, {"name", "Watcher"}});
          watcher.answer(1);
          setup.one_ready();
          ready = true;
          paced(rate, end, [&] {
            watcher.send({{"type", "review_save"}, {"id", ++id}});
            ++t.sent;
            count(t, watcher.answer(id));
          });
          return;
        }
        // Save its record, close it, open it again (the tree made again only if it is
        // not kept), and so on.
        const char* cycle[] = {"review_save", "review_close", "review_start"};
        long step = 0;
        setup.one_ready();
        ready = true;
        paced(rate, end, [&] {
          host->send({{"type", cycle[step++ % 3]}, {"id", ++id}});
          ++t.sent;
          count(t, host->answer(id));
        });
      } catch (const std::exception& e) {
        ++t.failed;
        std::fprintf(stderr, "room %d: %s\n", r, e.what());
        if (!ready) setup.one_ready();
      }
    });
  for (auto& th : threads) th.join();
}

// One HTTP GET on 127.0.0.1; the status code (0 if the connection failed).
int http_get(unsigned short port, const std::string& target) {
  try {
    boost::asio::io_context ioc;
    beast::tcp_stream s(ioc);
    s.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set("X-Forwarded-For", kAttacker);
    http::write(s, req);
    beast::flat_buffer b;
    http::response_parser<http::string_body> res;
    res.body_limit(1 << 26);
    http::read(s, b, res);
    beast::error_code ignored;
    s.socket().shutdown(tcp::socket::shutdown_both, ignored);
    return res.get().result_int();
  } catch (const std::exception&) {
    return 0;
  }
}

void positions_flood(unsigned short port, int rooms, int plies, double rate, Clock::time_point end,
                     Totals& t) {
  std::vector<FinishedRoom> finished;
  for (int r = 0; r < rooms; ++r)
    finished.push_back(play_finished_game(port, kHeavyGame, plies, 11u + r));
  SetupDone(1).one_ready();
  std::vector<std::thread> threads;
  for (int r = 0; r < rooms; ++r)
    threads.emplace_back([&, r] {
      long x = 0;
      paced(rate, end, [&] {
        const int code = http_get(
            port, "/api/rooms/" + finished[r].id + "/games/1/positions?x=" + std::to_string(++x));
        ++t.sent;
        if (code == 200)
          ++t.answered;
        else if (code == 0)
          ++t.failed;
        else
          ++t.refused;
      });
    });
  for (auto& th : threads) th.join();
}

// Rooms out of memory opened again and again (the server runs with a short
// --room-idle-ttl-ms), and made-up ids in between.
void room_open_flood(unsigned short port, int rooms, int plies, int connections, double rate,
                     double settle_s, Clock::time_point end, Totals& t) {
  std::vector<FinishedRoom> finished;
  for (int r = 0; r < rooms; ++r)
    finished.push_back(play_finished_game(port, kHeavyGame, plies, 23u + r));
  std::this_thread::sleep_for(std::chrono::duration<double>(settle_s));  // they leave memory
  SetupDone(1).one_ready();
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c)
    threads.emplace_back([&, c] {
      try {
        long id = 0;
        std::unique_ptr<Ws> ws;
        paced(rate, end, [&] {
          // A fresh connection each time: the room it left may then leave memory again.
          ws = std::make_unique<Ws>(port);
          ++id;
          const std::string room =
              id % 2 ? finished[static_cast<std::size_t>(id / 2 + c) % finished.size()].id
                     : "madeup" + std::to_string(c) + "x" + std::to_string(id);
          ws->send({{"type", "join_room"}, {"id", id}, {"room", room}, {"name", "Opener"}});
          ++t.sent;
          count(t, ws->answer(id));
        });
      } catch (const std::exception& e) {
        ++t.failed;
        std::fprintf(stderr, "connection %d: %s\n", c, e.what());
      }
    });
  for (auto& th : threads) th.join();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"banmen-hostile-load: one address's attacks on the server's shared work"};
  unsigned short port = 0;
  std::string attack;
  int connections = 60, rooms = 4, plies = 120, duration_s = 30;
  double rate = 19, settle_s = 8;
  app.add_option("--port", port, "banmen-server's port on 127.0.0.1")->required();
  app.add_option("--attack", attack,
                 "check-variant, review-start, review-save, positions, room-opens or unfinished")
      ->required();
  app.add_option("--connections", connections, "connections (1..100)");
  app.add_option("--rooms", rooms, "finished games set up first (1..32)");
  app.add_option("--plies", plies, "plies of each (1..400)");
  app.add_option("--rate", rate, "requests per second per connection or room (0.1..50)");
  app.add_option("--settle", settle_s, "room-opens: seconds for the rooms to leave memory");
  app.add_option("--duration", duration_s, "seconds of attack (1..600)");
  CLI11_PARSE(app, argc, argv);
  if (connections < 1 || connections > 100 || rooms < 1 || rooms > 32 || plies < 1 || plies > 400 ||
      rate < 0.1 || rate > 50 || duration_s < 1 || duration_s > 600) {
    std::fprintf(stderr, "error: an option is out of its range (see --help)\n");
    return 2;
  }
  Totals t;
  const auto start = Clock::now();
  const auto end = [&] { return Clock::now() + std::chrono::seconds(duration_s); };
  if (attack == "check-variant")
    check_variant_flood(port, connections, rate, end(), t);
  else if (attack == "review-start" || attack == "review-save")
    review_flood(port, rooms, plies, rate, attack == "review-save", end(), t);
  else if (attack == "positions")
    positions_flood(port, rooms, plies, rate, end(), t);
  else if (attack == "room-opens")
    room_open_flood(port, rooms, plies, connections, rate, settle_s, end(), t);
  else if (attack == "unfinished")
    for (int r = 0; r < rooms; ++r) {
      play_finished_game(port, kHeavyGame, plies, 31u + static_cast<unsigned>(r), nullptr, false);
      ++t.sent;
      ++t.answered;
    }
  else {
    std::fprintf(stderr, "error: unknown --attack %s\n", attack.c_str());
    return 2;
  }
  const double s = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("%s: %.0f s, %ld sent, %ld answered, %ld refused, %ld failed\n", attack.c_str(), s,
              t.sent.load(), t.answered.load(), t.refused.load(), t.failed.load());
  return 0;
}

// banmen-computer-flood: keeps the server's computer opponent busy, to measure what a flood
// of games against the computer does to people's moves (docs/performance.md, "A flood of
// computer games"). Each of --rooms threads opens a room against the computer at --level
// on 127.0.0.1, plays a random legal move whenever it is its turn and offers a rematch
// (which the computer accepts) when a game ends, until --duration is over; then it prints
// how many moves the computer made. The host plays second, so the computer starts
// thinking as soon as a room opens.
//
//   banmen-computer-flood --port 8080 --rooms 16 --level 8 --game chess --duration 60
#include <CLI/CLI.hpp>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using boost::asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Totals {
  std::atomic<long> computer_moves{0}, host_moves{0}, games{0}, errors{0};
};

// One room, played until `end`; every read waits for the server, which answers within a
// computer's thinking time (10 s at most at level 8), so the thread ends soon after `end`.
void play_room(int index, unsigned short port, const std::string& game, int level,
               Clock::time_point end, Totals& totals) {
  try {
    boost::asio::io_context ioc;
    websocket::stream<tcp::socket> ws(ioc);
    ws.next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), port});
    ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
    auto send = [&](const json& j) { ws.write(boost::asio::buffer(j.dump())); };
    send({{"type", "hello"}, {"protocol", 2}, {"client", "banmen-computer-flood/0.1"}});
    send({{"type", "create_room"},
          {"name", "flood-" + std::to_string(index)},
          {"game", game},
          {"side", "second"},
          {"clock", {{"kind", "none"}}},
          {"computer", {{"level", level}}}});
    std::mt19937 rng(static_cast<unsigned>(index) * 7919u + 1u);
    long version = 0, plies = 0;
    int seat = -1;
    beast::flat_buffer buffer;
    while (Clock::now() < end) {
      buffer.clear();
      ws.read(buffer);
      const json m = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
      if (!m.is_object()) continue;
      const std::string type = m.value("type", "");
      if (m.contains("version") && m["version"].is_number_integer())
        version = std::max(version, m["version"].get<long>());
      json legal = json::array();
      if (type == "snapshot") {
        version = m.value("version", version);
        seat = m["you"].value("seat", -1);
        if (m.value("status", "") == "playing") legal = m.value("legal_moves", json::array());
      } else if (type == "move") {
        if (m.value("seat", -1) != seat) ++totals.computer_moves;
        legal = m.value("legal_moves", json::array());
      } else if (type == "game_over") {
        ++totals.games;
        send({{"type", "rematch_offer"}});
      } else if (type == "error") {
        ++totals.errors;
      }
      if (legal.is_array() && !legal.empty()) {
        const auto i = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
        send({{"type", "move"},
              {"move", legal[i]},
              {"version", version},
              {"move_id", "f" + std::to_string(++plies)}});
        ++totals.host_moves;
      }
    }
    beast::error_code ignored;
    ws.close(websocket::close_code::normal, ignored);
  } catch (const std::exception& e) {
    ++totals.errors;
    std::fprintf(stderr, "room %d: %s\n", index, e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"banmen-computer-flood: rooms against the computer, to keep its engine busy"};
  unsigned short port = 0;
  int rooms = 16, level = 8, duration_s = 60;
  std::string game = "chess";
  app.add_option("--port", port, "banmen-server's port on 127.0.0.1")->required();
  app.add_option("--rooms", rooms, "rooms against the computer (1..256)");
  app.add_option("--level", level, "the computer's level (1..8)");
  app.add_option("--game", game, "game id");
  app.add_option("--duration", duration_s, "seconds to play (1..3600)");
  CLI11_PARSE(app, argc, argv);
  if (rooms < 1 || rooms > 256 || level < 1 || level > 8 || duration_s < 1 || duration_s > 3600) {
    std::fprintf(stderr, "error: --rooms 1..256, --level 1..8, --duration 1..3600\n");
    return 2;
  }
  Totals totals;
  const auto end = Clock::now() + std::chrono::seconds(duration_s);
  std::vector<std::thread> threads;
  for (int i = 0; i < rooms; ++i)
    threads.emplace_back(play_room, i, port, game, level, end, std::ref(totals));
  for (auto& t : threads) t.join();
  std::printf(
      "computer flood: %d rooms, level %d, %d s: %ld computer moves, %ld host moves, "
      "%ld games, %ld errors\n",
      rooms, level, duration_s, totals.computer_moves.load(), totals.host_moves.load(),
      totals.games.load(), totals.errors.load());
  return totals.errors.load() == 0 ? 0 : 1;
}

// think(): checks the request, finds the game family and hands its root node to the
// search with the level's limits. The families differ only in how their root node and
// move text are made (and reversi's exact endgame, dog-cat's determinizations).
#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <random>

#include "chess/chess_game.h"
#include "chess/notation.h"
#include "engine/chess_node.h"
#include "engine/dogcat_node.h"
#include "engine/dogcat_view.h"
#include "engine/fairy_node.h"
#include "engine/hasami_node.h"
#include "engine/levels.h"
#include "engine/reversi_node.h"
#include "engine/reversi_solver.h"
#include "engine/search_window.h"
#include "engine/shogi_node.h"
#include "fairy/factory.h"
#include "fairy/notation.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "hasami/hasami_game.h"
#include "reversi/reversi_game.h"
#include "shogi/dogcat/dogcat_game.h"
#include "shogi/dogcat/dogcat_notation.h"
#include "shogi/sfen.h"
#include "shogi/shogi_game.h"

namespace banmen::engine {
namespace {

using Clock = std::chrono::steady_clock;

struct Plan {
  LevelSpec level;
  Limits limits;
  std::mt19937_64 rng;
};

// The table a search on this thread uses: one per thread, kept between searches (a level 8
// table is 16 MB, and a new one per move faults in 4096 pages, about 0.1 s on a loaded
// machine) and emptied for each search, so that a move never depends on the searches
// before it (the same request always gets the same answer).
TranspositionTable& table_for_this_thread(int bits) {
  thread_local TranspositionTable table(1);
  table.reset(bits);
  return table;
}

// The rest of the line after `node` as the table remembers it: each position's table move,
// taken only when it is one of the position's legal moves (a slot may hold another
// position's entry of the same index), until a position comes back, one has no entry, or
// the line is long enough. Recursive so that a node that plays on a shared board (fairy)
// takes its move back in order.
template <class Node, class Text>
void follow_table(const Node& node, const TranspositionTable& tt, Text& text,
                  std::vector<std::uint64_t>& seen, std::vector<std::string>& line) {
  if (line.size() >= kLinePlies) return;
  const std::uint64_t key = node.key();
  const TtEntry* e = tt.probe(key);
  if (!e || e->move == 0 || std::find(seen.begin(), seen.end(), key) != seen.end()) return;
  seen.push_back(key);
  int capacity = 0;
  if constexpr (requires { node.move_capacity(); })
    capacity = node.move_capacity();
  else
    capacity = Node::kMaxMoves;
  std::vector<typename Node::Move> moves(static_cast<std::size_t>(capacity));
  const int n = node.generate(moves.data());
  for (int i = 0; i < n; ++i) {
    if (node.code(moves[i]) != e->move) continue;
    line.push_back(text(moves[i]));
    Node child = node;
    child.play(moves[i]);
    follow_table(child, tt, text, seen, line);
    return;
  }
}

// The line that starts with the chosen root move `m`.
template <class Node, class Text>
std::vector<std::string> principal_line(const Node& root, typename Node::Move m,
                                        const TranspositionTable& tt, Text& text) {
  std::vector<std::string> line{text(m)};
  std::vector<std::uint64_t> seen{root.key()};
  Node child = root;
  child.play(m);
  follow_table(child, tt, text, seen, line);
  return line;
}

// One search and the level's choice among its root moves.
template <class Node, class Text>
EngineReply search_and_pick(const Node& root, Plan& plan, Text text,
                            const std::vector<std::uint64_t>& earlier = {}) {
  TranspositionTable& tt = table_for_this_thread(plan.level.tt_bits);
  Searcher<Node> searcher(tt, plan.limits);
  const bool noisy = plan.level.noise_cp > 0;
  auto found = searcher.run(root, noisy, earlier);
  EngineReply reply;
  std::vector<int> scores;
  for (const auto& r : found.root) scores.push_back(r.score);
  const std::size_t i = pick_with_noise(scores, plan.level.noise_cp, plan.rng);
  const auto chosen = found.root.empty() ? found.best : found.root[i].move;
  reply.move = text(chosen);
  reply.score = found.root.empty() ? found.score : found.root[i].score;
  // A root without moves has no line (nor a move worth the name).
  if (!found.root.empty()) reply.line = principal_line(root, chosen, tt, text);
  reply.depth = found.depth;
  reply.nodes = found.nodes;
  return reply;
}

EngineReply think_chess(const chess::ChessGame& game, Plan& plan) {
  // The positions already played, for repetition: replayed from the start.
  std::vector<std::uint64_t> earlier;
  ChessNode replay{game.start()};
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    earlier.push_back(replay.key());
    auto m = chess::parse_uci(replay.pos, game.notation(i, Viewer::referee));
    if (!m.ok()) break;
    replay.play(m.value());
  }
  return search_and_pick(
      ChessNode{game.current()}, plan, [](chess::Move m) { return chess::to_uci(m); }, earlier);
}

EngineReply think_shogi(const shogi::ShogiGame& game, Plan& plan) {
  std::vector<std::uint64_t> earlier;
  shogi::Position replay = game.start();
  for (shogi::Move m : game.moves()) {
    earlier.push_back(replay.key());
    replay.do_move(m);
  }
  const shogi::Variant& v = game.current().variant();
  return search_and_pick(
      ShogiNode{game.current()}, plan, [&v](shogi::Move m) { return shogi::usi_move(v, m); },
      earlier);
}

// Any fairy variant, a room's own definition included: the search plays on one copy of the
// position, making and taking back moves (fairy_node.h).
EngineReply think_fairy(const fairy::FairyGame& game, Plan& plan) {
  const fairy::Position& root = game.current();
  const FairyValues values = fairy_values(game.variant().rules, game.start());
  // The positions since the last move that cannot be taken back, for repetition.
  const auto& keys = root.key_history();
  const std::size_t back =
      std::min<std::size_t>(static_cast<std::size_t>(root.halfmove_clock()), keys.size() - 1);
  const std::vector<std::uint64_t> earlier(keys.end() - 1 - static_cast<long>(back),
                                           keys.end() - 1);
  fairy::Position board = root;
  // The move's text on the board as it stands when the text is asked for: the root during
  // the search's pick, the line's position while its line is followed.
  return search_and_pick(
      FairyNode{FairyBoard{&board, &values}}, plan,
      [&board](fairy::Move m) { return fairy::uci_move(board, m); }, earlier);
}

EngineReply think_hasami(const hasami::HasamiGame& game, Plan& plan) {
  return search_and_pick(HasamiNode{game.current()}, plan,
                         [](hasami::Move m) { return hasami::format_move(m); });
}

EngineReply think_reversi(const reversi::ReversiGame& game, Plan& plan) {
  const reversi::Position& pos = game.current();
  const int empties = 64 - reversi::count(pos.discs[0] | pos.discs[1]);
  if (empties <= plan.level.solver_empties) {
    // The solver gets half the time: when it cannot finish (a short clock, a slow machine)
    // the search still has the other half instead of answering from one ply.
    Limits solver = plan.limits;
    const auto now = Clock::now();
    if (solver.deadline != Clock::time_point::max())
      solver.deadline = now + (solver.deadline - now) / 2;
    if (solver.max_nodes) solver.max_nodes = std::max<std::uint64_t>(1, solver.max_nodes / 2);
    auto solved = solve_reversi(pos, solver);
    if (solved.complete) {
      EngineReply reply;
      reply.move = reversi::format_move(solved.best);
      reply.score = solved.diff;
      reply.nodes = solved.nodes;
      reply.solved = true;
      reply.line = {reply.move};
      return reply;
    }
  }
  return search_and_pick(ReversiNode{pos}, plan,
                         [](reversi::Move m) { return reversi::format_move(m); });
}

// Dog-cat: the same search on each determinization of the seat's view; every root move
// (the seat's moves are the same in all of them) is scored by its mean over them.
Result<EngineReply> think_dogcat(const std::string& view, Viewer seat, Plan& plan) {
  const std::uint64_t view_hash = std::hash<std::string>{}(view);
  auto worlds = determinize_dogcat(view, plan.level.determinizations, plan.rng() ^ view_hash);
  if (!worlds.ok()) return worlds.error();
  const auto mover = static_cast<shogi::Color>(seat_of(seat));
  if (worlds->empty() || worlds->front().side_to_move() != mover)
    return make_error(errc::illegal_move, "it is not this seat's turn");
  std::map<shogi::Move, long> total;
  EngineReply reply;
  const std::size_t n = worlds->size();
  // One table for all the worlds: their positions differ in the hidden types, so their
  // keys differ.
  TranspositionTable& tt = table_for_this_thread(plan.level.tt_bits);
  for (std::size_t w = 0; w < n; ++w) {
    Limits limits = plan.limits;
    // Each world gets an equal share of what is left of the time and nodes.
    const auto now = Clock::now();
    if (limits.deadline != Clock::time_point::max())
      limits.deadline = now + (plan.limits.deadline - now) / static_cast<long>(n - w);
    if (limits.max_nodes) limits.max_nodes = std::max<std::uint64_t>(1, plan.limits.max_nodes / n);
    Searcher<DogcatNode> searcher(tt, limits);
    auto found = searcher.run(DogcatNode{(*worlds)[w]}, true);
    for (const auto& r : found.root)
      total[shogi::dogcat_move_key(r.move)] += std::clamp(r.score, -5000, 5000);
    reply.nodes += found.nodes;
    reply.depth = w == 0 ? found.depth : std::min(reply.depth, found.depth);
  }
  std::vector<std::pair<long, shogi::Move>> ranked;
  for (const auto& [m, t] : total) ranked.push_back({t / static_cast<long>(n), m});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (ranked.empty()) return make_error(errc::game_over, "no move to play");
  std::vector<int> scores;
  for (const auto& r : ranked) scores.push_back(static_cast<int>(r.first));
  const std::size_t i = pick_with_noise(scores, plan.level.noise_cp, plan.rng);
  reply.move = shogi::dogcat_move_text(ranked[i].second, mover, shogi::see(mover));
  reply.score = scores[i];
  // The worlds' lines differ in what they guess: the line is the move alone.
  reply.line = {reply.move};
  return reply;
}

Plan make_plan(const EngineRequest& request, Clock::time_point start) {
  Plan plan{level_spec(request.level), Limits{}, std::mt19937_64(request.seed)};
  const SearchWindow window = search_window(request);
  plan.limits.max_depth = plan.level.max_depth;
  plan.limits.max_nodes = request.max_nodes;
  plan.limits.deadline = start + std::chrono::milliseconds(window.time_ms);
  plan.limits.hard_deadline = start + std::chrono::milliseconds(window.hard_ms);
  plan.limits.stop = request.stop;
  return plan;
}

std::int64_t ms_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

}  // namespace

SearchWindow search_window(const EngineRequest& request) {
  std::int64_t ms = level_spec(request.level).time_ms;
  if (request.budget_ms > 0) ms = std::min(ms, request.budget_ms);
  ms = std::max<std::int64_t>(ms, 1);
  return {ms, ms + kHardStopSlackMs};
}

Result<EngineReply> think_dogcat_text(std::string_view position, Viewer seat,
                                      const EngineRequest& request) {
  if (!is_seat(seat)) return make_error(errc::unsupported, "the computer plays only for a seat");
  if (request.level < kMinLevel || request.level > kMaxLevel)
    return make_error(errc::bad_position, "level must be 1 to 8");
  const auto start = Clock::now();
  Plan plan = make_plan(request, start);
  auto reply = think_dogcat(std::string(position), seat, plan);
  if (reply.ok()) reply->elapsed_ms = ms_since(start);
  return reply;
}

std::optional<int> mate_plies(int score) {
  if (!is_win_score(score)) return std::nullopt;
  return score > 0 ? kWin - score : -(kWin + score);
}

bool engine_supports(std::string_view id) {
  if (id == custom_game_id) return true;
  const GameFactory* game = find_game(id);
  return game && game->info().computer;
}

Result<EngineReply> think(const Game& game, Viewer seat, const EngineRequest& request) {
  // The game's own fact, not its id: every fairy variant says yes, whatever its id (a
  // definition loaded outside a room keeps its section's name).
  if (!game.info().computer)
    return make_error(errc::unsupported,
                      "the computer does not play " + std::string(game.info().id));
  if (!is_seat(seat)) return make_error(errc::unsupported, "the computer plays only for a seat");
  if (game.over()) return make_error(errc::game_over, "the game is over");
  if (game.to_move() != seat_of(seat))
    return make_error(errc::illegal_move, "it is not this seat's turn");
  if (request.level < kMinLevel || request.level > kMaxLevel)
    return make_error(errc::bad_position, "level must be 1 to 8");

  const auto start = Clock::now();
  Plan plan = make_plan(request, start);
  Result<EngineReply> reply = make_error(errc::unsupported, "unknown game");
  if (dynamic_cast<const shogi::DogcatGame*>(&game)) {
    // Only the seat's own view: the opponent's hidden types never reach the engine.
    reply = think_dogcat(game.view(seat), seat, plan);
  } else if (auto* c = dynamic_cast<const chess::ChessGame*>(&game)) {
    reply = think_chess(*c, plan);
  } else if (auto* s = dynamic_cast<const shogi::ShogiGame*>(&game)) {
    reply = think_shogi(*s, plan);
  } else if (auto* h = dynamic_cast<const hasami::HasamiGame*>(&game)) {
    reply = think_hasami(*h, plan);
  } else if (auto* r = dynamic_cast<const reversi::ReversiGame*>(&game)) {
    reply = think_reversi(*r, plan);
  } else if (auto* f = dynamic_cast<const fairy::FairyGame*>(&game)) {
    reply = think_fairy(*f, plan);
  }
  if (reply.ok()) reply->elapsed_ms = ms_since(start);
  return reply;
}

}  // namespace banmen::engine

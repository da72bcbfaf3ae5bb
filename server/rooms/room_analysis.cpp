// Whole-game analysis on request (docs/engine.md, "Whole-game analysis"; docs/protocol.md,
// analysis_request): every position of a finished game's main line searched on the engine
// pool, one position per pool task, so a computer opponent's move in this room waits for
// at most one position's search; the room's other requests never wait for it at all.
// Bounded server-wide by --analysis-queue places (AnalysisSlots); progress goes to the
// whole room at most every RoomAnalyses::kProgressMs; the result is stored before "done".
#include <spdlog/spdlog.h>

#include "protocol/error_codes.h"
#include "rooms/analysis_json.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {

// What one pool task hands back to the strand.
struct AnalysisStep {
  std::shared_ptr<engine::GameAnalysis> work;
  Result<void> result;
  std::optional<std::string> stored;  // the game's analysis was in the store already
};

// Game `game_no` of the series as the store has it, made ready to analyse (or its stored
// analysis). On an engine worker: the store's reads may block.
AnalysisStep load_for_analysis(Store& store, const std::string& room, int game_no,
                               const engine::AnalysisBudget& budget) {
  AnalysisStep out;
  auto game = store.load_game(room, game_no);
  if (!game) {
    out.result = game.error();
    return out;
  }
  if (game->analysis) {
    out.stored = std::move(*game->analysis);
    return out;
  }
  auto options = json::parse(game->start.options_json, nullptr, false);
  auto parsed =
      options.is_object()
          ? parse_room_options(options)
          : Result<RoomOptions>(make_error(errc::internal_error, "stored options unreadable"));
  if (!parsed) {
    out.result = parsed.error();
    return out;
  }
  auto start = parsed->new_game(game->start.initial_position);
  if (!start) {
    out.result = start.error();
    return out;
  }
  std::vector<std::string> moves;
  for (const auto& m : game->moves) moves.push_back(m.move);
  auto made = engine::GameAnalysis::make(**start, moves, budget);
  if (!made) {
    out.result = made.error();
    return out;
  }
  out.work = std::make_shared<engine::GameAnalysis>(std::move(*made));
  return out;
}

}  // namespace

engine::AnalysisBudget Room::analysis_budget() const {
  const Config& c = services_.config;
  return {c.analysis_level, c.analysis_ms, c.analysis_nodes};
}

void Room::on_analysis_request(const Request& r) {
  const int game_no = r.as<AnalysisRequestFields>().game_no;
  const std::string n = std::to_string(game_no);
  if (game_no == 0 && (!review_ || review_->game_no() != 0))
    return refuse(r, errc::unknown_game_no, "no record has been brought into the room");
  if (game_no > match_.game_no() || game_no < 0)
    return refuse(r, errc::unknown_game_no, "the room has no game " + n);
  if (game_no > 0 && game_no == match_.game_no() && match_.status() != Status::over)
    return refuse(r, errc::game_in_progress, "game " + n + " is still being played");
  switch (analyses_.decide(game_no)) {
    case RoomAnalyses::Decision::send_stored:
      ack(r);
      return reply(*r.client, analysis_event(game_no), json(nullptr));
    case RoomAnalyses::Decision::already_running:
      return ack(r);
    case RoomAnalyses::Decision::other_running:
      return refuse(r, errc::rate_limited,
                    "the analysis of game " + std::to_string(analyses_.running()->game_no) +
                        " is under way; this room analyses one game at a time");
    case RoomAnalyses::Decision::start:
      break;
  }
  // The brought-in record and the room's last game are at hand; an earlier game is read
  // from the store by the first task.
  std::shared_ptr<engine::GameAnalysis> work;
  GamePtr start;
  std::vector<std::string> moves;
  if (game_no == 0) {
    const VariationTree& tree = review_->tree();
    start = tree.root_game().clone();
    for (NodeId at = VariationTree::root(); !tree.node(at).children.empty();) {
      at = tree.node(at).children.front();
      moves.push_back(tree.node(at).move);
    }
  } else if (game_no == match_.game_no()) {
    auto fresh = options_.new_game(match_.game().initial_position());
    if (!fresh) return refuse(r, errc::internal_error, "the game cannot be set up again");
    start = std::move(*fresh);
    for (std::size_t i = 0; i < match_.game().history_size(); ++i)
      moves.push_back(match_.game().notation(i, Viewer::referee));
  }
  if (start) {
    auto made = engine::GameAnalysis::make(*start, moves, analysis_budget());
    if (!made) return refuse(r, made.error().code, made.error().message);
    work = std::make_shared<engine::GameAnalysis>(std::move(*made));
  }
  auto slot = services_.analyses.take();
  if (!slot)
    return refuse(r, errc::engine_busy,
                  "the server is analysing as many games as it may (" +
                      std::to_string(services_.analyses.limit()) + " at once); try again later");
  auto& run = analyses_.begin(game_no, std::move(slot));
  run.work = work;
  run.total = work ? work->total() : 0;
  ack(r);
  publish_analysis(game_no);
  analysis_next(run.id);
}

json Room::analysis_event(int game_no) const {
  json e = analyses_.state_of(game_no);
  if (e.is_null()) return e;
  e["type"] = "analysis";
  return e;
}

void Room::publish_analysis(int game_no) {
  json e = analysis_event(game_no);
  if (!e.is_null()) events_.publish_same(std::move(e));
}

void Room::analysis_failed(int game_no, const std::string& reason) {
  analyses_.end();
  json e = analysis_state(game_no, "failed", 0, 0, nullptr, reason);
  e["type"] = "analysis";
  events_.publish_same(std::move(e));
}

void Room::analysis_next(std::uint64_t id) {
  auto* run = analyses_.current(id);
  if (!run) return;
  auto task = [weak = weak_from_this(), id, work = run->work, &store = services_.store, room = id_,
               game_no = run->game_no,
               budget = analysis_budget()](const std::atomic<bool>& stop) -> EnginePool::Deliver {
    AnalysisStep step;
    if (work) {
      step.work = work;
    } else {
      step = load_for_analysis(store, room, game_no, budget);
    }
    if (step.work && step.result.ok() && !stop.load()) step.result = step.work->step(&stop);
    return [weak, id, step = std::move(step)]() mutable {
      if (auto self = weak.lock())
        self->run([self, id, step = std::move(step)]() mutable {
          self->analysis_stepped(id, std::move(step.work), step.result, std::move(step.stored));
        });
    };
  };
  auto admitted = services_.engine.submit(engine_owner(), std::move(task));
  if (!admitted) return analysis_failed(run->game_no, "the engine is busy; try again later");
  run->handle = admitted.handle;
}

void Room::analysis_stepped(std::uint64_t id, std::shared_ptr<engine::GameAnalysis> work,
                            const Result<void>& result, std::optional<std::string> stored) {
  auto* run = analyses_.current(id);
  if (!run || closed_) return;  // cancelled meanwhile
  const int game_no = run->game_no;
  if (stored) {
    auto j = json::parse(*stored, nullptr, false);
    if (j.is_discarded()) return analysis_failed(game_no, "the stored analysis is unreadable");
    analyses_.end();
    analyses_.remember(game_no, std::move(j));
    return publish_analysis(game_no);
  }
  if (!result) return analysis_failed(game_no, result.error().message);
  run->work = std::move(work);
  run->done = run->work->done();
  run->total = run->work->total();
  if (!run->work->finished()) {
    if (analyses_.progress_due(steady_ms())) publish_analysis(game_no);
    return analysis_next(id);
  }
  // Stored before it is announced, so a "done" survives a restart.
  json analysis = analysis_json(run->work->result());
  StoredAnalysis write{id_, game_no, analysis.dump(), unix_ms()};
  services_.store.submit(
      std::move(write), [weak = weak_from_this(), id, game_no,
                         analysis = std::move(analysis)](Result<void> kept) mutable {
        if (!kept) spdlog::warn("analysis of game {} not kept: {}", game_no, kept.error().message);
        if (auto self = weak.lock())
          self->run([self, id, game_no, analysis = std::move(analysis)]() mutable {
            if (!self->analyses_.current(id)) return;
            self->analyses_.end();
            self->analyses_.remember(game_no, std::move(analysis));
            self->publish_analysis(game_no);
          });
      });
}

void Room::forget_imported_analysis() {
  if (!analyses_.forget(0)) return;
  // Clients drop what they show of the earlier record's analysis.
  json e = analysis_state(0, "none", 0, 0, nullptr);
  e["type"] = "analysis";
  events_.publish_same(std::move(e));
}

void Room::restore_analyses(const StoredRoom& stored) {
  for (const auto& a : stored.analyses) {
    // Game 0's analysis is of the record brought in at the time: one brought in after it
    // has none yet (an analysis is always written after its record).
    if (a.game_no == 0 && (!stored.imported || a.server_ms < stored.imported->server_ms)) continue;
    auto j = json::parse(a.analysis_json, nullptr, false);
    if (j.is_object()) analyses_.remember(a.game_no, std::move(j));
  }
}

}  // namespace banmen::server

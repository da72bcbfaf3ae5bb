// The room's one way to the engine pool, for the computer's moves (room_computer.cpp) and the
// review's hints (room_review_hint.cpp): what the engine may see of a position, whom the
// search counts against, and how its start and its answer come back to the room's strand.
// The search itself never runs on the strand or an I/O thread.
#include "engine/engine.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "util/time.h"

namespace banmen::server {

Room::EngineJob Room::engine_job(const Game& position, Viewer seat, Viewer sees,
                                 const engine::EngineRequest& request) {
  EngineJob job;
  job.seat = seat;
  job.request = request;
  // Dog-cat: only a view goes to the engine, never the position itself.
  if (position.info().hidden_information)
    job.view = position.view(sees);
  else
    job.game = position.clone();
  return job;
}

EnginePool::Owner Room::engine_owner() const {
  // Rooms brought back after a restart have no creator address of their own: each counts as
  // its own, so together they are not squeezed into one address's share.
  if (creator_address_ == RoomRegistry::kRestoredAddress) return {id_, "room " + id_};
  return {id_, creator_address_};
}

EnginePool::Admission Room::submit_search(EngineJob job, SearchStarted started,
                                          SearchAnswered answered) {
  auto task = [weak = weak_from_this(), job = std::move(job), started = std::move(started),
               answered = std::move(answered)](
                  const std::atomic<bool>& stop) mutable -> EnginePool::Deliver {
    if (started) {
      const std::int64_t at = steady_ms();
      if (auto self = weak.lock()) self->run([self, started, at] { started(at); });
    }
    job.request.stop = &stop;
    auto reply = job.game ? engine::think(*job.game, job.seat, job.request)
                          : engine::think_dogcat_text(job.view, job.seat, job.request);
    return [weak, answered = std::move(answered), reply = std::move(reply)]() mutable {
      if (auto self = weak.lock())
        self->run([self, answered, reply = std::move(reply)] { answered(reply); });
    };
  };
  return services_.engine.submit(engine_owner(), std::move(task));
}

}  // namespace banmen::server

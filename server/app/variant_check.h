// check_variant: a custom variant's definition checked as create_room would check it (the
// parser, then the cost probe's plies), creating nothing. A check may cost as much as
// replaying a few dozen plies, so it runs on the room workers (rooms/room_workers.h), never
// on an I/O thread: its address's checks within the address's share of the workers; over
// it, the asker is refused `rate_limited`.
#pragma once

#include <memory>

#include "app/lobby_requests.h"
#include "protocol/messages.h"

namespace banmen::server {

struct Hub;
class Peer;

// Answers `variant_check` (or the refusal) to `session` from a worker.
void check_variant_on_worker(Hub& hub, const std::shared_ptr<Peer>& session, CheckVariant request,
                             json re);

}  // namespace banmen::server

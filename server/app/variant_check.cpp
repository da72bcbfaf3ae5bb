#include "app/variant_check.h"

#include <atomic>

#include <boost/asio/executor_work_guard.hpp>

#include "app/hub.h"
#include "app/peer.h"
#include "fairy/cost_probe.h"
#include "games/custom_game.h"
#include "protocol/error_codes.h"
#include "protocol/variant_info.h"

namespace banmen::server {

namespace {

// The variant's facts, or the parser's (or the probe's) error with its line and key.
json variant_check(const CheckVariant& r, const json& re) {
  json j{{"type", "variant_check"}};
  if (!re.is_null()) j["re"] = re;
  fairy::VariantError detail;
  auto custom = load_custom_variant(r.variant, r.variant_name, &detail);
  j["ok"] = custom.ok();
  if (custom)
    j["variant"] = variant_info_json(**custom);
  else
    j["error"] = {{"line", detail.line}, {"key", detail.key}, {"message", detail.message}};
  return j;
}

}  // namespace

void check_variant_on_worker(Hub& hub, const std::shared_ptr<Peer>& session, CheckVariant request,
                             json re) {
  // A host typing asks a few times a second at most; a flood from one address, over
  // however many connections, is refused here before it costs a worker anything.
  if (!hub.variant_checks.admit(session->address())) {
    hub.metrics.refused.add(Refusal::variant_check_rate);
    hub.metrics.errors_total++;
    session->send(encode(error_message(
        re, errc::rate_limited, "too many variant checks from your address; wait a moment")));
    return;
  }
  // In plies: the probe's line and its start, and about one more per KiB of text parsed.
  const auto bytes = request.variant.size();
  const std::uint64_t cost = fairy::cost_probe_plies + 1 + bytes / 1024;
  // The I/O context counts the check as its own work until the answer is sent.
  using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
  auto busy = std::make_shared<Guard>(hub.ioc.get_executor());
  // Each check is a job of its own: a key per connection would refuse the check a form
  // sends the moment the previous answer arrives, while that job is still being counted
  // done. The address's share bounds them (one of its jobs runs at a time on two
  // workers), and each answer names its request (`re`).
  static std::atomic<std::uint64_t> checks{0};
  const auto admitted = hub.workers.post(
      "check_variant " + std::to_string(checks.fetch_add(1)), session->address(), cost,
      [session, request = std::move(request), re, busy] {
        // Sent once the job's share is back (RoomWorkers' delivery).
        return RoomWorkers::Deliver([session, busy, answer = encode(variant_check(request, re))] {
          session->send(answer);
          busy->reset();
        });
      });
  if (admitted != RoomWorkers::Admission::ran) {
    hub.metrics.refused.add(Refusal::room_work_busy);
    hub.metrics.errors_total++;
    session->send(
        encode(error_message(re, errc::rate_limited,
                             "your share of the server's workers is busy; check again shortly")));
    return;
  }
  hub.metrics.room_work_total++;
}

}  // namespace banmen::server

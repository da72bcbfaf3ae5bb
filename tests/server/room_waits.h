// Waiting on a room driven directly (tests of Room with RecordingClient members): the I/O
// context runs until a condition holds, never for a fixed time.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <string_view>

#include "recording_client.h"

namespace banmen::server::room_waits {

// Runs `ioc` until `done` holds (true) or a generous limit passes (false).
inline bool run_until(boost::asio::io_context& ioc, const std::function<bool()>& done,
                      std::chrono::milliseconds limit = std::chrono::seconds(20)) {
  auto guard = boost::asio::make_work_guard(ioc);
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    ioc.restart();
    ioc.run_for(std::chrono::milliseconds(5));
  }
  return true;
}

// The last message of `type` a client received, or null.
inline nlohmann::json last_of(RecordingClient& c, std::string_view type) {
  nlohmann::json found;
  for (const auto& j : c.messages())
    if (j["type"] == type) found = j;
  return found;
}

// The answer to request `id`, or null.
inline nlohmann::json answer_to(RecordingClient& c, int id) {
  nlohmann::json found;
  for (const auto& j : c.messages())
    if (j.contains("re") && j["re"] == id) found = j;
  return found;
}

}  // namespace banmen::server::room_waits

#include "fault_play.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include "stored_game.h"
#include "ws_client.h"

namespace banmen::test {

namespace {
const char* const kGames[] = {"chess", "shogi"};
constexpr std::size_t kPlyCap = 600;  // far beyond a test's play: the rooms resign at the end
constexpr std::int64_t kPlayBoundMs = 240000;  // the deadline of every room's play
}  // namespace

std::int64_t wait_until(const std::function<bool()>& condition, int timeout_ms) {
  const auto start = steady_now_ms();
  for (;;) {
    if (condition()) return steady_now_ms() - start;
    if (steady_now_ms() - start > timeout_ms) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

int http_status(unsigned short port, const std::string& target) {
  return http_get(port, target, {}, 3000).status;
}

FaultPlay::FaultPlay(const ClusterOptions& options, int rooms, bool with_nginx)
    : cluster_(options), with_nginx_(with_nginx), room_count_(rooms) {}

FaultPlay::~FaultPlay() {
  schedule_.deadline_ms = steady_now_ms();
  schedule_.resign_now = true;
  schedule_.may_finish = true;
  for (auto& t : threads_) t.join();
}

bool FaultPlay::start(std::size_t plies_each) {
  if (!cluster_.error().empty()) return error_ = cluster_.error(), false;
  if (!cluster_.start_all()) return error_ = cluster_.error(), false;
  if (with_nginx_ && !cluster_.start_nginx()) return error_ = cluster_.error(), false;
  schedule_.deadline_ms = steady_now_ms() + kPlayBoundMs;
  for (int i = 0; i < room_count_; ++i)
    rooms_.push_back(std::make_unique<RoomDriver>(entry_port(), kGames[i % std::size(kGames)], i,
                                                  schedule_, kPlyCap));
  for (auto& r : rooms_) threads_.emplace_back([&r] { r->run(); });
  const auto waited = wait_until(
      [&] {
        std::size_t acked = 0;
        for (const auto& r : rooms_) {
          if (!r->settled()) return false;
          acked += r->acked_count();
        }
        return acked >= plies_each * rooms_.size();
      },
      60000);
  if (waited < 0) return error_ = "the rooms did not get going\n" + cluster_.logs(), false;
  for (const auto& r : rooms_)
    if (!r->failure().empty()) return error_ = r->failure(), false;
  return true;
}

std::vector<std::size_t> FaultPlay::acked_each() const {
  std::vector<std::size_t> out;
  for (const auto& r : rooms_) out.push_back(r->acked_count());
  return out;
}

std::int64_t FaultPlay::wait_for_progress(const std::vector<std::size_t>& before, int timeout_ms) {
  return wait_until(
      [&] {
        for (std::size_t i = 0; i < rooms_.size(); ++i)
          if (rooms_[i]->acked_count() <= before[i] && !rooms_[i]->done()) return false;
        return true;
      },
      timeout_ms);
}

std::int64_t FaultPlay::wait_for_readyz(int status, int timeout_ms, std::size_t first) {
  return wait_until(
      [&] {
        for (std::size_t i = first; i < cluster_.size(); ++i)
          if (!cluster_.server(i).running() ||
              http_status(cluster_.server_port(i), "/readyz") != status)
            return false;
        return true;
      },
      timeout_ms);
}

bool FaultPlay::can_create(int timeout_ms, std::string& why) {
  return wait_until(
             [&] {
               auto ws = WsClient::connect(entry_port(), 3000, "/ws");
               if (!ws) return why = "no connection", false;
               ws->send({{"type", "create_room"}, {"id", 1}, {"name", "Late"}, {"game", "chess"}});
               auto answer = ws->receive_until(
                   [](const json& m) {
                     return m.value("type", "") == "room_created" || m.value("type", "") == "error";
                   },
                   8000);
               if (!answer) return why = "no answer", false;
               why = answer->dump();
               return answer->value("type", "") == "room_created";
             },
             timeout_ms) >= 0;
}

void FaultPlay::finish_and_check() {
  schedule_.resign_now = true;
  schedule_.may_finish = true;
  for (auto& t : threads_) t.join();
  threads_.clear();
  std::size_t failures = 0;
  for (const auto& r : rooms_) {
    if (!r->failure().empty()) {
      if (++failures <= 5) ADD_FAILURE() << r->failure();
      continue;
    }
    expect_stored_game(entry_port(), *r);
  }
  if (failures > 0 || ::testing::Test::HasFailure()) {
    // The servers' errors and warnings from the whole run, then the end of each log.
    std::string errors;
    for (std::size_t i = 0; i < cluster_.size(); ++i) {
      std::istringstream log(cluster_.server(i).log());
      for (std::string line; std::getline(log, line);)
        if (line.find(" error ") != std::string::npos ||
            line.find(" warning ") != std::string::npos)
          errors.append("s").append(std::to_string(i + 1)).append(": ").append(line).append("\n");
    }
    if (errors.size() > 6000) errors = "..." + errors.substr(errors.size() - 6000);
    ADD_FAILURE() << errors << cluster_.logs();
  }
}

int FaultPlay::resent_moves() const {
  int n = 0;
  for (const auto& r : rooms_) n += r->counters().resent_moves;
  return n;
}

}  // namespace banmen::test

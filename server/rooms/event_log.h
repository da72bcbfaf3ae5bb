// A room's events: their versions, the fan-out to every member in the form made for its
// viewer, and the bounded log a reconnecting client catches up from. On the room's strand.
//
// Every event carries the next version. A snapshot starts the log afresh (a client behind
// it gets a new snapshot, never events from before it).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/viewer.h"
#include "protocol/messages.h"
#include "rooms/seating.h"

namespace banmen::server {

// One event as each viewer gets it: seat 0, seat 1, spectator; null: not sent to that one.
struct LoggedEvent {
  std::uint64_t version = 0;
  std::shared_ptr<const std::string> text[3];
};

// A move event that also answers the mover's request (protocol 2 on): the copy sent to
// `client` carries `fields` (`"move_id":...,"re":...`). Catch-up replays the plain event.
struct MoveAnswer {
  const Client* client = nullptr;
  std::string fields;
};

class EventLog {
 public:
  explicit EventLog(const Seating& seating) : seating_(seating) {}

  std::uint64_t version() const { return version_; }
  // The version of the last event that changed the position (a move's `version` must not
  // be older); marked by the room after such an event.
  std::uint64_t position_version() const { return position_version_; }
  void position_changed() { position_version_ = version_; }
  // After a restart: versions go on from `version`, above anything a client saw before.
  void restart_at(std::uint64_t version) { version_ = log_start_ = position_version_ = version; }

  // The version the next event will carry, taken.
  std::uint64_t next_version() { return ++version_; }
  // Sends one event to every member, in each one's own form, and logs it for catch-up.
  // `render` returns null for a viewer who must not receive the event.
  void publish(const std::function<json(Viewer)>& render);
  // The same event for every viewer (presence, offers): rendered and encoded once.
  void publish_same(json event);
  // Sends an event whose texts are made (with next_version()) to every member and logs it.
  void deliver(LoggedEvent event, const MoveAnswer& answer = {});
  // A snapshot is going out at a new version: the log starts again after it. Returns it.
  std::uint64_t begin_snapshot();

  // Sends `client` the events after `since`, if the log still holds all of them; false
  // when it does not (the client needs a snapshot instead).
  bool replay(Client& client, Viewer viewer, std::optional<std::int64_t> since) const;

 private:
  static std::size_t logged_bytes(const LoggedEvent& e);

  const Seating& seating_;
  std::uint64_t version_ = 0;
  std::uint64_t position_version_ = 0;
  std::uint64_t log_start_ = 0;  // every event after this version is in log_
  std::deque<LoggedEvent> log_;
  std::size_t log_bytes_ = 0;  // text held by log_
  static constexpr std::size_t kLogEvents = 512;
  static constexpr std::size_t kLogBytes = 16 * 1024;
};

}  // namespace banmen::server

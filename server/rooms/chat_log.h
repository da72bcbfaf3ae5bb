// The room's chat (docs/protocol.md, "chat"): the last lines, who may send another, and
// which are written. The players' chat is part of the series and is stored with it; the
// spectators' is live talk, relayed and kept in memory with the last lines but never
// written, so no crowd can grow the database (and it does not come back after a restart).
// Each channel is shown only to its side. A part of the room (rooms/room.h), tested alone
// (tests/server/chat_log_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/seating.h"
#include "storage/store.h"

namespace banmen::server {

class ChatLog {
 public:
  // Lines kept in memory (and read back after a restart), oldest first.
  static constexpr std::size_t kKept = 100;

  // Whether a member whose earlier lines were sent at `sent` (oldest first) may send one at
  // `now`: at most `lines_per_window` in any `window_ms`. Forgets the times the window has
  // left behind. Errors: rate_limited.
  static Result<void> may_send(std::vector<std::int64_t>& sent, std::int64_t now,
                               std::int64_t window_ms, int lines_per_window);
  // What the store records before a line of `m` goes out: a player's line; none for a
  // spectator's.
  static std::optional<StoredChat> write_for(const std::string& room_id, const Member& m,
                                             const std::string& text, std::int64_t now);
  // The line is in: kept, and its `chat` event (for the players when a player sent it, for
  // the spectators otherwise).
  json add(const Member& m, const std::string& text, std::int64_t now);
  // A stored line read back after a restart.
  void restore(const StoredChat& c);
  // The lines a snapshot shows a player (`players` true) or a spectator.
  json lines_for(bool players) const;

  // One line as clients see it: {"from","player","channel","text","time_ms"}.
  static json line_json(const std::string& from, int player, const std::string& channel,
                        const std::string& text, std::int64_t time_ms);

 private:
  struct Line {
    json line;
    bool players_channel;
  };
  void keep(json line, bool players_channel);
  std::vector<Line> lines_;  // empty in most rooms: allocates nothing
};

}  // namespace banmen::server

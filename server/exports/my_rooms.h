// POST /api/my-rooms: every room a browser holds a seat in, at a glance. The browser sends
// the seat tokens it keeps, {"seats": [{"room": id, "token": token}, ...]}; each room whose
// player holds that token is answered with a summary read from the store (so any server of
// a cluster answers it), the others are listed as unknown without saying why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "exports/export_route.h"
#include "storage/store.h"

namespace banmen::server {

inline constexpr std::string_view kMyRoomsTarget = "/api/my-rooms";
inline constexpr std::size_t kMyRoomsMaxBody = 16 * 1024;  // bytes
inline constexpr std::size_t kMyRoomsMaxSeats = 100;
// Moves one request may replay in all (a game's last move is written for its viewer by
// the rules core, which needs the game replayed); rooms beyond it are answered without it.
inline constexpr std::size_t kMyRoomsMaxReplayPlies = 20000;

// What a game's replay says for one viewer: whose turn and the last move as that viewer
// may see it. Kept by room, game, viewer and the moves' fingerprint, so a list asked for
// every few seconds replays a game only when it has changed.
struct LastMoveFacts {
  int to_move = -1;  // -1: the game is over
  std::string move;  // the rules core's notation(last, viewer); empty before the first move
  std::string display;
};

class LastMoveCache {
 public:
  explicit LastMoveCache(std::size_t max_entries = 4096) : max_(max_entries) {}
  std::optional<LastMoveFacts> find(const std::string& key);
  void keep(const std::string& key, LastMoveFacts facts);

 private:
  const std::size_t max_;
  std::mutex mu_;
  std::list<std::pair<std::string, LastMoveFacts>> lru_;  // least recently used first
  std::unordered_map<std::string, std::list<std::pair<std::string, LastMoveFacts>>::iterator>
      by_key_;
};

// The answer to one POST of `body` at `now_ms` (Unix ms). Errors are JSON, {"code",
// "message"}: 400 bad_request for a body that is not the object above (or too long, too
// many seats, a malformed id or token), 503 storage_error when the store fails.
ExportReply my_rooms_reply(Store& store, std::string_view body, std::int64_t now_ms,
                           LastMoveCache* cache = nullptr);

// A JSON error answer, {"code": code, "message": message}.
ExportReply json_error_reply(unsigned status, std::string_view code, std::string_view message);

}  // namespace banmen::server

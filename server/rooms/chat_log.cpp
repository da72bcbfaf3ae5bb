#include "rooms/chat_log.h"

#include <algorithm>

#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
const char* channel_of(const Member& m) {
  return m.player >= 0 ? "players" : "spectators";
}
}  // namespace

Result<void> ChatLog::may_send(std::vector<std::int64_t>& sent, std::int64_t now,
                               std::int64_t window_ms, int lines_per_window) {
  std::erase_if(sent, [&](std::int64_t t) { return now - t >= window_ms; });
  if (static_cast<int>(sent.size()) >= lines_per_window)
    return make_error(errc::rate_limited, "too many chat lines; wait a moment");
  return ok();
}

std::optional<StoredChat> ChatLog::write_for(const std::string& room_id, const Member& m,
                                             const std::string& text, std::int64_t now) {
  if (m.player < 0) return std::nullopt;
  return StoredChat{room_id, m.player, m.name, channel_of(m), text, now};
}

json ChatLog::add(const Member& m, const std::string& text, std::int64_t now) {
  json line = line_json(m.name, m.player, channel_of(m), text, now);
  keep(line, m.player >= 0);
  line["type"] = "chat";
  return line;
}

void ChatLog::restore(const StoredChat& c) {
  keep(line_json(c.name, c.player, c.channel, c.text, c.server_ms), c.channel == "players");
}

void ChatLog::keep(json line, bool players_channel) {
  lines_.push_back({std::move(line), players_channel});
  if (lines_.size() > kKept) lines_.erase(lines_.begin());
}

json ChatLog::lines_for(bool players) const {
  json out = json::array();
  for (const auto& l : lines_)
    if (l.players_channel == players) out.push_back(l.line);
  return out;
}

json ChatLog::line_json(const std::string& from, int player, const std::string& channel,
                        const std::string& text, std::int64_t time_ms) {
  return json{{"from", from},
              {"player", player >= 0 ? json(player) : json(nullptr)},
              {"channel", channel},
              {"text", text},
              {"time_ms", time_ms}};
}

}  // namespace banmen::server

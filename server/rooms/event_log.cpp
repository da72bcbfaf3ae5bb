#include "rooms/event_log.h"

namespace banmen::server {

void EventLog::publish(const std::function<json(Viewer)>& render) {
  LoggedEvent e{next_version(), {}};
  const Viewer viewers[3] = {Viewer::seat0, Viewer::seat1, Viewer::spectator};
  for (int v = 0; v < 3; ++v) {
    json j = render(viewers[v]);
    if (j.is_null()) continue;
    j["version"] = e.version;
    e.text[v] = encode(j);
  }
  deliver(std::move(e));
}

void EventLog::publish_same(json event) {
  event["version"] = next_version();
  auto text = encode(event);
  deliver(LoggedEvent{version_, {text, text, text}});
}

std::size_t EventLog::logged_bytes(const LoggedEvent& e) {
  std::size_t bytes = 0;
  for (int v = 0; v < 3; ++v) {
    if (!e.text[v]) continue;
    bool seen = false;  // texts shared between viewers count once
    for (int w = 0; w < v; ++w) seen = seen || e.text[w] == e.text[v];
    if (!seen) bytes += e.text[v]->size();
  }
  return bytes;
}

void EventLog::deliver(LoggedEvent e, const MoveAnswer& answer) {
  for (const auto& [id, m] : seating_.members()) {
    auto c = m.client.lock();
    const auto& text = e.text[static_cast<int>(seating_.viewer_of(m))];
    if (!c || !text) continue;
    if (c.get() != answer.client || text->empty() || text->back() != '}') {
      c->send(text);
      continue;
    }
    // The mover's own copy: the same event with the answer's fields before the closing brace.
    auto answered = std::make_shared<std::string>();
    answered->reserve(text->size() + answer.fields.size() + 1);
    answered->append(*text, 0, text->size() - 1)
        .append(1, ',')
        .append(answer.fields)
        .append(1, '}');
    c->send(std::move(answered));
  }
  log_bytes_ += logged_bytes(e);
  log_.push_back(std::move(e));
  // Catch-up replays at most this much; a client further behind gets a snapshot instead.
  // Bounded in bytes too: past a few dozen move events (legal moves included) a snapshot
  // is smaller than the replay, and 5,000 rooms x 512 events would be gigabytes.
  while (log_.size() > kLogEvents || log_bytes_ > kLogBytes) {
    log_start_ = log_.front().version;
    log_bytes_ -= logged_bytes(log_.front());
    log_.pop_front();
  }
}

std::uint64_t EventLog::begin_snapshot() {
  log_.clear();
  log_bytes_ = 0;
  log_start_ = next_version();
  return version_;
}

bool EventLog::replay(Client& client, Viewer viewer, std::optional<std::int64_t> since) const {
  if (!since || *since < static_cast<std::int64_t>(log_start_) ||
      *since > static_cast<std::int64_t>(version_))
    return false;
  const int v = static_cast<int>(viewer);
  for (const auto& e : log_)
    if (e.version > static_cast<std::uint64_t>(*since) && e.text[v]) client.send(e.text[v]);
  return true;
}

}  // namespace banmen::server

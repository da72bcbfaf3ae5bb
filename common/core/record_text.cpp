#include "core/record_text.h"

#include "core/unicode_text.h"

namespace banmen {

std::string record_field(std::string_view text) {
  return plain_text(text, 200);
}

std::string pgn_tag(std::string_view name, std::string_view value) {
  if (value.empty()) value = "?";
  std::string out = "[";
  out.append(name);
  out.append(" \"");
  for (char c : record_field(value)) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.append("\"]\n");
  return out;
}

std::string pgn_result(const Outcome& o) {
  if (o.kind == Outcome::Kind::win) return o.winner == 0 ? "1-0" : "0-1";
  if (o.kind == Outcome::Kind::draw) return "1/2-1/2";
  return "*";
}

std::string header_line(std::string_view key, std::string_view value) {
  std::string line(key);
  line += ": ";
  line += record_field(value);
  line += '\n';
  return line;
}

std::optional<std::vector<std::string_view>> split_lines(std::string_view text,
                                                         std::size_t max_lines) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    if (lines.size() == max_lines) return std::nullopt;
    auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  }
  return lines;
}

std::optional<std::pair<std::string_view, std::string_view>> split_header(std::string_view line) {
  auto colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  std::string_view key = line.substr(0, colon);
  for (char c : key)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return std::nullopt;
  std::string_view value = line.substr(colon + 1);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return std::pair{key, value};
}

std::string format_result(const GameInfo& info, const Outcome& o) {
  switch (o.kind) {
    case Outcome::Kind::ongoing:
      return "ongoing";
    case Outcome::Kind::win:
      return std::string(info.side_names[o.winner]) + " wins (" + o.reason + ")";
    case Outcome::Kind::draw:
      return "draw (" + o.reason + ")";
    case Outcome::Kind::aborted:
      return "aborted (" + o.reason + ")";
  }
  return "ongoing";
}

std::optional<Outcome> parse_result(const GameInfo& info, std::string_view text) {
  if (text == "ongoing") return Outcome::ongoing();
  auto open = text.find(" (");
  if (open == std::string_view::npos || text.back() != ')') return std::nullopt;
  std::string_view head = text.substr(0, open);
  std::string reason(text.substr(open + 2, text.size() - open - 3));
  if (reason.empty()) return std::nullopt;
  for (char c : reason)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return std::nullopt;
  if (head == "draw") return Outcome::draw(reason);
  if (head == "aborted") return Outcome::abort(reason);
  for (int seat = 0; seat < 2; ++seat)
    if (head == std::string(info.side_names[seat]) + " wins") return Outcome::win(seat, reason);
  return std::nullopt;
}

bool is_external_reason(std::string_view reason) {
  return reason == "resignation" || reason == "timeout" || reason == "agreement" ||
         reason == "abandonment" || reason == "aborted";
}

Result<TranscriptLines> split_transcript(std::string_view text) {
  constexpr std::size_t kMaxRecordBytes = 64 * 1024;
  constexpr std::size_t kMaxLines = 256;
  if (text.size() > kMaxRecordBytes) return make_error(errc::bad_record, "longer than 64 KiB");
  auto lines = split_lines(text, kMaxLines);
  if (!lines) return make_error(errc::bad_record, "more than 256 lines");
  TranscriptLines out;
  for (std::string_view line : *lines) {
    if (auto header = split_header(line))
      out.headers.push_back(*header);
    else
      out.moves.push_back(line);
  }
  return out;
}

Result<std::optional<Outcome>> check_recorded_result(const GameInfo& info, const Outcome& actual,
                                                     std::string_view result_text) {
  auto claimed = parse_result(info, result_text);
  if (!claimed)
    return make_error(errc::bad_record, "unreadable result \"" + std::string(result_text) + "\"");
  if (actual.over() || !claimed->over()) {
    if (!(*claimed == actual))
      return make_error(errc::bad_record, "the result does not match the moves");
    return std::optional<Outcome>();
  }
  if (!is_external_reason(claimed->reason))
    return make_error(errc::bad_record,
                      "the result \"" + std::string(result_text) + "\" needs a finished board");
  return std::optional<Outcome>(*claimed);
}

std::string transcript_opening(const GameInfo& info, const RecordInfo& record) {
  std::string out = header_line("Game", info.id);
  const char* keys[2] = {"Black", "White"};
  for (int seat = 0; seat < 2; ++seat)
    if (!record.players[seat].empty()) out += header_line(keys[seat], record.players[seat]);
  if (!record.event.empty()) out += header_line("Event", record.event);
  if (!record.site.empty()) out += header_line("Site", record.site);
  if (!record.start_time.empty()) out += header_line("Date", record.start_time);
  if (!record.time_control.empty()) out += header_line("TimeControl", record.time_control);
  return out;
}

Result<std::optional<Outcome>> check_transcript_end(const Game& game, const TranscriptFacts& facts,
                                                    std::string_view tally_name,
                                                    const std::string& actual_tally) {
  if (!facts.tally.empty() && facts.tally != actual_tally)
    return make_error(errc::bad_record, "the " + std::string(tally_name) + " " +
                                            std::string(facts.tally) +
                                            " does not match the moves (" + actual_tally + ")");
  if (facts.result.empty()) return std::optional<Outcome>();
  return check_recorded_result(game.info(), game.outcome(), facts.result);
}

std::string_view trim_record_spaces(std::string_view s) {
  constexpr std::string_view kWideSpace = "　";
  for (;;) {
    if (s.starts_with(" ") || s.starts_with("\t")) {
      s.remove_prefix(1);
    } else if (s.starts_with(kWideSpace)) {
      s.remove_prefix(kWideSpace.size());
    } else {
      break;
    }
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

}  // namespace banmen

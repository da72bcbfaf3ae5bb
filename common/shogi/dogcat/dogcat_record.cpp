#include "shogi/dogcat/dogcat_record.h"
#include "core/record_text.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "shogi/dogcat/dogcat_game.h"
#include "shogi/dogcat/dogcat_notation.h"

namespace banmen::shogi {

namespace {

constexpr std::string_view kTitle = "dogcat record";

std::string viewer_word(Viewer v, bool over) {
  if (over || v == Viewer::referee) return "all";
  if (v == Viewer::seat0) return "dog";
  if (v == Viewer::seat1) return "cat";
  return "spectator";
}

std::string result_text(const Outcome& o) {
  switch (o.kind) {
    case Outcome::Kind::win:
      return std::string(o.winner == 0 ? "b " : "w ") + o.reason;
    case Outcome::Kind::draw:
      return "draw " + o.reason;
    case Outcome::Kind::aborted:
      return "aborted " + o.reason;
    case Outcome::Kind::ongoing:
      break;
  }
  return "ongoing";
}

Error bad_line(std::size_t line, const std::string& why) {
  return make_error(errc::bad_record, "line " + std::to_string(line) + ": " + why);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view line = text.substr(i, j - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    i = j + 1;
  }
  return lines;
}

// "b resignation", "draw agreement", "aborted abandonment" or "ongoing".
bool parse_result(std::string_view s, Outcome& out) {
  if (s == "ongoing") {
    out = Outcome::ongoing();
    return true;
  }
  const auto space = s.find(' ');
  if (space == std::string_view::npos || space + 1 >= s.size()) return false;
  const std::string_view who = s.substr(0, space);
  const std::string reason(s.substr(space + 1));
  if (who == "b" || who == "w")
    out = Outcome::win(who == "b" ? 0 : 1, reason);
  else if (who == "draw")
    out = Outcome::draw(reason);
  else if (who == "aborted")
    out = Outcome::abort(reason);
  else
    return false;
  return true;
}

}  // namespace

Result<std::string> export_dogcat_record(const DogcatGame& game, Viewer viewer,
                                         const RecordInfo& record) {
  const bool over = game.over();
  std::string out(kTitle);
  out += "\nDog: " + record_field(record.players[0]) + "\nCat: " + record_field(record.players[1]);
  out += "\nEvent: " + record_field(record.event) + "\nSite: " + record_field(record.site);
  out += "\nStart: " + record_field(record.start_time);
  out += "\nTimeControl: " + record_field(record.time_control);
  out += "\nView: " + viewer_word(viewer, over);
  out += "\nPosition: " + game.initial_view(viewer) + "\n";
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    out += std::to_string(i + 1) + " " + game.notation(i, viewer);
    if (i < record.move_times_ms.size()) out += " " + std::to_string(record.move_times_ms[i]);
    out += "\n";
  }
  out += "Result: " + result_text(game.outcome()) + "\n";
  return out;
}

Result<GamePtr> import_dogcat_record(const GameInfo& info, std::string_view format,
                                     std::string_view text) {
  if (format != "record")
    return make_error(errc::unsupported, "dog-cat shogi has no record format '" +
                                             std::string(format.substr(0, 16)) + "'");
  if (text.size() > kMaxDogcatRecordLength) return make_error(errc::bad_record, "too long");
  const auto lines = split_lines(text);
  if (lines.empty() || lines[0] != kTitle)
    return bad_line(1, "a dog-cat record starts with '" + std::string(kTitle) + "'");
  std::unique_ptr<DogcatGame> game;
  bool have_result = false;
  Outcome result;
  for (std::size_t n = 1; n < lines.size(); ++n) {
    const std::string_view line = lines[n];
    const std::size_t no = n + 1;
    if (line.empty()) continue;
    if (have_result) return bad_line(no, "nothing may follow the result");
    if (line.starts_with("View: ") && line != "View: all")
      return bad_line(no, "this record hides pieces from its viewer; only a full one imports");
    if (line.starts_with("Position: ")) {
      if (game) return bad_line(no, "a second position");
      auto pos = parse_dogcat(line.substr(10));
      if (!pos) return bad_line(no, pos.error().message);
      game = std::make_unique<DogcatGame>(info, *pos);
    } else if (line.starts_with("Result: ")) {
      if (!game) return bad_line(no, "the result comes after the position");
      if (!parse_result(line.substr(8), result)) return bad_line(no, "unreadable result");
      have_result = true;
    } else if (line[0] >= '0' && line[0] <= '9') {
      if (!game) return bad_line(no, "a move before the position");
      const auto sp = line.find(' ');
      std::size_t ply = 0;
      auto [p, ec] = std::from_chars(line.data(), line.data() + std::min(sp, line.size()), ply);
      if (ec != std::errc() || sp == std::string_view::npos || ply != game->history_size() + 1)
        return bad_line(no, "expected ply " + std::to_string(game->history_size() + 1));
      std::string_view move = line.substr(sp + 1);
      move = move.substr(0, move.find(' '));
      if (auto r = game->apply(move); !r) return bad_line(no, r.error().message);
    } else if (line.find(": ") == std::string_view::npos) {
      return bad_line(no, "expected 'Key: value', a move or the result");
    }
  }
  if (!game) return make_error(errc::bad_record, "the record has no position");
  if (!have_result) return make_error(errc::bad_record, "the record has no result line");
  if (game->over() && game->outcome() != result)
    return make_error(errc::bad_record, "the result does not match the moves: they end in " +
                                            result_text(game->outcome()));
  if (!game->over() && result.over()) {
    for (std::string_view rules_reason :
         {"king_captured", "no_king_proven", "repetition", "move_limit", "no_legal_moves"})
      if (result.reason == rules_reason)
        return make_error(errc::bad_record, "the moves do not end in " + result_text(result));
    game->finish(result);
  }
  return GamePtr(std::move(game));
}

}  // namespace banmen::shogi

#include <string>

#include "chess/chess_game.h"
#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/record_text.h"
#include "core/time_control.h"

namespace banmen::chess {

namespace {

std::string termination(const Outcome& o) {
  if (!o.over() || o.kind == Outcome::Kind::aborted) return "Unterminated";
  if (o.reason == "timeout") return "Time forfeit";
  if (o.reason == "abandonment") return "Abandoned";
  return "Normal";
}

// "10+5" (minutes + seconds) becomes PGN's "600+5"; anything else is left out.
std::string pgn_time_control(std::string_view human) {
  auto tc = parse_time_control(human);
  if (!tc || tc->kind != TimeControl::Kind::fischer) return {};
  return std::to_string(tc->base_minutes * 60) + "+" + std::to_string(tc->increment_seconds);
}

std::string elapsed(std::int64_t ms) {
  const std::int64_t total = ms < 0 ? 0 : ms / 1000;
  std::string out = std::to_string(total / 3600);
  for (std::int64_t part : {total / 60 % 60, total % 60}) {
    out.push_back(':');
    if (part < 10) out.push_back('0');
    out.append(std::to_string(part));
  }
  return out;
}

}  // namespace

std::string export_pgn(const ChessGame& game, const RecordInfo& record) {
  const Outcome outcome = game.outcome();
  const std::string& start = record.start_time;
  const bool dated = start.size() >= 10 && start[4] == '-' && start[7] == '-';
  std::string date = dated
                         ? start.substr(0, 4) + "." + start.substr(5, 2) + "." + start.substr(8, 2)
                         : "????.??.??";
  std::string out;
  out += pgn_tag("Event", record.event);
  out += pgn_tag("Site", record.site);
  out += pgn_tag("Date", date);
  out += pgn_tag("Round", "-");
  out += pgn_tag("White", record.players[0]);
  out += pgn_tag("Black", record.players[1]);
  out += pgn_tag("Result", pgn_result(outcome));
  if (dated) out += pgn_tag("UTCDate", date);
  if (dated && start.size() >= 19 && start[10] == 'T')
    out += pgn_tag("UTCTime", start.substr(11, 8));
  if (auto tc = pgn_time_control(record.time_control); !tc.empty())
    out += pgn_tag("TimeControl", tc);
  out += pgn_tag("Termination", termination(outcome));
  const std::string fen = game.initial_position();
  if (fen != kStartFen) out += pgn_tag("SetUp", "1") + pgn_tag("FEN", fen);
  out += "\n";

  // Movetext, wrapped so no line passes 80 characters.
  std::string line;
  auto emit = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 80) {
      out += line + "\n";
      line.clear();
    }
    if (!line.empty()) line.push_back(' ');
    line.append(token);
  };
  const Position& s = game.start();
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    const bool white = (s.side == kWhite) == (i % 2 == 0);
    const int number = s.fullmove_number + static_cast<int>((i + (s.side == kBlack ? 1 : 0)) / 2);
    if (white)
      emit(std::to_string(number) + ".");
    else if (i == 0)
      emit(std::to_string(number) + "...");
    emit(game.display_notation(i, Viewer::referee));
    // One comment for the ply: its thinking time, then its own comment, word by word
    // (the words are what the line wraps between).
    std::vector<std::string> words;
    if (i < record.move_times_ms.size()) {
      words.push_back("[%emt");
      words.push_back(elapsed(record.move_times_ms[i]) + "]");
    }
    if (i < record.move_comments.size() && !record.move_comments[i].empty())
      for (std::size_t at = 0; at < record.move_comments[i].size();) {
        const std::size_t space = record.move_comments[i].find(' ', at);
        const std::size_t stop =
            space == std::string::npos ? record.move_comments[i].size() : space;
        if (stop > at) words.push_back(record.move_comments[i].substr(at, stop - at));
        at = stop + 1;
      }
    for (std::size_t w = 0; w < words.size(); ++w)
      emit((w == 0 ? "{" : "") + words[w] + (w + 1 == words.size() ? "}" : ""));
  }
  if (outcome.over() && !outcome.reason.empty()) emit("{" + outcome.reason + "}");
  emit(pgn_result(outcome));
  out += line + "\n";
  return out;
}

}  // namespace banmen::chess

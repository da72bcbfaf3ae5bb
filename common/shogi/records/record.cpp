#include "shogi/records/record.h"

#include "shogi/records/record_common.h"
#include "shogi/sfen.h"

namespace banmen::shogi {

Ending ending_of(const ShogiGame& game, bool handicap) {
  const Outcome o = game.outcome();
  Ending e;
  if (!o.over()) return e;
  const std::string n = "まで" + std::to_string(game.history_size()) + "手で";
  const std::string winner = o.winner == 0 ? (handicap ? "下手の勝ち" : "先手の勝ち")
                                           : (handicap ? "上手の勝ち" : "後手の勝ち");
  const bool mover_won = o.winner == game.to_move();
  const std::string& r = o.reason;
  if (r == "checkmate") {
    e = {"詰み", "%TSUMI", n + winner};
  } else if (r == "resignation") {
    e = {"投了", "%TORYO", n + winner};
  } else if (r == "timeout") {
    e = {"切れ負け", "%TIME_UP", n + winner};
  } else if (r == "repetition") {
    e = {"千日手", "%SENNICHITE",
         n + (o.over() && o.kind == Outcome::Kind::win ? winner : "千日手")};
  } else if (r == "perpetual_check") {
    e = {mover_won ? "反則勝ち" : "反則負け",
         o.winner == 0 ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION",
         n + "連続王手の千日手で" + winner};
  } else if (r == "impasse_declared") {
    e = {mover_won ? "入玉勝ち" : "反則負け",
         mover_won ? "%KACHI" : (o.winner == 0 ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION"),
         n + winner};
  } else if (r == "move_limit") {
    e = {"持将棋", "%JISHOGI", n + "持将棋"};
  } else if (o.kind == Outcome::Kind::win) {
    e = {"投了", "%TORYO", n + winner};
  } else {
    e = {"中断", "%CHUDAN", n + "中断"};
  }
  return e;
}

bool apply_ending_word(ShogiGame& game, std::string_view word) {
  const int mover = game.to_move();
  if (word == "投了" || word == "%TORYO") {
    game.finish(Outcome::win(1 - mover, "resignation"));
  } else if (word == "切れ負け" || word == "時間切れ" || word == "%TIME_UP") {
    game.finish(Outcome::win(1 - mover, "timeout"));
  } else if (word == "入玉勝ち" || word == "%KACHI") {
    if (!game.over()) (void)game.declare_win();
  } else {
    // Endings the rules see for themselves, or that carry no result to replay.
    static constexpr std::string_view kOthers[] = {
        "詰み",          "千日手",           "持将棋",
        "中断",          "反則勝ち",         "反則負け",
        "不詰",          "不戦勝",           "不戦敗",
        "%TSUMI",        "%SENNICHITE",      "%JISHOGI",
        "%CHUDAN",       "%MAX_MOVES",       "%HIKIWAKE",
        "%ILLEGAL_MOVE", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION",
        "%FUZUMI",       "%ERROR",           "%MATTA"};
    for (auto w : kOthers)
      if (word == w) return true;
    return false;
  }
  return true;
}

std::string record_date(std::string_view iso) {
  std::string out;
  for (char c : iso) {
    if (c == 'Z') break;
    out += c == '-' ? '/' : c == 'T' ? ' ' : c;
  }
  return out;
}

std::vector<std::string_view> record_lines(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

Error record_error(std::size_t line, std::string message) {
  return make_error(errc::bad_record, "line " + std::to_string(line + 1) + ": " + message);
}

Result<std::string> export_usi(const ShogiGame& game) {
  std::string out = "sfen " + game.initial_position();
  if (!game.moves().empty()) out += " moves";
  for (std::size_t i = 0; i < game.history_size(); ++i)
    out += " " + game.notation(i, Viewer::referee);
  return out + "\n";
}

namespace {

Result<GamePtr> import_usi(const GameInfo& info, const Variant& v, std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  std::string_view position = text, moves;
  if (auto m = text.find(" moves"); m != std::string_view::npos) {
    position = text.substr(0, m);
    moves = text.substr(m + 6);
  }
  if (position.starts_with("position ")) position.remove_prefix(9);
  if (position == "startpos") position = v.start_sfen;
  auto pos = parse_sfen(v, position);
  if (!pos) return make_error(errc::bad_record, pos.error().message);
  auto game = std::make_unique<ShogiGame>(info, *pos);
  std::size_t ply = 0;
  while (!moves.empty()) {
    while (!moves.empty() && moves.front() == ' ') moves.remove_prefix(1);
    auto end = moves.find(' ');
    auto token = moves.substr(0, end);
    moves = end == std::string_view::npos ? std::string_view{} : moves.substr(end);
    if (token.empty()) continue;
    ++ply;
    auto r = game->apply(token);
    if (!r)
      return make_error(errc::bad_record, "move " + std::to_string(ply) + ": " + r.error().message);
  }
  return GamePtr(std::move(game));
}

}  // namespace

Result<GamePtr> import_record(const GameInfo& info, const Variant& v, std::string_view format,
                              std::string_view text) {
  if (text.size() > kMaxRecordLength) return make_error(errc::bad_record, "record is too long");
  if (format == "sfen") return import_usi(info, v, text);
  if (format == "kif") return import_kif(info, v, text);
  if (format == "csa") return import_csa(info, v, text);
  return make_error(errc::unsupported,
                    std::string(info.name) + " has no record format '" + std::string(format) + "'");
}

}  // namespace banmen::shogi

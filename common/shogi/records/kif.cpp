// KIF export and import of whole games.
#include "shogi/records/kif.h"

#include "core/record_text.h"
#include "core/time_control.h"

#include <string>

#include "shogi/handicap.h"
#include "shogi/records/record.h"
#include "shogi/records/record_common.h"
#include "shogi/sfen.h"

namespace banmen::shogi {

namespace {

std::string two_digits(std::int64_t n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

// " 0:01" (minutes:seconds of one move) or "00:00:01" (a player's running total).
std::string clock(std::int64_t ms, bool with_hours) {
  const std::int64_t s = ms / 1000;
  if (with_hours)
    return two_digits(s / 3600) + ":" + two_digits(s / 60 % 60) + ":" + two_digits(s % 60);
  std::string m = std::to_string(s / 60);
  return (m.size() < 2 ? " " : "") + m + ":" + two_digits(s % 60);
}

std::string pad_move(const std::string& text) {
  // KIF aligns the time column; each multi-byte character counts as two columns.
  int width = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) width += text[i] & 0x80 ? 2 : 1;
  return text + std::string(width < 14 ? 14 - width : 1, ' ');
}

// The time control as Japanese programs write and read it (Kifu for Windows, ShogiGUI,
// tsshogi): 持ち時間 for the main time, 秒読み for the byoyomi ("秒読み：30秒", with "×3回"
// for several periods), an increment after the main time ("5分+3秒"). A form the server
// did not write is kept as free text.
std::string kif_time_control(std::string_view human) {
  if (human.empty()) return {};
  auto tc = parse_time_control(human);
  if (!tc) return "持ち時間：" + record_field(human) + "\n";
  std::string out = "持ち時間：" + japanese_minutes(tc->base_minutes);
  if (tc->kind == TimeControl::Kind::fischer) {
    if (tc->increment_seconds > 0) out += "+" + std::to_string(tc->increment_seconds) + "秒";
    return out + "\n";
  }
  out += "\n秒読み：" + std::to_string(tc->period_seconds) + "秒";
  if (tc->periods > 1) out += "×" + std::to_string(tc->periods) + "回";
  return out + "\n";
}

}  // namespace

Result<std::string> export_kif(const ShogiGame& game, const RecordInfo& record) {
  const Variant& v = game.start().variant();
  std::string out = "#KIF version=2.0 encoding=UTF-8\n";
  if (!record.start_time.empty()) out += "開始日時：" + record_date(record.start_time) + "\n";
  if (!record.event.empty()) out += "棋戦：" + record_field(record.event) + "\n";
  if (!record.site.empty()) out += "場所：" + record_field(record.site) + "\n";
  out += kif_time_control(record.time_control);
  const bool standard = game.initial_position() == v.start_sfen;
  const Handicap* handicap = handicap_of(game.start());
  if (standard && v.id == "shogi") {
    out += "手合割：平手\n";
  } else if (handicap) {
    out += "手合割：" + std::string(handicap->kif_name) + "\n";
  } else {
    if (v.id == "minishogi") out += "手合割：５五将棋\n";
    out += format_bod(game.start());
  }
  // A handicap game names its players as the receiver (下手, Black) and the giver (上手).
  out += (handicap ? "下手：" : "先手：") + record_field(record.players[0]) + "\n";
  out += (handicap ? "上手：" : "後手：") + record_field(record.players[1]) + "\n";
  out += "手数----指手---------消費時間--\n";
  std::int64_t total[2] = {0, 0};
  const int first_mover = game.start().side_to_move();
  auto number = [](std::size_t n) {
    std::string s = std::to_string(n);
    return std::string(s.size() < 4 ? 4 - s.size() : 0, ' ') + s + " ";
  };
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    const Move prev = i ? game.moves()[i - 1] : kNoMove;
    std::string line = kif_move_text(v, game.moves()[i], prev);
    if (i < record.move_times_ms.size()) {
      const int mover = (first_mover + int(i)) % 2;
      total[mover] += record.move_times_ms[i];
      line = pad_move(line) + "(" + clock(record.move_times_ms[i], false) + "/" +
             clock(total[mover], true) + ")";
    }
    out += number(i + 1) + line + "\n";
    if (i < record.move_comments.size() && !record.move_comments[i].empty())
      out += "*" + record.move_comments[i] + "\n";
  }
  const Ending e = ending_of(game, handicap != nullptr);
  if (!e.kif.empty()) {
    out += number(game.history_size() + 1) + e.kif + "\n";
    out += e.kif_summary + "\n";
  }
  return out;
}

std::string_view kif_move_token(std::string_view l) {
  while (!l.empty() && l[0] == ' ') l.remove_prefix(1);
  while (!l.empty() && l[0] >= '0' && l[0] <= '9') l.remove_prefix(1);
  while (!l.empty() && l[0] == ' ') l.remove_prefix(1);
  std::string_view mt = l.substr(0, l.find(' '));
  if (auto sp = mt.find("　"); sp != std::string_view::npos && !mt.starts_with("同"))
    mt = mt.substr(0, sp);
  if (mt.starts_with("同")) {
    // "同　歩(77)": the move runs to the origin's closing parenthesis.
    const auto close = l.find(')'), drop = l.find("打");
    if (close != std::string_view::npos) {
      mt = l.substr(0, close + 1);
    } else if (drop != std::string_view::npos) {
      mt = l.substr(0, drop + 3);
    }
  }
  return mt;
}

Result<KifStart> read_kif_start(const Variant& v, const std::vector<std::string_view>& lines) {
  KifStart out{Position(v), 0, {}};
  Position& start = out.start;
  bool have_start = false;
  // A BOD diagram, if any, gives the start; otherwise the usual start (平手 / ５五将棋).
  std::string hands[2];
  int board_rows = 0;
  std::string sfen_board;
  bool white_to_move = false;
  const auto value = [](std::string_view l) {
    return std::string(l.substr(l.find("：") + std::string_view("：").size()));
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    if (l.starts_with("手数----")) {
      out.first_move_line = i + 1;  // some writers leave this line out
      break;
    }
    // The moves begin (a KIF move line, a KI2 move, a side line): no header after them.
    const auto lead = l.find_first_not_of(' ');
    if (lead != std::string_view::npos &&
        ((l[lead] >= '0' && l[lead] <= '9') || l.substr(lead).starts_with("▲") ||
         l.substr(lead).starts_with("△") || l.starts_with("変化："))) {
      out.first_move_line = i;
      break;
    }
    if (l.starts_with("手合割：")) {
      auto h = l.substr(std::string_view("手合割：").size());
      if (const Handicap* named = find_handicap_by_kif_name(h); named && v.id == "shogi") {
        start = handicap_position(*named);  // a board diagram below still wins
        have_start = true;
      } else if (h != "平手" && h != "５五将棋" && h != "5五将棋" && h != "その他") {
        return record_error(i, "unknown 手合割 '" + std::string(h) + "'");
      }
    } else if (l.starts_with("後手の持駒：") || l.starts_with("上手の持駒：")) {
      hands[1] = value(l);
    } else if (l.starts_with("先手の持駒：") || l.starts_with("下手の持駒：")) {
      hands[0] = value(l);
    } else if (l.starts_with("後手番") || l.starts_with("上手番")) {
      white_to_move = true;
    } else if (l.starts_with("|")) {
      if (board_rows++) sfen_board += '/';
      if (!read_bod_row(l, sfen_board)) return record_error(i, "bad board diagram row");
    } else if (l.starts_with("先手：") || l.starts_with("下手：")) {
      out.info.players[0] = value(l);
    } else if (l.starts_with("後手：") || l.starts_with("上手：")) {
      out.info.players[1] = value(l);
    } else if (l.starts_with("棋戦：")) {
      out.info.event = value(l);
    } else if (l.starts_with("場所：")) {
      out.info.site = value(l);
    }
  }
  if (board_rows) {
    std::string sfen_hands;
    for (Color c : {kBlack, kWhite}) {
      if (!read_bod_hand(hands[c], c, sfen_hands))
        return make_error(errc::bad_record, "unknown piece in a hand of the board diagram");
    }
    auto pos = parse_sfen(v, sfen_board + (white_to_move ? " w " : " b ") +
                                 (sfen_hands.empty() ? "-" : sfen_hands) + " 1");
    if (!pos) return make_error(errc::bad_record, "board diagram: " + pos.error().message);
    start = *pos;
    have_start = true;
  }
  if (!have_start) {
    auto pos = parse_sfen(v, v.start_sfen);
    if (!pos) return pos.error();
    start = *pos;
  }
  return out;
}

Result<GamePtr> import_kif(const GameInfo& info, const Variant& v, std::string_view text) {
  const auto lines = record_lines(text);
  auto head = read_kif_start(v, lines);
  if (!head) return head.error();
  const Position& start = head->start;
  const std::size_t first_move_line = head->first_move_line;
  auto game = std::make_unique<ShogiGame>(info, start);
  Move prev = kNoMove;
  for (std::size_t i = first_move_line; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    if (l.starts_with("変化：")) break;  // the main line ends where variations begin
    while (!l.empty() && l[0] == ' ') l.remove_prefix(1);
    if (l.empty() || l[0] < '0' || l[0] > '9') continue;  // comments, summaries
    const std::string_view mt = kif_move_token(l);
    auto m = parse_kif_move(game->current(), mt, prev);
    if (!m) {
      if (apply_ending_word(*game, mt)) break;
      return record_error(i, "cannot read the move '" + std::string(mt) + "'");
    }
    if (!game->play(*m)) return record_error(i, "illegal move '" + std::string(mt) + "'");
    prev = game->moves().back();
  }
  return GamePtr(std::move(game));
}

}  // namespace banmen::shogi

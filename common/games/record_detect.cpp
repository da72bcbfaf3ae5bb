#include "games/record_detect.h"

#include "core/record_text.h"

namespace banmen {

namespace {

std::vector<std::string_view> text_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

bool digit(char c) {
  return c >= '0' && c <= '9';
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}

// A CSA line: version, players, position, a move ("+7776FU"), a special move ("%TORYO").
bool csa_line(std::string_view l) {
  if (l.starts_with("V2") || l.starts_with("PI") || l.starts_with("P1") || l.starts_with("N+") ||
      l.starts_with("N-") || l.starts_with("$EVENT") || l.starts_with("$START_TIME") ||
      l.starts_with("%TORYO"))
    return true;
  return l.size() >= 7 && (l[0] == '+' || l[0] == '-') && digit(l[1]) && digit(l[2]) &&
         digit(l[3]) && digit(l[4]) && upper(l[5]) && upper(l[6]);
}

bool ki2_line(std::string_view l) {
  return l.starts_with("▲") || l.starts_with("△") || l.starts_with("☗") || l.starts_with("☖");
}

// "   1 ７六歩(77)": a number, spaces, then a move in Japanese (a byte past ASCII).
bool kif_move_line(std::string_view l) {
  std::size_t i = 0;
  while (i < l.size() && digit(l[i])) ++i;
  if (i == 0 || i >= l.size() || l[i] != ' ') return false;
  while (i < l.size() && l[i] == ' ') ++i;
  return i < l.size() && (static_cast<unsigned char>(l[i]) & 0x80) != 0;
}

// "12. e4" or "1.e4": PGN movetext without tags.
bool pgn_movetext(std::string_view l) {
  std::size_t i = 0;
  while (i < l.size() && digit(l[i])) ++i;
  return i > 0 && i < l.size() && l[i] == '.';
}

}  // namespace

std::string_view detect_record_format(std::string_view text) {
  const auto lines = text_lines(text);
  std::string_view first;
  for (auto l : lines) {
    first = trim_record_spaces(l);
    if (!first.empty()) break;
  }
  if (first.empty()) return {};
  if (first.starts_with("review ")) return "txt";
  if (first == "dogcat record") return "transcript";
  bool kif = false, ki2 = false, csa = false, game_header = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view l = trim_record_spaces(lines[i]);
    if (l.starts_with("手数----") || kif_move_line(l)) kif = true;
    if (ki2_line(l)) ki2 = true;
    if (csa_line(l)) csa = true;
    if (i < 32 && l.starts_with("Game: ")) game_header = true;
  }
  if (game_header) return "transcript";
  if (first.starts_with("[") || pgn_movetext(first)) return "pgn";
  if (first.starts_with("position ") || first == "startpos" || first.starts_with("startpos ") ||
      first.starts_with("sfen ") || first.starts_with("fen "))
    return "position";
  if (kif) return "kif";
  if (ki2) return "ki2";
  if (csa) return "csa";
  // Headers in Japanese (手合割：平手, 先手：...) with no moves yet.
  if (text.find("：") != std::string_view::npos) return "kif";
  return "position";
}

PositionText split_position_text(std::string_view text) {
  PositionText out;
  std::vector<std::pair<std::string_view, std::size_t>> tokens;
  std::size_t line = 1;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      line += c == '\n';
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\r' &&
           text[end] != '\n')
      ++end;
    tokens.emplace_back(text.substr(i, end - i), line);
    i = end;
  }
  std::size_t k = 0;
  if (k < tokens.size() && tokens[k].first == "position") ++k;
  const auto take_position = [&] {
    if (k < tokens.size()) out.position_line = tokens[k].second;
    for (; k < tokens.size() && tokens[k].first != "moves"; ++k) {
      if (!out.position.empty()) out.position += ' ';
      out.position += tokens[k].first;
    }
  };
  if (k < tokens.size() && tokens[k].first == "startpos") {
    out.kind = PositionText::Kind::startpos;
    ++k;
  } else if (k < tokens.size() && (tokens[k].first == "sfen" || tokens[k].first == "fen")) {
    out.kind = tokens[k].first == "sfen" ? PositionText::Kind::sfen : PositionText::Kind::fen;
    ++k;
    take_position();
  } else if (k < tokens.size() && tokens[k].first.find('/') != std::string_view::npos) {
    take_position();
  }
  if (k < tokens.size() && tokens[k].first == "moves") ++k;
  for (; k < tokens.size(); ++k)
    out.moves.emplace_back(std::string(tokens[k].first), tokens[k].second);
  return out;
}

std::string transcript_game(std::string_view text) {
  const auto lines = text_lines(text);
  for (std::size_t i = 0; i < lines.size() && i < 32; ++i) {
    const std::string_view l = trim_record_spaces(lines[i]);
    if (i == 0 && l == "dogcat record") return "dogcat";
    if (l.starts_with("Game: ")) return std::string(trim_record_spaces(l.substr(6)));
  }
  return {};
}

ReviewHead review_text_head(std::string_view text) {
  const auto lines = text_lines(text);
  ReviewHead head;
  if (!lines.empty() && lines[0].starts_with("review ")) head.game = lines[0].substr(7);
  if (lines.size() > 1 && lines[1].starts_with("start ")) head.start = lines[1].substr(6);
  return head;
}

}  // namespace banmen

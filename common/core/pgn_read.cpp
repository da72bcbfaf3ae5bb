#include "core/pgn_read.h"

#include <algorithm>
#include <string>

namespace banmen {

namespace {

Error pgn_error(std::size_t line, const std::string& why) {
  std::string message = "line ";
  message.append(std::to_string(line)).append(": ").append(why);
  return make_error(errc::bad_record, std::move(message));
}

bool pgn_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// The SAN with suffixes dropped (!, ?, +, #) and castling written with letters; with
// `loose`, also without '=', 'x' and '-' (e8Q, Nf3d4-style writers).
std::string san_key(std::string_view san, bool loose) {
  std::string s(san);
  while (!s.empty() && std::string_view("!?+#").find(s.back()) != std::string_view::npos)
    s.pop_back();
  if (s == "0-0") s = "O-O";
  if (s == "0-0-0") s = "O-O-O";
  if (loose && s != "O-O" && s != "O-O-O")
    std::erase_if(s, [](char c) { return c == '=' || c == 'x' || c == '-'; });
  return s;
}

// The last square named in a SAN ("e4" of "Nxe4+", "e10" of xiangqi's "Re10"), or empty.
std::string_view target_square(std::string_view san) {
  for (std::size_t end = san.size(); end > 0; --end) {
    if (san[end - 1] < '0' || san[end - 1] > '9') continue;
    std::size_t start = end;
    while (start > 0 && san[start - 1] >= '0' && san[start - 1] <= '9') --start;
    if (start > 0 && san[start - 1] >= 'a' && san[start - 1] <= 'z')
      return san.substr(start - 1, end - start + 1);
    return {};
  }
  return {};
}

}  // namespace

std::string_view PgnTags::value(std::string_view name) const {
  for (const auto& [n, v] : pairs)
    if (n == name) return v;
  return {};
}

Result<PgnTags> read_pgn_tags(std::string_view text) {
  PgnTags tags;
  std::size_t i = 0, line = 1;
  for (;;) {
    while (i < text.size() && pgn_space(text[i])) line += text[i++] == '\n';
    if (i < text.size() && text[i] == ';') {  // a comment line among the tags
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (i >= text.size() || text[i] != '[') break;
    const std::size_t open = text.find('"', i), eol = text.find('\n', i);
    if (open == std::string_view::npos || open > eol)
      return pgn_error(line, "a tag must be [Name \"value\"]");
    std::string name(text.substr(i + 1, open - i - 1));
    while (!name.empty() && pgn_space(name.back())) name.pop_back();
    if (name.empty() || name.find_first_of(" \t\"") != std::string::npos)
      return pgn_error(line, "a tag must be [Name \"value\"]");
    std::string value;
    std::size_t j = open + 1;
    for (; j < text.size() && text[j] != '"' && text[j] != '\n'; ++j) {
      if (text[j] == '\\' && j + 1 < text.size()) ++j;
      value += text[j];
    }
    std::size_t close = j + 1;
    while (close < text.size() && (text[close] == ' ' || text[close] == '\t')) ++close;
    if (j >= text.size() || text[j] != '"' || close >= text.size() || text[close] != ']')
      return pgn_error(line, "the tag " + name.substr(0, 32) + " is not closed");
    if (tags.pairs.size() >= 256) return pgn_error(line, "more than 256 tags");
    tags.pairs.emplace_back(std::move(name), std::move(value));
    i = close + 1;
  }
  tags.movetext = i;
  return tags;
}

std::string resolve_san(const Game& game, std::string_view san) {
  const auto legal = game.legal_moves();
  for (const auto& m : legal)
    if (m == san) return m;  // the protocol notation itself (some writers use UCI)
  // The moves that reach the named square first; the others only when none of those fits
  // (a game whose protocol notation names squares otherwise).
  const std::string square(target_square(san_key(san, false)));
  std::vector<const std::string*> near, rest;
  for (const auto& m : legal)
    (!square.empty() && m.find(square) != std::string::npos ? near : rest).push_back(&m);
  std::vector<std::string> written(legal.size());  // display notation, by index, when made
  const auto display = [&](const std::string* m) -> const std::string& {
    std::string& w = written[static_cast<std::size_t>(m - legal.data())];
    if (w.empty()) {
      GamePtr after = game.clone();
      if (after->apply(*m)) w = after->display_notation(after->history_size() - 1, Viewer::referee);
      if (w.empty()) w.push_back(' ');  // no notation: matches nothing
    }
    return w;
  };
  for (bool loose : {false, true}) {
    const std::string key = san_key(san, loose);
    for (const auto* group : {&near, &rest}) {
      const std::string* found = nullptr;
      int count = 0;
      for (const auto* m : *group) {
        if (san_key(display(m), loose) == key) {
          if (!found) found = m;
          ++count;
        }
      }
      // Several: the first the game generates, as Fairy-Stockfish's reader takes it (a
      // writer that names two moves alike leaves no better choice).
      if (count >= 1) return *found;
    }
  }
  return {};
}

Result<VariationTree> read_pgn_movetext(const Game& root, std::string_view text, std::size_t from,
                                        const VariationLimits& limits) {
  std::size_t line = 1 + static_cast<std::size_t>(std::count(
                             text.begin(), text.begin() + static_cast<std::ptrdiff_t>(from), '\n'));
  VariationTree tree(root, limits);
  GamePtr game = root.clone();  // the position after `at`
  NodeId at = VariationTree::root(), last = VariationTree::root();
  struct Frame {
    NodeId at, last;
    std::size_t line;
  };
  std::vector<Frame> open;
  std::size_t i = from;
  const auto restore = [&](NodeId id) -> Result<void> {
    auto g = tree.game_at(id);
    if (!g) return pgn_error(line, g.error().message);
    game = std::move(*g);
    return ok();
  };
  while (i < text.size()) {
    const char c = text[i];
    if (pgn_space(c)) {
      line += c == '\n';
      ++i;
    } else if (c == '{') {
      const std::size_t end = text.find('}', i);
      if (end == std::string_view::npos) return pgn_error(line, "a comment '{' is never closed");
      line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(i),
                                                  text.begin() + static_cast<std::ptrdiff_t>(end),
                                                  '\n'));
      i = end + 1;
    } else if (c == ';' || (c == '%' && (i == 0 || text[i - 1] == '\n'))) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '(') {
      if (last == VariationTree::root()) return pgn_error(line, "'(' must follow a move");
      if (open.size() >= limits.max_depth) return pgn_error(line, "variations nest too deep");
      open.push_back(Frame{at, last, line});
      at = tree.node(last).parent;
      last = VariationTree::root();
      if (auto r = restore(at); !r) return r.error();
      ++i;
    } else if (c == ')') {
      if (open.empty()) return pgn_error(line, "')' without '('");
      at = open.back().at;
      last = open.back().last;
      open.pop_back();
      if (auto r = restore(at); !r) return r.error();
      ++i;
    } else if (c == '[') {
      break;  // the next game's tags: only the first game is read
    } else {
      std::size_t end = i;
      while (end < text.size() && !pgn_space(text[end]) &&
             std::string_view("{}();[").find(text[end]) == std::string_view::npos)
        ++end;
      // A stray '}' stops no token and would be met again forever: refused here.
      if (end == i) return pgn_error(line, std::string("'") + c + "' out of place");
      std::string_view token = text.substr(i, end - i);
      i = end;
      if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
        if (open.empty()) break;
        continue;
      }
      if (token[0] == '$') continue;
      // A move number ("12.", "12...") may be glued to its move: "12.e4".
      std::size_t k = 0;
      while (k < token.size() && token[k] >= '0' && token[k] <= '9') ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token.remove_prefix(k);
      } else if (k == token.size()) {
        continue;  // a bare number
      }
      while (token.starts_with(".")) token.remove_prefix(1);
      if (token.empty() || token.find_first_not_of("!?") == std::string_view::npos) continue;
      const std::string shown(token.substr(0, 24));
      if (game->over()) return pgn_error(line, shown + " comes after the end of the game");
      const std::string move = resolve_san(*game, token);
      if (move.empty()) return pgn_error(line, shown + " is not a legal move here");
      auto id = tree.add(at, move);
      if (!id) return pgn_error(line, id.error().message);
      if (auto played = game->apply(move); !played) return pgn_error(line, played.error().message);
      at = last = *id;
    }
  }
  if (!open.empty()) return pgn_error(open.back().line, "a '(' is never closed");
  return tree;
}

}  // namespace banmen

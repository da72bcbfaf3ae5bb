#include <memory>
#include <string>
#include <vector>

#include "chess/chess_game.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/pgn.h"

namespace banmen::chess {

namespace {

constexpr std::size_t kMaxPgnBytes = 1 << 20;
constexpr std::size_t kMaxPlies = 6000;

Error bad(const std::string& what) {
  return make_error(errc::bad_record, "bad PGN: " + what);
}

struct Parsed {
  std::string fen;
  std::string termination;
  std::string result = "*";
  std::vector<std::string> sans;
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_result(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Reads `[Name "value"]` at text[i] (which is '['); stores FEN, Termination and Result.
std::optional<Error> read_tag(std::string_view text, std::size_t& i, Parsed& p) {
  const std::size_t end = text.find(']', i);
  const std::size_t open = text.find('"', i);
  if (end == text.npos || open == text.npos || open > end)
    return bad("a tag without a quoted value");
  std::string name(text.substr(i + 1, open - i - 1));
  while (!name.empty() && is_space(name.back())) name.pop_back();
  std::string value;
  std::size_t j = open + 1;
  for (; j < text.size() && text[j] != '"'; ++j) {
    if (text[j] == '\\' && j + 1 < text.size()) ++j;
    value += text[j];
  }
  const std::size_t close = text.find(']', j);
  if (j >= text.size() || close == text.npos) return bad("tag " + name + " is not closed");
  if (name == "FEN") p.fen = value;
  if (name == "Termination") p.termination = value;
  if (name == "Result") p.result = value;
  i = close + 1;
  return std::nullopt;
}

// Splits the text into tags and main-line SAN tokens; stops at the game's result token.
std::optional<Error> scan(std::string_view text, Parsed& p) {
  std::size_t i = 0;
  int depth = 0;  // variation nesting
  bool in_moves = false;
  while (i < text.size()) {
    const char c = text[i];
    if (is_space(c)) {
      ++i;
    } else if (c == '[' && !in_moves && depth == 0) {
      if (auto e = read_tag(text, i, p)) return e;
    } else if (c == '{') {
      const std::size_t end = text.find('}', i);
      if (end == text.npos) return bad("a comment is not closed");
      i = end + 1;
    } else if (c == ';' || c == '%') {
      const std::size_t end = text.find('\n', i);
      i = end == text.npos ? text.size() : end + 1;
    } else if (c == '(') {
      ++depth, ++i, in_moves = true;
    } else if (c == ')') {
      if (depth == 0) return bad("')' without '('");
      --depth, ++i;
    } else {
      std::size_t end = i;
      while (end < text.size() && !is_space(text[end]) &&
             std::string_view("{}();[").find(text[end]) == std::string_view::npos)
        ++end;
      if (end == i) return bad(std::string("unexpected '") + c + "'");
      std::string_view token = text.substr(i, end - i);
      i = end;
      in_moves = true;
      if (depth > 0 || token.empty() || token[0] == '$') continue;
      if (is_result(token)) {
        p.result = std::string(token);
        return std::nullopt;
      }
      // A move number ("12." or "12...") may be glued to the move: "12.e4".
      std::size_t k = 0;
      while (k < token.size() && token[k] >= '0' && token[k] <= '9') ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token.remove_prefix(k);
      }
      if (token.empty()) continue;
      if (p.sans.size() >= kMaxPlies)
        return bad("more than " + std::to_string(kMaxPlies) + " moves");
      p.sans.emplace_back(token);
    }
  }
  if (depth != 0) return bad("a variation is not closed");
  return std::nullopt;
}

Outcome outside_ending(const Parsed& p, const ChessGame& g) {
  const bool timeout = p.termination == "Time forfeit" || p.termination == "time forfeit";
  if (p.result == "1-0" || p.result == "0-1") {
    const int winner = p.result == "1-0" ? 0 : 1;
    if (timeout) return g.timeout_outcome(1 - winner);
    return Outcome::win(winner, p.termination == "Abandoned" ? "abandonment" : "resignation");
  }
  if (p.result == "1/2-1/2") return Outcome::draw(timeout ? "insufficient_material" : "agreement");
  return Outcome::ongoing();
}

}  // namespace

Result<GamePtr> import_pgn(std::string_view text) {
  if (text.size() > kMaxPgnBytes) return bad("larger than 1 MiB");
  Parsed p;
  if (auto e = scan(text, p)) return *e;
  auto start = parse_fen(p.fen.empty() ? kStartFen : std::string_view(p.fen));
  if (!start) return bad("FEN tag: " + start.error().message);
  auto game = std::make_unique<ChessGame>(*start);
  for (std::size_t i = 0; i < p.sans.size(); ++i) {
    const std::string where =
        "move " + std::to_string(i + 1) + " '" + p.sans[i].substr(0, 16) + "'";
    if (game->over()) return bad(where + " comes after the game ended");
    auto m = parse_san(game->current(), p.sans[i]);
    if (!m) return bad(where + ": " + m.error().message);
    if (auto r = game->play(*m); !r) return bad(where + ": " + r.error().message);
  }
  if (!game->over()) game->finish(outside_ending(p, *game));
  return GamePtr(std::move(game));
}

}  // namespace banmen::chess

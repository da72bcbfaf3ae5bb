// Reading back the PGN export_pgn writes (and the main line of similar files): the FEN
// tag, SAN moves matched against the SAN of each legal move (as Fairy-Stockfish's own
// reader does), and the result as an ending outside the board when the moves do not end
// the game by themselves.
#include <algorithm>
#include <cctype>
#include <string>

#include "fairy/factory.h"
#include "fairy/fen.h"
#include "fairy/notation.h"

namespace banmen::fairy {
namespace {

inline constexpr std::size_t max_pgn_bytes = 512 * 1024;

Error bad(const std::string& why) {
  return make_error(errc::bad_record, why);
}

}  // namespace

Result<GamePtr> import_fairy_pgn(std::shared_ptr<const VariantRules> variant,
                                 std::string_view text) {
  if (text.size() > max_pgn_bytes) return bad("the PGN is larger than 512 KiB");
  std::string fen, result, termination, variant_tag;
  std::size_t pos = 0;
  std::string movetext;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() == '[') {
      const auto space = line.find(' ');
      const auto open = line.find('"');
      const auto close = line.rfind('"');
      if (space == std::string_view::npos || open == std::string_view::npos || close <= open)
        return bad("a malformed tag: " + std::string(line.substr(0, 40)));
      const std::string name(line.substr(1, space - 1));
      std::string value;
      for (std::size_t i = open + 1; i < close; ++i) {
        if (line[i] == '\\' && i + 1 < close) ++i;
        value += line[i];
      }
      if (name == "FEN") fen = value;
      if (name == "Result") result = value;
      if (name == "Termination") termination = value;
      if (name == "Variant") variant_tag = value;
      continue;
    }
    movetext.append(line);
    movetext += ' ';
  }
  for (char& c : variant_tag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!variant_tag.empty() && variant_tag != variant->id)
    return bad("the record is " + variant_tag + ", not " + variant->id);
  auto created = create_fairy_game(variant, fen.empty() ? variant->rules.start_fen : fen);
  if (!created) return bad("the FEN tag: " + created.error().message);
  GamePtr game = std::move(*created);
  auto& fairy = static_cast<FairyGame&>(*game);
  std::size_t i = 0;
  int depth = 0;  // inside comments or variations
  std::string token;
  const auto& types = fairy.current().rules().types;
  const bool synonyms =
      std::any_of(types.begin(), types.end(), [](const PieceRules& t) { return t.synonym != 0; });
  auto play = [&](std::string san) -> Result<void> {
    while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.pop_back();
    if (san.empty()) return ok();
    Position p = fairy.current();
    MoveList moves;
    p.legal_moves(moves);
    for (const Move& m : moves)
      // Fairy-Stockfish's SAN, or the same with every piece by its FEN letter (Nc3 for
      // xiangqi's Hc3).
      if (san_move(p, m) == san || (synonyms && san_move(p, m, true) == san))
        return game->apply(uci_move(p, m));
    return bad("the move " + san + " is not legal at ply " +
               std::to_string(game->history_size() + 1));
  };
  while (i <= movetext.size()) {
    const char c = i < movetext.size() ? movetext[i] : ' ';
    ++i;
    if (c == '{' || c == '(') ++depth;
    if (c == '}' || c == ')') {
      --depth;
      continue;
    }
    if (depth > 0 || c == '{' || c == '(') continue;
    if (c != ' ' && c != '\t') {
      token += c;
      continue;
    }
    if (token.empty()) continue;
    const std::string t = std::move(token);
    token.clear();
    if (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*") break;
    if (t[0] == '$' || std::isdigit(static_cast<unsigned char>(t[0]))) {
      // A move number ("12." or "12...") or a NAG.
      const auto dots = t.find('.');
      if (t[0] == '$' || dots == std::string::npos) continue;
      if (dots + 1 < t.size() && t.find_first_not_of('.', dots) != std::string::npos) {
        if (auto r = play(t.substr(t.find_first_not_of('.', dots))); !r) return r.error();
      }
      continue;
    }
    if (auto r = play(t); !r) return r.error();
    if (game->history_size() > 2000) return bad("more than 2000 moves");
  }
  if (!game->over()) {
    if (result == "1-0" || result == "0-1") {
      const int winner = result == "1-0" ? 0 : 1;
      game->finish(Outcome::win(winner, termination == "timeout" ? "timeout" : "resignation"));
    } else if (result == "1/2-1/2") {
      game->finish(Outcome::draw("agreement"));
    }
  }
  return game;
}

}  // namespace banmen::fairy

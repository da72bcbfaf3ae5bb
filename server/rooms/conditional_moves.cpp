#include "rooms/conditional_moves.h"

#include <map>

#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
Error bad(std::string message) {
  return make_error(errc::bad_request, std::move(message));
}
}  // namespace

Result<ConditionalLines> ConditionalMoves::read(const Game& position, const json& lines) {
  if (!lines.is_array()) return bad("lines must be an array of lines");
  if (lines.size() > kMaxLines)
    return bad("at most " + std::to_string(kMaxLines) + " conditional lines");
  ConditionalLines out;
  std::size_t total = 0;
  // Each sequence of moves that ends with the opponent's gets one answer: the lines agree.
  std::map<ConditionalLine, std::string> answer_after;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const json& line = lines[i];
    const std::string name = "line " + std::to_string(i + 1);
    if (!line.is_array() || line.empty() || line.size() % 2 != 0 || line.size() > kMaxPlies)
      return bad(name + " must be their move and your answer, in pairs, at most " +
                 std::to_string(kMaxPlies) + " moves");
    total += line.size();
    if (total > kMaxTotalPlies)
      return bad("at most " + std::to_string(kMaxTotalPlies) + " moves in all the lines");
    auto game = position.clone();
    ConditionalLine written;
    for (std::size_t k = 0; k < line.size(); ++k) {
      if (!line[k].is_string() || line[k].get_ref<const std::string&>().empty() ||
          line[k].get_ref<const std::string&>().size() > kMaxMoveChars)
        return bad(name + ", move " + std::to_string(k + 1) + " must be a move's text");
      if (game->over()) return bad(name + " goes on after the game would be over");
      if (auto applied = game->apply(line[k].get_ref<const std::string&>()); !applied)
        return make_error(applied.error().code, name + ", move " + std::to_string(k + 1) + " (" +
                                                    line[k].get<std::string>() +
                                                    "): " + applied.error().message);
      written.push_back(game->notation(game->history_size() - 1, Viewer::referee));
      if (k % 2 == 1) {
        ConditionalLine before(written.begin(), written.end() - 1);
        auto [it, fresh] = answer_after.emplace(std::move(before), written.back());
        if (!fresh && it->second != written.back())
          return bad(name + " answers the same moves differently from an earlier line");
      }
    }
    out.push_back(std::move(written));
  }
  return out;
}

void ConditionalMoves::set(int player, std::size_t ply, ConditionalLines lines) {
  kept_[player] = Kept{std::move(lines), ply};
}

std::optional<std::string> ConditionalMoves::answer(int player, const std::string& move,
                                                    std::size_t ply) {
  Kept& kept = kept_[player];
  std::optional<std::string> reply;
  ConditionalLines rest;
  for (const auto& line : kept.lines) {
    if (line.size() < 2 || line[0] != move) continue;
    reply = line[1];  // read() made every line agree on it
    if (line.size() > 2) rest.emplace_back(line.begin() + 2, line.end());
  }
  kept = reply ? Kept{std::move(rest), ply + 1} : Kept{};
  return reply;
}

bool ConditionalMoves::answers(int player, const std::string& move) const {
  for (const auto& line : kept_[player].lines)
    if (line.size() >= 2 && line[0] == move) return true;
  return false;
}

}  // namespace banmen::server

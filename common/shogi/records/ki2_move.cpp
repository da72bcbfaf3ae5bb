// KI2 moves read back by writing every legal move the way japanese_move.cpp does and
// comparing: one home for the rules of 右/左/上/引/寄/直/打/成/不成.
#include <string>
#include <vector>

#include "shogi/movegen.h"
#include "shogi/records/japanese_move.h"
#include "shogi/records/kif_tree.h"

namespace banmen::shogi {

namespace {

// Spaces dropped and the synonyms other writers use brought to japanese_move_text's words;
// with `loose`, the origin words too.
std::string ki2_key(std::string_view text, bool loose) {
  struct Swap {
    std::string_view from, to;
  };
  static constexpr Swap kSwaps[] = {{"　", ""},     {" ", ""},      {"竜", "龍"},
                                    {"王", "玉"},   {"全", "成銀"}, {"圭", "成桂"},
                                    {"杏", "成香"}, {"行", "上"},   {"入", "上"}};
  static constexpr std::string_view kOrigin[] = {"右", "左", "上", "引", "寄", "直", "打"};
  std::string out;
  while (!text.empty()) {
    bool swapped = false;
    for (const auto& s : kSwaps) {
      if (text.starts_with(s.from)) {
        out += s.to;
        text.remove_prefix(s.from.size());
        swapped = true;
        break;
      }
    }
    if (swapped) continue;
    if (loose) {
      for (auto o : kOrigin) {
        if (text.starts_with(o)) {
          text.remove_prefix(o.size());
          swapped = true;
          break;
        }
      }
      if (swapped) continue;
    }
    out += text.front();
    text.remove_prefix(1);
  }
  return out;
}

}  // namespace

std::optional<Move> parse_ki2_move(const Position& pos, std::string_view text, Move prev) {
  Position scratch = pos;
  MoveList moves;
  generate_legal(scratch, moves);
  std::vector<std::string> written;
  written.reserve(moves.size());
  for (Move m : moves) written.push_back(japanese_move_text(pos, m, prev));
  for (bool loose : {false, true}) {
    const std::string key = ki2_key(text, loose);
    std::optional<Move> found;
    int count = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (ki2_key(written[i], loose) == key) {
        found = moves[i];
        ++count;
      }
    }
    if (count == 1) return found;
    if (count > 1) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace banmen::shogi

#include "protocol/variant_info.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "fairy/fen.h"

namespace banmen::server {

namespace {

// A board offset back to file and rank steps: leaps and ride steps are at most three
// squares either way in each direction (the guard cells' width), so the nearest row of
// the padded board gives the rank step.
std::pair<int, int> steps_of_offset(int offset) {
  const int w = fairy::board_width;
  int dy = (offset + (offset >= 0 ? w / 2 : -w / 2)) / w;
  return {offset - dy * w, dy};
}

const char* how_of(bool moves, bool captures) {
  return moves && captures ? "mc" : moves ? "m" : "c";
}

json piece_json(const fairy::PieceRules& p) {
  json leaps = json::array();
  for (const auto& leap : p.leaps[fairy::white]) {
    auto [dx, dy] = steps_of_offset(leap.offset);
    leaps.push_back(json::array({dx, dy, how_of(leap.moves, leap.captures)}));
  }
  json rides = json::array();
  for (const auto& ride : p.rides[fairy::white]) {
    auto [dx, dy] = steps_of_offset(ride.offset);
    rides.push_back(json::array({dx, dy, ride.max_steps, how_of(ride.moves, ride.captures)}));
  }
  return json{{"letter", std::string(1, p.letter)},
              {"name", p.name},
              {"pawn", p.pawn},
              {"royal", p.royal},
              {"leaps", std::move(leaps)},
              {"rides", std::move(rides)}};
}

// The types a pocket may hold, in the order a FEN's pocket writes them (the king's end of
// Fairy-Stockfish's order first): those in the start position's pockets and, where
// captures go to the hand, every piece of the start position but the royal one (a promoted
// piece as the type it promoted from, unless the definition drops it as it is).
std::string hand_letters(const fairy::Rules& r) {
  if (!r.hands()) return {};
  std::vector<bool> in(r.types.size(), false);
  std::string error;
  if (auto start = fairy::parse_fen(r, r.start_fen, error)) {
    for (int c : {fairy::white, fairy::black})
      for (std::size_t t = 0; t < r.types.size(); ++t)
        if (start->in_hand(c, static_cast<int>(t)) > 0) in[t] = true;
    if (r.captures_to_hand)
      for (int f = 0; f < r.files; ++f)
        for (int k = 0; k < r.ranks; ++k) {
          const int sq = fairy::square_of(f, k);
          const fairy::Cell cell = start->at(sq);
          if (!fairy::holds_piece_of(cell, fairy::white) &&
              !fairy::holds_piece_of(cell, fairy::black))
            continue;
          int type = fairy::cell_type(cell);
          if (!r.drop_loop && start->unpromoted(sq) >= 0) type = start->unpromoted(sq);
          if (!r.types[static_cast<std::size_t>(type)].royal)
            in[static_cast<std::size_t>(type)] = true;
        }
  }
  if (r.captures_to_hand && r.drop_loop) {
    // Promoted pieces go to the hand as they are.
    for (int c : {fairy::white, fairy::black})
      for (int t : r.promotion_types[c]) in[static_cast<std::size_t>(t)] = true;
    for (std::size_t t = 0; t < r.types.size(); ++t)
      if (const int to = r.promoted_type[t]; to >= 0 && in[t])
        in[static_cast<std::size_t>(to)] = true;
  }
  std::vector<int> order;
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (in[t]) order.push_back(static_cast<int>(t));
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return r.types[static_cast<std::size_t>(a)].pocket_order >
           r.types[static_cast<std::size_t>(b)].pocket_order;
  });
  std::string letters;
  for (int t : order) letters += r.types[static_cast<std::size_t>(t)].letter;
  return letters;
}

const char* walling_name(fairy::Walling w) {
  switch (w) {
    case fairy::Walling::arrow:
      return "arrow";
    case fairy::Walling::duck:
      return "duck";
    case fairy::Walling::edge:
      return "edge";
    case fairy::Walling::past:
      return "past";
    case fairy::Walling::static_squares:
      return "static";
    case fairy::Walling::none:
      break;
  }
  return "";
}

// The squares where `type` of `color` may stand (its mobility region), in board order.
std::vector<int> region_of(const fairy::Rules& r, int color, int type) {
  std::vector<int> squares;
  for (int k = 0; k < r.ranks; ++k)
    for (int f = 0; f < r.files; ++f)
      if (const int sq = fairy::square_of(f, k);
          r.may_stand[static_cast<std::size_t>(color)][static_cast<std::size_t>(sq)] >> type & 1u)
        squares.push_back(sq);
  return squares;
}

// The palaces: the royal piece's mobility regions of both colours, when smaller than the
// board.
std::vector<int> palace_squares(const fairy::Rules& r) {
  std::vector<int> palace;
  if (!r.mobility_regions || r.king < 0) return palace;
  for (int c : {fairy::white, fairy::black}) {
    const auto region = region_of(r, c, r.king);
    if (static_cast<int>(region.size()) < r.files * r.ranks)
      palace.insert(palace.end(), region.begin(), region.end());
  }
  return palace;
}

// A river: a piece confined to its own side's first n ranks (xiangqi's elephant, n = 5),
// White's below and Black's above the same line; 0 when none is.
int river_rank(const fairy::Rules& r) {
  if (!r.mobility_regions || r.ranks % 2) return 0;
  const int n = r.ranks / 2;
  for (std::size_t t = 0; t < r.types.size(); ++t) {
    const int type = static_cast<int>(t);
    if (static_cast<int>(t) == r.king) continue;
    bool river = true;
    for (int f = 0; f < r.files && river; ++f)
      for (int k = 0; k < r.ranks && river; ++k) {
        const auto sq = static_cast<std::size_t>(fairy::square_of(f, k));
        const bool white_may = r.may_stand[fairy::white][sq] >> type & 1u;
        const bool black_may = r.may_stand[fairy::black][sq] >> type & 1u;
        river = white_may == (k < n) && black_may == (k >= n);
      }
    if (river) return n;
  }
  return 0;
}

}  // namespace

json variant_info_json(const fairy::VariantRules& variant) {
  const fairy::Rules& r = variant.rules;
  json pieces = json::array();
  for (const auto& p : r.types) pieces.push_back(piece_json(p));
  std::string promotion;
  for (int t : r.promotion_types[fairy::white])
    promotion += r.types[static_cast<std::size_t>(t)].letter;
  // promotedPieceType: a promoted piece is written "+<its own letter>" in FEN, so a board
  // needs the pairs to draw what it became.
  json promoted = json::object();
  for (std::size_t t = 0; t < r.types.size(); ++t)
    if (const int to = r.promoted_type[t]; to >= 0)
      promoted[std::string(1, r.types[t].letter)] =
          std::string(1, r.types[static_cast<std::size_t>(to)].letter);
  json info{{"name", variant.id},         {"files", r.files},
            {"ranks", r.ranks},           {"start_fen", r.start_fen},
            {"chess960", r.chess960},     {"promotion_pieces", promotion},
            {"promoted_types", promoted}, {"pieces", std::move(pieces)}};
  // Facts for drawing the board, as the definition gave them (pychess-variants' boards read
  // Fairy-Stockfish's own): only when set.
  if (r.variant_template != "fairy") info["template"] = r.variant_template;
  if (r.piece_to_char_table != "-") info["piece_to_char_table"] = r.piece_to_char_table;
  // Hands, gates, walls and passes: what moves of these kinds look like (docs/protocol.md).
  if (r.hands()) info["hand"] = hand_letters(r);
  if (r.drops) info["drops"] = true;
  if (r.seirawan_gating) info["gating"] = true;
  if (r.walling != fairy::Walling::none) info["walling"] = walling_name(r.walling);
  if (r.pass[fairy::white] || r.pass[fairy::black]) info["pass"] = true;
  // The board's drawing, from the rules: palaces (the king's region) with a river, or
  // without one; shogi's plain squares; else a chessboard.
  const auto palace = palace_squares(r);
  const int river = river_rank(r);
  const char* style = !palace.empty() ? (river ? "xiangqi" : "janggi")
                      : r.variant_template == "shogi" || r.shogi_pawn_type >= 0 ? "shogi"
                                                                                : "chess";
  info["board_style"] = style;
  if (!palace.empty()) {
    json names = json::array();
    for (int sq : palace) names.push_back(fairy::square_name(sq));
    info["palace"] = std::move(names);
  }
  if (river) info["river"] = river;
  return info;
}

json variant_info_of(const Game& game) {
  if (const auto* fairy_game = dynamic_cast<const fairy::FairyGame*>(&game))
    return variant_info_json(fairy_game->variant());
  return nullptr;
}

}  // namespace banmen::server

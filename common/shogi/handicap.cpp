#include "shogi/handicap.h"

#include <array>

#include "shogi/sfen.h"

namespace banmen::shogi {

namespace {

// The removed pieces in the order CSA records customarily list them (rook, bishop, gold,
// silver, knight, lance), right-hand piece of each pair first.
constexpr std::array<Handicap, 9> kHandicaps = {{
    {"lance", "香落ち", "Lance", "11KY"},
    {"bishop", "角落ち", "Bishop", "22KA"},
    {"rook", "飛車落ち", "Rook", "82HI"},
    {"rook_lance", "飛香落ち", "Rook and lance", "82HI11KY"},
    {"two_pieces", "二枚落ち", "Two pieces", "82HI22KA"},
    {"four_pieces", "四枚落ち", "Four pieces", "82HI22KA11KY91KY"},
    {"six_pieces", "六枚落ち", "Six pieces", "82HI22KA21KE81KE11KY91KY"},
    {"eight_pieces", "八枚落ち", "Eight pieces", "82HI22KA31GI71GI21KE81KE11KY91KY"},
    {"ten_pieces", "十枚落ち", "Ten pieces", "82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY"},
}};

Position usual_start() {
  const Variant& v = shogi_variant();
  return parse_sfen(v, v.start_sfen).value();
}

}  // namespace

std::span<const Handicap> handicaps() {
  return kHandicaps;
}

const Handicap* find_handicap(std::string_view id) {
  for (const Handicap& h : kHandicaps)
    if (h.id == id) return &h;
  return nullptr;
}

const Handicap* find_handicap_by_kif_name(std::string_view kif_name) {
  for (const Handicap& h : kHandicaps)
    if (h.kif_name == kif_name) return &h;
  return nullptr;
}

Position handicap_position(const Handicap& h) {
  Position pos = usual_start();
  const Variant& v = pos.variant();
  for (std::size_t i = 0; i + 4 <= h.removed.size(); i += 4) {
    const char file = h.removed[i], rank = h.removed[i + 1];
    pos.put(v.parse_square(file, char('a' + rank - '1')), kEmpty);
  }
  pos.set_side(kWhite);
  return pos;
}

const Handicap* handicap_of(const Position& pos) {
  if (pos.variant().id != "shogi") return nullptr;
  for (const Handicap& h : kHandicaps) {
    Position start = handicap_position(h);
    start.set_move_number(pos.move_number());
    if (format_sfen(start) == format_sfen(pos)) return &h;
  }
  return nullptr;
}

Result<std::string> handicap_start_sfen(std::string_view game_id, std::string_view handicap) {
  if (game_id == "shogi" && (handicap.empty() || handicap == "even"))
    return std::string(shogi_variant().start_sfen);
  const Handicap* h = game_id == "shogi" ? find_handicap(handicap) : nullptr;
  if (!h) {
    std::string message = "unknown handicap '";
    message.append(handicap.substr(0, 32));
    message.append(game_id == "shogi" ? "'" : "': only shogi has handicaps");
    return make_error(kUnknownHandicap, std::move(message));
  }
  return format_sfen(handicap_position(*h));
}

}  // namespace banmen::shogi

// Why a move is not legal, in words that use only what the mover knows: its own pieces
// and hands, and which squares are empty, its own or the opponent's. The opponent's
// hidden types never enter, so the same bad move gets the same answer whatever they are.
#include "shogi/dogcat/dogcat_game.h"
#include "shogi/dogcat/dogcat_movegen.h"
#include "shogi/dogcat/dogcat_notation.h"

namespace banmen::shogi {

namespace {

Error illegal(std::string message) {
  return make_error(errc::illegal_move, std::move(message));
}

std::string type_word(PieceType t) {
  switch (t) {
    case kKing:
      return "king";
    case kRook:
      return "rook";
    case kBishop:
      return "bishop";
    case kGold:
      return "gold";
    default:
      return "silver";
  }
}

Error explain_drop(const DogcatPosition& pos, Move m) {
  const Variant& v = dogcat_variant();
  const Color us = pos.side_to_move();
  const PieceType t = drop_type(m);
  const Square to = move_to(m);
  if (is_hidden_drop(m)) {
    if (!pos.hidden_hand(us, t)) return illegal("you hold no hidden " + type_word(t));
  } else if (!pos.faceup_hand(us, t)) {
    return illegal("you hold no captured " + type_word(t) + " to drop face up");
  }
  if (pos.at(to) != kEmpty) return illegal(v.square_name(to) + " is not empty");
  if (is_hidden_drop(m) && !v.camp[us][to])
    return illegal(std::string("a hidden piece may be dropped only in your own camp (ranks ") +
                   (us == kBlack ? "d and e" : "a and b") + ")");
  return illegal(dogcat_move_text(m, us) + " is not a legal move here");
}

Error explain_board_move(const DogcatPosition& pos, Move m) {
  const Variant& v = dogcat_variant();
  const Color us = pos.side_to_move();
  const Square from = move_from(m), to = move_to(m);
  const Piece p = pos.at(from);
  if (p == kEmpty || color_of(p) != us)
    return illegal("no piece of yours on " + v.square_name(from));
  if (pos.at(to) != kEmpty && color_of(pos.at(to)) == us)
    return illegal(v.square_name(to) + " holds a piece of yours");
  // The piece is the mover's own, so its reach may be described.
  MoveList list;
  generate_dogcat_moves(pos, list);
  for (Move legal : list) {
    if (is_drop(legal) || move_from(legal) != from || move_to(legal) != to) continue;
    return illegal("the piece on " + v.square_name(from) + " cannot promote on this move");
  }
  return illegal("the piece on " + v.square_name(from) + " cannot move to " + v.square_name(to));
}

}  // namespace

Error DogcatGame::explain_illegal(std::string_view move) const {
  if (move.size() == 4 && move.starts_with("?*"))
    return make_error(errc::bad_move, "name the hidden piece you drop, for example ?R" +
                                          std::string(move.substr(1)));
  auto parsed = parse_dogcat_move(move);
  if (!parsed) return parsed.error();
  return is_drop(*parsed) ? explain_drop(pos_, *parsed) : explain_board_move(pos_, *parsed);
}

}  // namespace banmen::shogi

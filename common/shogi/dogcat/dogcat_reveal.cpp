#include "shogi/dogcat/dogcat_reveal.h"

#include "shogi/dogcat/dogcat_game.h"
#include "shogi/dogcat/dogcat_notation.h"
#include "shogi/pieces.h"
#include "shogi/variant.h"

namespace banmen::shogi {

namespace {

DogcatPlyReveal describe(const DogcatPosition& pos, std::size_t ply, std::string move) {
  const Variant& v = dogcat_variant();
  DogcatPlyReveal out;
  out.ply = ply;
  out.move = std::move(move);
  out.position = format_dogcat(pos, kSeeAll);
  for (Square s : v.squares) {
    const Piece p = pos.at(s);
    if (p == kEmpty || !pos.hidden(s)) continue;
    const Color owner = color_of(p);
    out.hidden.push_back(HiddenPieceReveal{int(owner), v.square_name(s),
                                           sfen_letter(unpromoted(type_of(p))), pos.candidate(s)});
    // The candidate mark is public: it is what the opponent can see of this piece.
    if (pos.candidate(s)) out.king_candidates_seen_by[1 - owner].push_back(v.square_name(s));
  }
  for (Color c : {kBlack, kWhite})
    for (PieceType t : kDogcatTypes)
      for (int n = 0; n < pos.hidden_hand(c, t); ++n)
        out.hidden.push_back(HiddenPieceReveal{int(c), "hand", sfen_letter(t), false});
  return out;
}

}  // namespace

Result<std::vector<DogcatPlyReveal>> reveal_dogcat_game(const Game& game) {
  const auto* dogcat = dynamic_cast<const DogcatGame*>(&game);
  if (!dogcat) return make_error(errc::unsupported, "only dog-cat shogi hides pieces");
  if (!game.over())
    return make_error(errc_dogcat::game_not_over,
                      "hidden pieces are shown only once the game is over");
  std::vector<DogcatPlyReveal> out;
  out.reserve(dogcat->moves().size() + 1);
  DogcatPosition pos = dogcat->start();
  out.push_back(describe(pos, 0, {}));
  for (std::size_t i = 0; i < dogcat->moves().size(); ++i) {
    pos.do_move(dogcat->moves()[i]);
    out.push_back(describe(pos, i + 1, game.notation(i, Viewer::referee)));
  }
  return out;
}

}  // namespace banmen::shogi

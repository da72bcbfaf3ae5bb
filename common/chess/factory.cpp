// Placeholder until the game is built: the registry answers "not implemented".
#include "chess/factory.h"

namespace banmen::chess {

static const GameInfo& chess_info() {
  static const GameInfo info{"chess", "Chess", {'w', 'b'}, {"white", "black"}, false, {"pgn"}};
  return info;
}

const GameFactory& chess_factory() {
  static const GameFactory f{chess_info, not_implemented_create, not_implemented_import};
  return f;
}

}  // namespace banmen::chess

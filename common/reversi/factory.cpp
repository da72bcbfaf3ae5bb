// Placeholder until the game is built: the registry answers "not implemented".
#include "reversi/factory.h"

namespace banmen::reversi {

static const GameInfo& reversi_info() {
  static const GameInfo info{"reversi",          "Reversi", {'X', 'O'},
                             {"black", "white"}, false,     {"transcript"}};
  return info;
}

const GameFactory& reversi_factory() {
  static const GameFactory f{reversi_info, not_implemented_create, not_implemented_import};
  return f;
}

}  // namespace banmen::reversi

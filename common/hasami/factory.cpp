// Placeholder until the game is built: the registry answers "not implemented".
#include "hasami/factory.h"

namespace banmen::hasami {

static const GameInfo& hasami_info() {
  static const GameInfo info{"hasami",           "Hasami shogi", {'b', 'w'},
                             {"black", "white"}, false,          {"transcript"}};
  return info;
}

const GameFactory& hasami_factory() {
  static const GameFactory f{hasami_info, not_implemented_create, not_implemented_import};
  return f;
}

}  // namespace banmen::hasami

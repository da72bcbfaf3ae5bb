// Placeholder until the game is built: the registry answers "not implemented".
#include "shogi/factory.h"

namespace banmen::shogi {

static const GameInfo& shogi_info() {
  static const GameInfo info{"shogi",           "Shogi", {'b', 'w'},
                             {"sente", "gote"}, false,   {"kif", "csa", "sfen"}};
  return info;
}

const GameFactory& shogi_factory() {
  static const GameFactory f{shogi_info, not_implemented_create, not_implemented_import};
  return f;
}

static const GameInfo& minishogi_info() {
  static const GameInfo info{"minishogi",       "Minishogi", {'b', 'w'},
                             {"sente", "gote"}, false,       {"kif", "csa", "sfen"}};
  return info;
}

const GameFactory& minishogi_factory() {
  static const GameFactory f{minishogi_info, not_implemented_create, not_implemented_import};
  return f;
}

static const GameInfo& dogcat_info() {
  static const GameInfo info{"dogcat", "Dog-cat shogi", {'b', 'w'}, {"dog", "cat"},
                             true,     {"record"}};
  return info;
}

const GameFactory& dogcat_factory() {
  static const GameFactory f{dogcat_info, not_implemented_create, not_implemented_import};
  return f;
}

}  // namespace banmen::shogi

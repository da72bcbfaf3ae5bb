// What each game folder hands the registry (games/registry.h): how to describe, start and
// import its game. Here in core/ so a game folder depends on the core only, never on the
// folder that knows every game.
#pragma once

#include <string_view>

#include "core/game.h"

namespace banmen {

// What each game folder provides (see <game>/factory.h).
struct GameFactory {
  const GameInfo& (*info)();
  // The start position when `position` is empty; errors: bad_position, not_implemented.
  Result<GamePtr> (*create)(std::string_view position);
  // A game rebuilt from a record in one of info().record_formats; errors: bad_record,
  // unsupported, not_implemented.
  Result<GamePtr> (*import_record)(std::string_view format, std::string_view text);
};

}  // namespace banmen

// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/game_factory.h"

namespace banmen::chess {

const GameFactory& chess_factory();

}  // namespace banmen::chess

// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/game_factory.h"

namespace banmen::reversi {

const GameFactory& reversi_factory();

}  // namespace banmen::reversi

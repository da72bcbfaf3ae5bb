// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/game_factory.h"

namespace banmen::hasami {

const GameFactory& hasami_factory();

}  // namespace banmen::hasami

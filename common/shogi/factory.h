// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/game_factory.h"

namespace banmen::shogi {

const GameFactory& shogi_factory();
const GameFactory& minishogi_factory();
const GameFactory& dogcat_factory();

}  // namespace banmen::shogi

// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/registry.h"

namespace banmen::shogi {

const GameFactory& shogi_factory();
const GameFactory& minishogi_factory();
const GameFactory& dogcat_factory();

}  // namespace banmen::shogi

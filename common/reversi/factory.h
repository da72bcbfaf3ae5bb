// The games this folder provides, for the registry (games/registry.cpp).
#pragma once

#include "core/registry.h"

namespace banmen::reversi {

const GameFactory& reversi_factory();

}  // namespace banmen::reversi

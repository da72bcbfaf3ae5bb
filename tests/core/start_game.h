// A new game of a registered id at its start position, for the core tests.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "games/registry.h"

namespace banmen::test {

inline GamePtr start(std::string_view id) {
  auto g = create_game(id);
  EXPECT_TRUE(g.ok()) << id;
  return std::move(*g);
}

}  // namespace banmen::test

#include "options.h"

#include <gtest/gtest.h>

namespace banmen::load {
namespace {

Options valid() {
  Options o;
  o.port = 9000;
  return o;
}

TEST(LoadOptions, OnlyLoopbackIsAllowed) {
  EXPECT_TRUE(is_allowed_host("127.0.0.1"));
  for (const char* host :
       {"0.0.0.0", "10.0.0.1", "localhost", "::1", "127.0.0.2", "example.com", "127.0.0.1 ", ""}) {
    Options o = valid();
    o.host = host;
    EXPECT_NE(check_options(o), "") << host;
  }
}

TEST(LoadOptions, RoomsAreCutToTheConnectionBudget) {
  Options o = valid();
  o.rooms = 5000;
  o.spectators = 2;
  o.max_connections = 1000;
  EXPECT_EQ(check_options(o), "");
  EXPECT_EQ(o.rooms, 250);
}

TEST(LoadOptions, RefusesOutOfRangeValues) {
  auto refused = [](void (*change)(Options&)) {
    Options o = valid();
    change(o);
    return !check_options(o).empty();
  };
  EXPECT_TRUE(refused([](Options& o) { o.port = 0; }));
  EXPECT_TRUE(refused([](Options& o) { o.rooms = 0; }));
  EXPECT_TRUE(refused([](Options& o) { o.pace = -1; }));
  EXPECT_TRUE(refused([](Options& o) { o.duration_s = 4000; }));
  EXPECT_TRUE(refused([](Options& o) { o.threads = 3; }));
  EXPECT_TRUE(refused([](Options& o) { o.max_connections = 3, o.spectators = 5; }));
  EXPECT_TRUE(refused([](Options& o) { o.path = "ws"; }));
  EXPECT_FALSE(refused([](Options&) {}));
}

}  // namespace
}  // namespace banmen::load

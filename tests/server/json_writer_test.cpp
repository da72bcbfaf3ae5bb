// JsonWriter (the move event's direct writer) produces what a JSON parser reads back as the
// values written, escapes included.
#include "util/json_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

// `json` declared as protocol/messages.h declares it, in the same namespace: a unity file
// may hold both (a using-declaration in the anonymous namespace would be shadowed).
namespace banmen::server {
using json = nlohmann::json;

namespace {

TEST(JsonWriter, EveryKindOfFieldReadsBack) {
  JsonWriter inner;
  inner.field("kind", "fischer").null_field("running");
  JsonWriter w;
  w.field("type", "move")
      .field("ply", std::int64_t{9007199254740993})
      .field("seat", -1)
      .field("in_check", true)
      .field("over", false)
      .field("legal_moves", std::vector<std::string>{"7g7f", "P*5e", "e7e8q"})
      .field("none", std::vector<std::string>{})
      .field("remaining_ms", 300000, -5)
      .raw_field("clock", std::move(inner).done());
  const auto j = json::parse(std::move(w).done());
  EXPECT_EQ(j["type"], "move");
  EXPECT_EQ(j["ply"].get<std::int64_t>(), 9007199254740993);
  EXPECT_EQ(j["seat"], -1);
  EXPECT_EQ(j["in_check"], true);
  EXPECT_EQ(j["over"], false);
  EXPECT_EQ(j["legal_moves"], json({"7g7f", "P*5e", "e7e8q"}));
  EXPECT_TRUE(j["none"].is_array() && j["none"].empty());
  EXPECT_EQ(j["remaining_ms"], json({300000, -5}));
  EXPECT_EQ(j["clock"]["kind"], "fischer");
  EXPECT_TRUE(j["clock"]["running"].is_null());
}

TEST(JsonWriter, StringsAreEscapedAsJsonRequires) {
  const std::string tricky = "quote\" backslash\\ newline\n tab\t bell\x07 nul" +
                             std::string(1, '\0') + " kanji ☗７六歩 end";
  JsonWriter w;
  w.field(tricky, tricky);
  const auto text = std::move(w).done();
  EXPECT_EQ(text.find('\n'), std::string::npos) << "a raw control character was written";
  const auto j = json::parse(text);
  ASSERT_TRUE(j.contains(tricky));
  EXPECT_EQ(j[tricky], tricky);
}

TEST(JsonWriter, AnEmptyObjectIsValid) {
  EXPECT_EQ(JsonWriter().done(), "{}");
}

}  // namespace
}  // namespace banmen::server

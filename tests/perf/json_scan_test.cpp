#include "json_scan.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

namespace banmen::load {
namespace {

TEST(JsonScan, FindsTopLevelValuesAsRawText) {
  const std::string_view t =
      R"({"type":"move","ply":12,"clock":{"ply":99},"legal_moves":["a","b"],"x":null})";
  EXPECT_EQ(top_level_value(t, "type"), R"("move")");
  EXPECT_EQ(top_level_value(t, "ply"), "12");
  EXPECT_EQ(top_level_value(t, "clock"), R"({"ply":99})");
  EXPECT_EQ(top_level_value(t, "legal_moves"), R"(["a","b"])");
  EXPECT_EQ(top_level_value(t, "x"), "null");
  EXPECT_EQ(top_level_value(t, "missing"), std::nullopt);
}

TEST(JsonScan, IgnoresKeysInsideNestedValuesAndStrings) {
  const std::string_view t = R"( { "a" : { "seat" : 1 } , "b" : "\"seat\":2" , "seat" : 0 } )";
  EXPECT_EQ(top_level_value(t, "seat"), "0");
}

TEST(JsonScan, MalformedTextIsNotFound) {
  EXPECT_EQ(top_level_value(R"({"a":1,"b":)", "b"), std::nullopt);
  EXPECT_EQ(top_level_value(R"({"a":"unterminated,"b":2})", "b"), std::nullopt);
  EXPECT_EQ(top_level_value(R"({"a":[1,2,"b":2})", "b"), std::nullopt);
  EXPECT_EQ(top_level_value(R"(["b",2])", "b"), std::nullopt);
  EXPECT_EQ(top_level_value("", "b"), std::nullopt);
  EXPECT_EQ(top_level_value(std::string(200, '['), "b"), std::nullopt);
}

TEST(JsonScan, Integers) {
  EXPECT_EQ(scan_integer(std::string_view("42"), -1), 42);
  EXPECT_EQ(scan_integer(std::string_view("-3"), 0), -3);
  EXPECT_EQ(scan_integer(std::string_view("4.5"), -1), -1);
  EXPECT_EQ(scan_integer(std::string_view("\"4\""), -1), -1);
  EXPECT_EQ(scan_integer(std::nullopt, 7), 7);
}

TEST(JsonScan, StringsAndStringArrays) {
  EXPECT_EQ(scan_plain_string(std::string_view(R"("e2e4")")), "e2e4");
  EXPECT_EQ(scan_plain_string(std::string_view(R"("a\"b")")), std::nullopt);
  EXPECT_EQ(scan_plain_string(std::string_view("12")), std::nullopt);
  std::vector<std::string> out{"stale"};
  EXPECT_TRUE(scan_string_array(std::string_view(R"([ "7g7f" , "P*5e" ])"), out));
  EXPECT_EQ(out, (std::vector<std::string>{"7g7f", "P*5e"}));
  EXPECT_TRUE(scan_string_array(std::string_view("[ ]"), out));
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(scan_string_array(std::string_view(R"(["a",])"), out));
  EXPECT_FALSE(scan_string_array(std::string_view(R"(["a",1])"), out));
  EXPECT_FALSE(scan_string_array(std::string_view(R"("a")"), out));
  EXPECT_TRUE(out.empty());
}

// Against nlohmann's parser: every top-level value of random documents is found, and
// re-parsing the raw text gives the same value.
TEST(JsonScan, AgreesWithAFullParserOnRandomDocuments) {
  using nlohmann::json;
  std::mt19937 rng(7);
  auto random_value = [&](auto& self, int depth) -> json {
    switch (std::uniform_int_distribution<int>(0, depth > 3 ? 3 : 5)(rng)) {
      case 0:
        return std::uniform_int_distribution<int>(-1000, 1000)(rng);
      case 1: {
        std::string s = "s\"\\,:{}[]";
        s += std::to_string(rng() % 100);
        return s;
      }
      case 2:
        return nullptr;
      case 3:
        return rng() % 2 == 0;
      case 4: {
        json a = json::array();
        for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i)
          a.push_back(self(self, depth + 1));
        return a;
      }
      default: {
        json o = json::object();
        for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i)
          o[std::to_string(i)] = self(self, depth + 1);
        return o;
      }
    }
  };
  for (int round = 0; round < 300; ++round) {
    json doc = json::object();
    for (const char* key : {"type", "ply", "seat", "legal_moves", "clock", "x"})
      doc[key] = random_value(random_value, 0);
    const std::string text = doc.dump(round % 2 == 0 ? -1 : 1);
    for (const auto& [key, value] : doc.items()) {
      const auto raw = top_level_value(text, key);
      ASSERT_TRUE(raw.has_value()) << text << " " << key;
      EXPECT_EQ(json::parse(*raw), value) << text << " " << key;
    }
  }
}

}  // namespace
}  // namespace banmen::load

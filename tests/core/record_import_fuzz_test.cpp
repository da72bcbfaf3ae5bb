// The importer against broken input: mutated records of every format are read or refused
// as bad_record naming a line of the text, never a hang or a crash (a stray "}" once made
// the PGN reader loop forever; this test found it).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "games/record_import.h"
#include "games/review_record.h"
#include "record_import_util.h"
#include "start_game.h"

namespace banmen {
namespace {

// Mutated records (bytes changed, cut, lines doubled or dropped, brackets and marks put in)
// of every format: each is read or refused as bad_record, naming a line of the text.
TEST(RecordImportFuzz, MutatedRecordsAreReadOrRefusedCleanly) {
  std::mt19937 rng(2038);
  std::vector<std::string> seeds;
  for (std::string_view id :
       {"shogi", "minishogi", "chess", "crazyhouse", "xiangqi", "reversi", "hasami", "dogcat"}) {
    auto root = test::start(id);
    const VariationTree tree = test::random_review_tree(*root, rng, 3, 8);
    seeds.push_back(review_record(tree, RecordInfo{}).text);
    GamePtr game = test::random_game(*root, rng, 20);
    for (auto format : root->info().record_formats) {
      if (auto text = game->export_record(format, Viewer::referee, RecordInfo{}))
        seeds.push_back(*text);
    }
  }
  seeds.push_back("▲７六歩 △３四歩 ▲２二角成 △同　銀\n変化：2手\n△８四歩\n");
  const std::string_view inserts[] = {
      "(", ")", "{", "}", "変化：1手\n",          "同",  "\n", "[", "\"",
      "▲", "$", ";", "+", "99999999999999999999", "\xE3"};
  int refused = 0, read = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = seeds[rng() % seeds.size()];
    const int edits = 1 + int(rng() % 4);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const std::size_t at = rng() % text.size();
      switch (rng() % 5) {
        case 0:
          text[at] = char(rng() % 256);
          break;
        case 1:
          text.erase(at, 1 + rng() % 16);
          break;
        case 2:
          text.insert(at, inserts[rng() % std::size(inserts)]);
          break;
        case 3: {
          const auto start = text.rfind('\n', at);
          const auto line_start = start == std::string::npos ? 0 : start + 1;
          const auto end = text.find('\n', at);
          text.insert(line_start,
                      text.substr(line_start, end == std::string::npos ? std::string::npos
                                                                       : end - line_start + 1));
          break;
        }
        default:
          text.resize(at);
      }
    }
    const std::size_t lines = 1 + std::size_t(std::count(text.begin(), text.end(), '\n'));
    auto r = import_record_tree(text, "auto", i % 2 ? "shogi" : "chess");
    if (r) {
      ++read;
      continue;
    }
    ++refused;
    ASSERT_EQ(r.error().code, errc::bad_record) << r.error().message << "\n" << text;
    EXPECT_LE(import_error_of(r.error()).line, lines) << r.error().message << "\n" << text;
  }
  EXPECT_GT(refused, 5000);
  EXPECT_GT(read, 300);
}

}  // namespace
}  // namespace banmen

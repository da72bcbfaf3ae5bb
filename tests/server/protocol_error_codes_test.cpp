// The server's error codes and docs/protocol.md's table of them name the same codes, in
// the same order: a code added on one side only fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/error_codes.h"

namespace {

// The codes in the first column of the table under "### error", in order ("`a` / `b`"
// names two).
std::vector<std::string> documented_codes() {
  std::ifstream in(std::string(BANMEN_SOURCE_DIR) + "/docs/protocol.md");
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const auto section = text.find("### error");
  const auto table = text.find("| code | meaning |", section);
  const auto end = text.find("\n\n", table);
  std::vector<std::string> codes;
  if (section == std::string::npos || table == std::string::npos) return codes;
  std::istringstream rows(text.substr(table, end - table));
  std::string row;
  while (std::getline(rows, row)) {
    if (!row.starts_with("| `")) continue;
    const auto cell = row.substr(0, row.find('|', 1));
    // Every `code` in the cell (no <regex>: GCC 12 warns inside it under the sanitizers).
    for (auto open = cell.find('`'); open != std::string::npos;) {
      const auto close = cell.find('`', open + 1);
      if (close == std::string::npos) break;
      const auto word = cell.substr(open + 1, close - open - 1);
      const bool is_code = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") ==
                                                std::string::npos;
      if (is_code) codes.push_back(word);
      open = cell.find('`', is_code ? close + 1 : open + 1);
    }
  }
  return codes;
}

TEST(ProtocolErrorCodes, HeaderAndDocumentNameTheSameCodes) {
  const auto documented = documented_codes();
  ASSERT_FALSE(documented.empty()) << "docs/protocol.md's error table was not found";
  std::vector<std::string> declared(banmen::errc::kProtocolCodes.begin(),
                                    banmen::errc::kProtocolCodes.end());
  EXPECT_EQ(declared, documented);
}

TEST(ProtocolErrorCodes, EveryNameIsItsOwnCode) {
  // A constant whose text differs from its name would be a second, silent spelling.
  EXPECT_STREQ(banmen::errc::not_your_turn, "not_your_turn");
  EXPECT_STREQ(banmen::errc::storage_error, "storage_error");
  for (auto a = banmen::errc::kProtocolCodes.begin(); a != banmen::errc::kProtocolCodes.end(); ++a)
    for (auto b = a + 1; b != banmen::errc::kProtocolCodes.end(); ++b) EXPECT_NE(*a, *b);
}

}  // namespace

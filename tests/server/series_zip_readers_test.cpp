// The series zip read by independent readers: Debian's unzip (Info-ZIP) tests every
// entry's CRC-32, and Python's zipfile lists the entries and gives back their bytes,
// which must be each game's record as the single-game route serves it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "exports/export_route.h"
#include "exports/series_download.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "series_test_room.h"
#include "storage/memory_store.h"

namespace banmen::server {
namespace {

// The command's standard output and its exit status.
std::pair<std::string, int> run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {out, -1};
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  return {out, pclose(pipe)};
}

class SeriesZipReaders : public ::testing::Test {
 protected:
  void SetUp() override {
    games_ = store_series_test_room(store_, "s");
    auto reply = export_route(store_, {"/api/rooms/s/records.zip", "", "example.org"});
    ASSERT_EQ(reply.status, 200u) << reply.body;
    path_ = std::filesystem::temp_directory_path() /
            ("banmen-series-" + std::to_string(getpid()) + ".zip");
    std::ofstream(path_, std::ios::binary) << reply.body;
  }
  void TearDown() override { std::filesystem::remove(path_); }

  MemoryStore store_;
  std::vector<SeriesTestGame> games_;
  std::filesystem::path path_;
};

TEST_F(SeriesZipReaders, UnzipTestsEveryEntry) {
  auto [out, status] = run(std::string(BANMEN_UNZIP) + " -t " + path_.string());
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("No errors detected"), std::string::npos) << out;
  for (const auto& g : games_)
    EXPECT_EQ(out.find("game-00" + std::to_string(g.game_no) + "-") != std::string::npos,
              g.finished)
        << out;
}

TEST_F(SeriesZipReaders, PythonsZipfileReadsBackEachRecord) {
  const std::string script =
      "import json, sys, zipfile\n"
      "z = zipfile.ZipFile(sys.argv[1])\n"
      "assert z.testzip() is None\n"
      "enc = lambda n: 'cp932' if n.endswith('.kif') else 'utf-8'\n"
      "print(json.dumps({i.filename: [z.read(i).decode(enc(i.filename)), i.compress_type]"
      " for i in z.infolist()}))\n";
  auto [out, status] =
      run(std::string(BANMEN_PYTHON3) + " -c \"" + script + "\" " + path_.string());
  ASSERT_EQ(status, 0) << out;
  auto entries = nlohmann::json::parse(out, nullptr, false);
  ASSERT_TRUE(entries.is_object()) << out;
  std::size_t finished = 0;
  for (const auto& g : games_) {
    if (!g.finished) continue;
    ++finished;
    const std::string format(record_formats_of(g.game).front());
    const std::string ext = format == "kif" ? "kifu" : format == "transcript" ? "txt" : format;
    const std::string name = series_entry_name(g.game_no, g.game, ext);
    ASSERT_TRUE(entries.contains(name)) << name << "\n" << out;
    auto one = export_route(
        store_, {"/api/rooms/s/games/" + std::to_string(g.game_no) + "/record?format=" + format, "",
                 "example.org"});
    EXPECT_EQ(entries[name][0], one.body) << name;
    EXPECT_EQ(entries[name][1], 0) << "stored, not compressed";
    if (format != "kif") continue;
    // Beside it the Shift_JIS .kif, which Python's CP932 decodes to the same record (its
    // encoding line naming Shift_JIS).
    ++finished;
    const std::string sjis = series_entry_name(g.game_no, g.game, "kif");
    ASSERT_TRUE(entries.contains(sjis)) << sjis << "\n" << out;
    const std::string utf8_line = "encoding=UTF-8\n";
    std::string expected = one.body;
    ASSERT_NE(expected.find(utf8_line), std::string::npos) << expected;
    expected.replace(expected.find(utf8_line), utf8_line.size(), "encoding=Shift_JIS\n");
    EXPECT_EQ(entries[sjis][0], expected) << sjis;
  }
  EXPECT_EQ(entries.size(), finished);
}

}  // namespace
}  // namespace banmen::server

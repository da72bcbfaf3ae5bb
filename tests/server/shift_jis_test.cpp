// The Shift_JIS KIF download: the bytes decode back (by the C library's own CP932 table) to
// exactly the UTF-8 KIF (its encoding line naming Shift_JIS), characters CP932 lacks are replaced
// rather than failing, and the record route serves it as a .kif with its charset, for KIF only.
#include <gtest/gtest.h>
#include <iconv.h>

#include <string>

#include "exports/export_request.h"
#include "exports/export_route.h"
#include "exports/series_download.h"
#include "exports/shift_jis.h"
#include "series_test_room.h"
#include "storage/memory_store.h"

namespace banmen::server {
namespace {

// CP932 bytes back to UTF-8; "<invalid>" when iconv refuses them.
std::string cp932_to_utf8(const std::string& bytes) {
  iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == reinterpret_cast<iconv_t>(-1)) return "<no CP932>";
  std::string out(bytes.size() * 3 + 16, '\0');
  char* src = const_cast<char*>(bytes.data());
  std::size_t src_left = bytes.size();
  char* dst = out.data();
  std::size_t dst_left = out.size();
  const std::size_t r = iconv(cd, &src, &src_left, &dst, &dst_left);
  iconv_close(cd);
  if (r == static_cast<std::size_t>(-1)) return "<invalid>";
  out.resize(out.size() - dst_left);
  return out;
}

TEST(ShiftJis, JapaneseTextConvertsExactlyAndDecodesBack) {
  const std::string kif =
      "手合割：平手\n先手：名人\n後手：竜王\n手数----指手---------消費時間--\n"
      "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 同　角成(88)\n   3 ５五玉打\n";
  const std::string sjis = utf8_to_shift_jis(kif);
  EXPECT_NE(sjis, kif);
  EXPECT_EQ(sjis.substr(0, 6), "\x8e\xe8\x8d\x87\x8a\x84");  // 手合割 in Shift_JIS
  EXPECT_EQ(cp932_to_utf8(sjis), kif);
  EXPECT_EQ(utf8_to_shift_jis("plain ASCII\r\n"), "plain ASCII\r\n");
  // A KIF's encoding line names the encoding it is now in; the rest is the same text.
  EXPECT_EQ(cp932_to_utf8(kif_to_shift_jis("#KIF version=2.0 encoding=UTF-8\n" + kif)),
            "#KIF version=2.0 encoding=Shift_JIS\n" + kif);
  EXPECT_EQ(cp932_to_utf8(kif_to_shift_jis(kif)), kif);
  EXPECT_EQ(kif_to_shift_jis("先手：a\n# encoding=UTF-8\n"),
            utf8_to_shift_jis("先手：a\n# encoding=UTF-8\n"));
  EXPECT_EQ(utf8_to_shift_jis(""), "");
}

TEST(ShiftJis, WhatCp932CannotHoldIsReplacedNeverFails) {
  // A name in a script CP932 lacks, an emoji, a cut and an invalid sequence: one '?' each.
  EXPECT_EQ(cp932_to_utf8(utf8_to_shift_jis("先手：Zoë 😀")), "先手：Zo? ?");
  const std::string broken = std::string("a\xff") + "b\xe6\x89";  // a stray byte, a cut end
  EXPECT_EQ(cp932_to_utf8(utf8_to_shift_jis(broken)), "a?b?");
  // Characters other systems write where CP932 has a neighbour: that neighbour.
  EXPECT_EQ(cp932_to_utf8(utf8_to_shift_jis("1\u301C2 \u2212")), "1\uFF5E2 \uFF0D");
  // Long text past the converter's buffer, with a replacement in the middle.
  std::string long_text;
  for (int i = 0; i < 3000; ++i) long_text += "歩";
  const std::string sjis = utf8_to_shift_jis(long_text + "😀" + long_text);
  EXPECT_EQ(sjis.size(), 2u * 6000 + 1);
  EXPECT_EQ(cp932_to_utf8(sjis), long_text + "?" + long_text);
}

class ShiftJisRoute : public ::testing::Test {
 protected:
  ExportReply get(const std::string& target) {
    return export_route(store_, {target, "", "example.org"});
  }
  MemoryStore store_;
};

TEST_F(ShiftJisRoute, TheKifComesAsShiftJisWithItsCharsetAndExtension) {
  const auto games = store_series_test_room(store_, "s");
  ASSERT_EQ(games.at(1).game, "shogi");
  ASSERT_TRUE(games.at(1).finished);
  const auto utf8 = get("/api/rooms/s/games/2/record?format=kif");
  const auto sjis = get("/api/rooms/s/games/2/record?format=kif&charset=shift_jis");
  ASSERT_EQ(utf8.status, 200u) << utf8.body;
  ASSERT_EQ(sjis.status, 200u) << sjis.body;
  EXPECT_EQ(sjis.content_type, "text/plain; charset=Shift_JIS");
  EXPECT_EQ(sjis.content_disposition, "attachment; filename=\"banmen-s-2.kif\"");
  EXPECT_EQ(utf8.content_disposition, "attachment; filename=\"banmen-s-2.kifu\"");
  EXPECT_NE(sjis.body, utf8.body);
  const std::string utf8_line = "#KIF version=2.0 encoding=UTF-8\n";
  ASSERT_EQ(utf8.body.rfind(utf8_line, 0), 0u) << utf8.body;
  EXPECT_EQ(cp932_to_utf8(sjis.body),
            "#KIF version=2.0 encoding=Shift_JIS\n" + utf8.body.substr(utf8_line.size()));
  EXPECT_TRUE(sjis.cacheable);
  // utf-8 asked for by name is the plain record.
  EXPECT_EQ(get("/api/rooms/s/games/2/record?format=kif&charset=utf-8").body, utf8.body);
  // The cache tells the two apart.
  EXPECT_NE(export_cache_key({"/api/rooms/s/games/2/record?format=kif&charset=shift_jis", "", "h"}),
            export_cache_key({"/api/rooms/s/games/2/record?format=kif", "", "h"}));
}

TEST_F(ShiftJisRoute, OnlyKifAndOnlyKnownCharsets) {
  store_series_test_room(store_, "s");
  EXPECT_EQ(get("/api/rooms/s/games/2/record?format=csa&charset=shift_jis").status, 400u);
  EXPECT_EQ(get("/api/rooms/s/games/1/record?format=pgn&charset=shift_jis").status, 400u);
  EXPECT_EQ(get("/api/rooms/s/games/2/record?format=kif&charset=latin1").status, 400u);
  EXPECT_EQ(get("/api/rooms/s/games/2/record?format=kif&charset=").status, 400u);
}

TEST_F(ShiftJisRoute, TheSeriesZipHoldsTheShiftJisKifBesideTheUtf8One) {
  store_series_test_room(store_, "s");
  const auto zip = get("/api/rooms/s/records.zip");
  ASSERT_EQ(zip.status, 200u);
  const auto sjis = get("/api/rooms/s/games/2/record?format=kif&charset=shift_jis");
  const std::string name = series_entry_name(2, "shogi", "kif");
  EXPECT_NE(zip.body.find(name + sjis.body), std::string::npos);
  EXPECT_NE(zip.body.find(series_entry_name(2, "shogi", "kifu")), std::string::npos);
}

}  // namespace
}  // namespace banmen::server

// Free text in records: a player's name can never forge a line of any record format, and the
// characters that hide what text says never reach a record. Checked for every game and every
// format it exports, through the rules core's own seam.
#include <gtest/gtest.h>

#include <string>

#include "core/record_text.h"
#include "core/unicode_text.h"
#include "games/registry.h"

namespace banmen {
namespace {

// A name built to forge a CSA opponent, move and resignation, and a KIF line, with a bidi
// override, a zero-width space, NUL, ESC, a C1 control and a line separator among them.
const std::string kHostile = std::string("Al\nN-Mallory\n+7776FU\n%TORYO\r\n") +
                             "\xE2\x80\xAE"
                             "evil"
                             "\xE2\x80\x8B" +
                             std::string(1, '\0') +
                             "\x1B[31m"
                             "\xC2\x85"
                             "x"
                             "\xE2\x80\xA8"
                             "y";

TEST(UnicodeText, ClassifiesControlAndInvisibleCharacters) {
  for (char32_t cp : {0x00u, 0x0Au, 0x1Bu, 0x7Fu, 0x85u, 0x9Fu, 0x2028u, 0x2029u})
    EXPECT_TRUE(is_control_char(cp)) << std::hex << static_cast<unsigned>(cp);
  for (char32_t cp : {0x061Cu, 0x200Bu, 0x200Du, 0x200Eu, 0x202Eu, 0x2066u, 0x2069u, 0xFEFFu})
    EXPECT_TRUE(is_invisible_format_char(cp)) << std::hex << static_cast<unsigned>(cp);
  for (char32_t cp : {0x20u, 0x41u, 0xA0u, 0x3042u, 0x1F600u}) {
    EXPECT_FALSE(is_control_char(cp)) << std::hex << static_cast<unsigned>(cp);
    EXPECT_FALSE(is_invisible_format_char(cp)) << std::hex << static_cast<unsigned>(cp);
  }
}

TEST(UnicodeText, PlainTextKeepsNamesPeopleUse) {
  for (std::string ok : {"Alice", "羽生 善治", "Zoë", "😀 fan", "O'Brien-Smith"}) {
    EXPECT_TRUE(is_plain_text(ok)) << ok;
    EXPECT_EQ(plain_text(ok, 200), ok);
  }
  EXPECT_FALSE(is_plain_text(kHostile));
  EXPECT_FALSE(is_plain_text("\xC0\xAF"));      // overlong '/'
  EXPECT_FALSE(is_plain_text("\xED\xA0\x80"));  // a surrogate
  EXPECT_FALSE(is_plain_text("\xE3\x81"));      // cut short
}

TEST(UnicodeText, PlainTextCutsOnACharacterBoundary) {
  EXPECT_EQ(plain_text("あいう", 7), "あい");  // three bytes each
  EXPECT_EQ(plain_text("a\nb", 200), "a b");
  EXPECT_EQ(plain_text("a\xE2\x80\x8B"
                       "b",
                       200),
            "ab");
}

TEST(RecordField, NoRecordOfAnyGameCarriesAForgedLineOrAHiddenCharacter) {
  int checked = 0;
  for (auto id : game_ids()) {
    auto game = create_game(id);
    ASSERT_TRUE(game) << id;
    auto& g = **game;
    auto first = g.legal_moves().front();
    ASSERT_TRUE(g.apply(first)) << id;
    RecordInfo info;
    info.players[0] = kHostile;
    info.players[1] = "Bob";
    info.event = kHostile;
    info.site = kHostile;
    info.time_control = kHostile;
    for (auto format : g.info().record_formats) {
      SCOPED_TRACE(std::string(id) + " " + std::string(format));
      auto text = g.export_record(format, Viewer::referee, info);
      ASSERT_TRUE(text) << text.error().message;
      // Only whole lines may start with these; a forged one would.
      EXPECT_EQ(text->find("\nN-Mallory"), std::string::npos) << *text;
      EXPECT_EQ(text->find("\n+7776FU"), std::string::npos) << *text;
      EXPECT_EQ(text->find("\n%TORYO"), std::string::npos) << *text;
      for (char c : *text)
        EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\r' && c != '\t')
            << "control byte " << int(c);
      for (const char* hidden : {"\xE2\x80\xAE", "\xE2\x80\x8B", "\xC2\x85", "\xE2\x80\xA8"})
        EXPECT_EQ(text->find(hidden), std::string::npos);
      if (text->find("Bob") != std::string::npos) {  // a format that carries names
        EXPECT_NE(text->find("Mallory"), std::string::npos) << "the name itself is kept";
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 8) << "every game exports at least one format";
}

}  // namespace
}  // namespace banmen

// What free text from people (names, chat, record headers) may contain. One home for the
// characters that can forge a line of a record or hide what text says: control characters
// (C0, DEL, C1, and the Unicode line and paragraph separators), bidirectional controls, and
// zero-width characters.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace banmen {

// C0 (U+0000-U+001F), DEL, C1 (U+0080-U+009F), U+2028 and U+2029.
bool is_control_char(char32_t cp);
// Bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069) and zero-width characters (U+200B-U+200D, U+2060, U+FEFF).
bool is_invisible_format_char(char32_t cp);

// Decodes one UTF-8 character at `text[at]`; returns its length in bytes (0 when the bytes
// there are not valid UTF-8: overlong, surrogate, past U+10FFFF or cut short).
std::size_t decode_utf8(std::string_view text, std::size_t at, char32_t& cp);

// True when `text` is valid UTF-8 with no control or invisible format character.
bool is_plain_text(std::string_view text);

// `text` with control characters turned into spaces, invisible format characters and
// invalid bytes dropped, and cut to at most `max_bytes` on a character boundary.
std::string plain_text(std::string_view text, std::size_t max_bytes);

}  // namespace banmen

// UTF-8 text as Shift_JIS, the encoding Japanese shogi programs expect of a `.kif` file
// (Microsoft's variant, CP932, as those programs read it). A download must never fail on
// the way: a character CP932 cannot hold (a name in another script, an emoji) is written
// as the nearest CP932 character where there is an obvious one, else as '?'.
#pragma once

#include <string>
#include <string_view>

namespace banmen::server {

// The Content-Type charset and the file extension of a Shift_JIS KIF.
inline constexpr std::string_view kShiftJisCharset = "Shift_JIS";
inline constexpr std::string_view kShiftJisKifExtension = "kif";

// `utf8` encoded as CP932. Bytes that are not UTF-8 and characters CP932 lacks become '?'
// (one per character); everything else is converted exactly.
std::string utf8_to_shift_jis(std::string_view utf8);

// A UTF-8 KIF as the Shift_JIS .kif: converted as above, and its first line
// "#KIF version=2.0 encoding=UTF-8", when it has one, names the new encoding
// ("encoding=Shift_JIS"), which is what the programs reading it go by.
std::string kif_to_shift_jis(std::string_view utf8_kif);

}  // namespace banmen::server

// Reading a few top-level fields of a JSON object without building a document.
//
// The load generator receives a move event for every move it plays and reads five fields
// of it. Parsing the whole text into a DOM (legal moves, position, clock) cost more CPU
// than the server spent on the move, and the generator shares the machine's cores with
// the server it measures. This scanner walks the text once, skipping values it is not
// asked for; it accepts any valid JSON and reports malformed text as "not found".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace banmen::load {

// The raw text of the value of `key` in the top-level object `text` (e.g. `12`, `"e2e4"`,
// `[...]`), or nullopt when there is no such key or the text is not a well-formed object
// up to that key. Keys containing escapes are not matched.
std::optional<std::string_view> top_level_value(std::string_view text, std::string_view key);

// An integer value (optionally negative, no fraction or exponent); `fallback` otherwise.
long scan_integer(std::optional<std::string_view> raw, long fallback);

// A string value without escapes; nullopt for anything else.
std::optional<std::string_view> scan_plain_string(std::optional<std::string_view> raw);

// Replaces `out` with an array of strings without escapes; false (and `out` cleared) when
// `raw` is anything else.
bool scan_string_array(std::optional<std::string_view> raw, std::vector<std::string>& out);

}  // namespace banmen::load

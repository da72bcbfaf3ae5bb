// The "type" of a protocol message without parsing the whole JSON text.
#pragma once

#include <string_view>

#include "json_scan.h"

namespace banmen::load {

// The value of the top-level "type" key when it is a plain string; empty otherwise (no such
// key, another kind of value, or text that is not a well-formed object up to that key).
inline std::string_view message_type(std::string_view text) {
  return scan_plain_string(top_level_value(text, "type")).value_or(std::string_view{});
}

}  // namespace banmen::load

// How log lines look: `text` (time, level, message on one line, as always) or `json` (one
// JSON object per line, for log shippers that read fields). Both stamp the time in UTC with
// its offset written out (2026-11-25T20:00:44.123+00:00), whatever the machine's zone.
#pragma once

#include <spdlog/formatter.h>

#include <memory>
#include <string>
#include <string_view>

namespace banmen::server {

// The formatter for --log-format `format` ("text" or "json"; anything else is text).
std::unique_ptr<spdlog::formatter> make_log_formatter(std::string_view format);

// Sets the default logger's level and format.
void configure_logging(const std::string& level, const std::string& format);

// `text` as the inside of a JSON string: quotes, backslashes and control characters
// escaped, and every byte that is not part of valid UTF-8 replaced by U+FFFD (a log line
// may carry what a client sent).
void append_json_escaped(std::string_view text, std::string& out);

}  // namespace banmen::server

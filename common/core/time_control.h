// A room's time control as records carry it: the human form the server writes into
// RecordInfo::time_control ("10+5": minutes + increment seconds; "10m+1x30s": minutes, then
// byoyomi periods of seconds), read back into numbers so each record format can write it
// the way its own programs do (PGN's "600+5", KIF's 持ち時間 and 秒読み).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace banmen {

struct TimeControl {
  enum class Kind { fischer, byoyomi };
  Kind kind = Kind::fischer;
  std::int64_t base_minutes = 0;
  std::int64_t increment_seconds = 0;  // Fischer
  int periods = 0;                     // byoyomi
  std::int64_t period_seconds = 0;     // byoyomi
};

// nullopt for anything that is not exactly one of the two forms (free text, "none").
std::optional<TimeControl> parse_time_control(std::string_view human);

// Minutes as Japanese records write a main time: "10分", "1時間30分", "2時間".
std::string japanese_minutes(std::int64_t minutes);

}  // namespace banmen

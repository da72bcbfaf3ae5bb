// The error code of a refused fairy-chess definition, beside the rules core's own codes
// (core/result.h): the custom-game loader gives it and the protocol lists it.
#pragma once

namespace banmen::errc {
inline constexpr const char* bad_variant = "bad_variant";  // the message names line and key
}  // namespace banmen::errc

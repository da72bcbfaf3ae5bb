// Mapping request targets to files of the built web client, safely: no "..", no absolute
// paths, no backslashes, no NUL; the single-page routes "/" and "/r/<id>" give index.html.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

// The file under `root` a GET of `target` should serve, or nullopt when the target is
// not a safe relative path. The query string is ignored.
std::optional<std::string> static_path_for(std::string_view root, std::string_view target);

// Content-Type for a file name, by extension.
std::string_view mime_type(std::string_view path);

}  // namespace banmen::server

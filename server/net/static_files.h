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

// A file the server may send for a request: a regular file whose real path (symlinks
// resolved) lies inside the static folder's real path, its validator, and the gzip copy
// the client's build made beside it (`<file>.gz`), when there is one inside the folder
// and it is not older than the file.
struct StaticFile {
  std::string path;   // what to send: the file, or its .gz copy when `gzip`
  std::string type;   // Content-Type of the original file
  std::string etag;   // "<size>-<mtime>" of what is sent, quoted (strong)
  bool gzip = false;  // send with Content-Encoding: gzip
};

// Resolves `path` (from static_path_for) under `root`; nullopt for a directory, a missing
// file, or anything whose real path leaves `root`. `accepts_gzip`: the request's
// Accept-Encoding allows gzip.
std::optional<StaticFile> find_static_file(std::string_view root, const std::string& path,
                                           bool accepts_gzip);

// True when an Accept-Encoding header value allows gzip (not "gzip;q=0").
bool accepts_gzip(std::string_view accept_encoding);

// True when an If-None-Match header value names `etag` (or is "*").
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace banmen::server

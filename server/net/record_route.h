// GET /api/rooms/<room id>/games/<n>/record?format=<fmt>: the record of a finished game.
#pragma once

#include <string>
#include <string_view>

namespace banmen::server {

struct Hub;

struct RouteResult {
  unsigned status = 404;
  std::string body;
  std::string content_type = "text/plain; charset=utf-8";
};

RouteResult record_route(Hub& hub, std::string_view target);

}  // namespace banmen::server

// `banmen-server healthcheck`: asks this machine's server for /healthz and says 0 (alive)
// or 1. For a container's HEALTHCHECK, which then needs no curl in the image. Liveness,
// not readiness: a server that refuses writes on a full disk is alive and must not be
// restarted for it (/readyz tells a load balancer to send players elsewhere).
#pragma once

#include <string>

#include "config/config.h"

namespace banmen::server {

// GET /healthz on --port of 127.0.0.1 (or ::1, or --bind when it names one address),
// bounded by `timeout_ms` in all. True on a 200. `why` says what went wrong otherwise.
bool server_is_alive(const Config& config, int timeout_ms, std::string& why);

}  // namespace banmen::server

// Tells a service manager (systemd's Type=notify) how the server is doing: READY=1 once
// the stored rooms are read and connections are accepted, STOPPING=1 when a
// graceful shutdown begins, WATCHDOG=1 while the I/O threads turn (app/io_watchdog.h). One
// datagram to $NOTIFY_SOCKET, nothing when it is unset, so the server needs no libsystemd.
#pragma once

#include <string_view>

namespace banmen::server {

// Sends `state` (e.g. "READY=1") to $NOTIFY_SOCKET; false when unset, when it failed, or
// when the manager's queue is full: it never waits.
bool notify_service_manager(std::string_view state);

}  // namespace banmen::server

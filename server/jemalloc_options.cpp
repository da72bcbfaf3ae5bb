// jemalloc's options, read by jemalloc itself when the process starts (compiled in only
// when banmen-server is linked with jemalloc; see server/CMakeLists.txt).
//
// background_thread: memory freed by the I/O threads is returned to the system by a
// thread of jemalloc's own, not in the middle of whichever thread happened to free last,
// so a room's move never waits for that.
extern "C" {
// The name jemalloc looks for; it must have C linkage and external visibility.
// NOLINTNEXTLINE(readability-identifier-naming)
extern const char* malloc_conf;
const char* malloc_conf = "background_thread:true";
}

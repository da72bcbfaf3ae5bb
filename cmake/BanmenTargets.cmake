# Helpers shared by every CMakeLists.txt in the project.

# Warnings are errors on our own targets (never on third-party headers, which come in as SYSTEM).
function(banmen_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror -Wpedantic -Wshadow
                                           -Wnon-virtual-dtor -Wimplicit-fallthrough)
endfunction()

# Targets whose files all include the same heavy headers (Boost.Asio and Beast, nlohmann/json,
# spdlog, GoogleTest) compile as a few unity files of up to 8 sources each: the headers are
# parsed and their templates instantiated once per batch instead of once per file, which
# halves the server library's build (docs/performance.md, "Build time"). Off for quicker
# one-file rebuilds while editing: -DBANMEN_UNITY_BUILD=OFF.
option(BANMEN_UNITY_BUILD "Compile the Beast-, JSON- and GoogleTest-heavy targets as unity files" ON)
function(banmen_unity target)
  if(BANMEN_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()

# The rules core must stay free of Boost, spdlog, SQLite and I/O so it can be unit-tested
# alone and compiled to WebAssembly later. Called on every library under common/.
function(banmen_forbid_io_dependencies target)
  get_target_property(libs ${target} LINK_LIBRARIES)
  if(libs)
    foreach(lib IN LISTS libs)
      if(lib MATCHES "[Bb]oost|spdlog|[Ss][Qq][Ll]ite|CLI11|pthread|Threads")
        message(FATAL_ERROR "${target} links ${lib}: the rules core must not depend on I/O libraries")
      endif()
    endforeach()
  endif()
endfunction()

# A rules-core library: the standard library only, warnings as errors.
function(banmen_rules_library target)
  add_library(${target} STATIC ${ARGN})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/common)
  banmen_warnings(${target})
endfunction()

# A test that needs something from outside the build (node, npm, clang-format, the server
# binary, npm packages): when it is missing the test cannot be registered. With
# BANMEN_REQUIRE_ALL_TESTS (on in tests/run-all.sh) that is a configure error, so a missing
# dependency can never make a suite disappear silently; otherwise a warning says what is
# left out and how to get it.
#   banmen_test_dependency(<condition variable> "<test>" "<what is missing and how to get it>")
function(banmen_test_dependency found test remedy)
  if(${found})
    return()
  endif()
  if(BANMEN_REQUIRE_ALL_TESTS)
    message(FATAL_ERROR "test ${test} cannot be registered: ${remedy}")
  endif()
  message(WARNING "test ${test} left out of this build: ${remedy}")
endfunction()

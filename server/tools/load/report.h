// The report of a run: a readable block, and one RESULT line of key=value pairs that
// tests/perf/run-scenarios.sh turns into its table.
#pragma once

#include <cstdio>
#include <string>

#include "run.h"

namespace banmen::load {

void print_report(const Report& report, std::FILE* out);
std::string result_line(const Report& report);
std::uint64_t error_count(const Report& report);

}  // namespace banmen::load

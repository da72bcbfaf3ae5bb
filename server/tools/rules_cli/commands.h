// banmen-rules: a command-line tool over the rules seam. Its interface is relied on by
// tests and outside checks, so its output formats are fixed (see docs/rules-cli.md).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace banmen::cli {

// Exit codes: 0 success, 1 an illegal move in `play`, 2 bad arguments or bad input.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err);

}  // namespace banmen::cli

// libFuzzer target over the core's input reader and every calculator (built by the `fuzz` preset
// with clang, ASan and UBSan; scripts/bench runs it for a fixed time). A wrong answer aborts, so
// libFuzzer saves the input as a crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "evaluate_bytes.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string problem = ridgepoint::fuzz::checkEvaluate({data, size});
  if (!problem.empty()) {
    std::fprintf(stderr, "%s\n", problem.c_str());
    std::abort();
  }
  return 0;
}

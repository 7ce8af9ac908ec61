// The committed libFuzzer corpus (tests/fuzz/corpus/) replayed through the same check the fuzz
// target runs, so CI exercises it without clang.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "../fuzz/evaluate_bytes.hpp"

TEST_CASE("every input of the fuzz corpus gets a well-formed answer with no NaN or Infinity") {
  std::size_t inputs = 0;
  std::size_t failures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RIDGEPOINT_FUZZ_CORPUS_DIR)) {
    std::ifstream file(entry.path(), std::ios::binary);
    const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(file), {}};
    const std::string problem = ridgepoint::fuzz::checkEvaluate(bytes);
    ++inputs;
    failures += problem.empty() ? 0 : 1;
    CHECK_MESSAGE(problem.empty(), entry.path().filename().string() << ": " << problem);
  }
  std::printf("fuzz corpus: %zu inputs replayed, %zu failures\n", inputs, failures);
  CHECK(inputs >= 100);
}

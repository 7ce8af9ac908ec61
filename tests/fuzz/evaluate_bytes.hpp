// One fuzz input through the core, as the libFuzzer target (fuzz_evaluate.cpp) and the corpus
// replay in the doctest suite (tests/core/fuzz_corpus_test.cpp) both run it: the first byte picks
// a calculator from the registry, the rest is its JSON text for evaluateJson.
#pragma once

#include <span>
#include <string>

namespace ridgepoint::fuzz {

// What is wrong with the core's answer to `bytes`, or "" when nothing is: the answer must be one
// JSON object {"ok":true,"value":{…}} or {"ok":false,"errors":[{field,message}…]} with no NaN or
// Infinity anywhere and a non-empty field and message on every error.
std::string checkEvaluate(std::span<const unsigned char> bytes);

}  // namespace ridgepoint::fuzz

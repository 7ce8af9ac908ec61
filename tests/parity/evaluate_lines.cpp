// The native side of the native/wasm parity test (parity.test.mjs): reads lines "id<TAB>json" on
// stdin and prints the core's answer, evaluateJson(id, json), one line each; a line "calculators"
// prints the declarations, "presets <list>" that preset list. The wasm module answers the same text
// through its bindings, so the test compares the two byte for byte.
#include <iostream>
#include <string>

#include "api.hpp"

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::size_t tab = line.find('\t');
    if (tab != std::string::npos) {
      std::cout << ridgepoint::evaluateJson(std::string_view(line).substr(0, tab),
                                            std::string_view(line).substr(tab + 1));
    } else if (line == "calculators") {
      std::cout << ridgepoint::calculatorsJson();
    } else if (line.starts_with("presets ")) {
      std::cout << ridgepoint::presetsJson(std::string_view(line).substr(8));
    } else {
      std::cout << "not a line of the form id<TAB>json: " << line.substr(0, 40);
    }
    // The core escapes control bytes in its JSON, so one answer is one line.
    std::cout << '\n';
  }
  return 0;
}

// Helpers the planner's source files share; not part of the public core.
#pragma once

#include <string_view>

#include "interconnect.hpp"
#include "machines.hpp"

namespace ridgepoint {

const Machine* findMachine(std::string_view id);
const NodeDesign* findNode(std::string_view id);

}  // namespace ridgepoint

// Helpers the planner's source files share; not part of the public core.
#pragma once

#include <string_view>

#include "interconnect.hpp"
#include "machines.hpp"

namespace ridgepoint {

const Machine* findMachine(std::string_view id);
const NodeDesign* findNode(std::string_view id);

// rp.collective's time for `ranks` GPUs moving `bytes` at `bandwidth` B/s each, `latency` s per
// message step; 0 for fewer than two ranks or no bytes.
double collectiveTime(CollectiveOp op, double ranks, double bytes, double bandwidth,
                      double latency = 0,
                      CollectiveAlgorithm algorithm = CollectiveAlgorithm::ring);

}  // namespace ridgepoint

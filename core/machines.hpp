// Machine presets: dense peak FLOP/s per precision, HBM bandwidth and capacity, each with its
// source. Figures are dense (never with 2:4 sparsity) and decimal (1 TB/s = 1e12 B/s).
#pragma once

#include <span>
#include <string_view>

#include "field.hpp"

namespace ridgepoint {

// Peak FLOP/s (INT8: OP/s) per precision; null where the machine has no such unit or no
// source was found.
struct PeakFlops {
  MaybeNumber fp64{}, tf32{}, bf16{}, fp8{}, int8{}, fp4{};
};

struct Machine {
  std::string_view id;
  std::string_view name;
  PeakFlops peak_flops;
  double memory_bandwidth = 0;  // B/s
  // B: the runtime's total where a device query is cited, else the datasheet's
  MaybeNumber memory_capacity{};
  // B/s: STREAM Triad as measured, what a read-and-write kernel reaches (absent: not measured)
  MaybeNumber stream_bandwidth{};
  std::string_view source{};
  std::string_view note{};
};

std::span<const Machine> machines();

template <>
struct Schema<PeakFlops> {
  static constexpr auto fields = std::tuple{
      OutputField{"fp64", "FLOP/s", &PeakFlops::fp64},
      OutputField{"tf32", "FLOP/s", &PeakFlops::tf32},
      OutputField{"bf16", "FLOP/s", &PeakFlops::bf16},
      OutputField{"fp8", "FLOP/s", &PeakFlops::fp8},
      OutputField{"int8", "OP/s", &PeakFlops::int8},
      OutputField{"fp4", "FLOP/s", &PeakFlops::fp4},
  };
};

template <>
struct Schema<Machine> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &Machine::id},
      OutputField{"name", "", &Machine::name},
      OutputField{"peakFlops", "FLOP/s", &Machine::peak_flops},
      OutputField{"memoryBandwidth", "B/s", &Machine::memory_bandwidth},
      OutputField{"memoryCapacity", "B", &Machine::memory_capacity},
      OutputField{"streamBandwidth", "B/s", &Machine::stream_bandwidth},
      OutputField{"source", "", &Machine::source},
      OutputField{"note", "", &Machine::note},
  };
};

}  // namespace ridgepoint

#include "precision.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace ridgepoint {

// ---- Deterministic arithmetic ---------------------------------------------------------------

namespace {
constexpr double kLn2 = 0.6931471805599453094;
// fdlibm's split of ln 2: the high part has 32 significant bits, so n · high is exact.
constexpr double kLn2High = 6.93147180369123816490e-01;
constexpr double kLn2Low = 1.90821492927058770002e-10;
constexpr double kSqrtHalf = 0.7071067811865475244;
constexpr std::array<double, 12> kOddReciprocals{1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,
                                                 1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17,
                                                 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25};

// The fields of an IEEE-754 double, read directly: frexp and ldexp are library calls, and these
// run once or twice per element of a million-element tensor.
constexpr std::uint64_t kExponentMask = 0x7FF0000000000000ULL;
constexpr std::uint64_t kFractionMask = 0x000FFFFFFFFFFFFFULL;

// std::bit_cast, which Emscripten 3.1.6's libc++ lacks; clang and GCC both provide the builtin.
// The hot helpers are `inline` because Emscripten's -Os adds -fno-inline-functions.
inline std::uint64_t bitsOf(double x) { return __builtin_bit_cast(std::uint64_t, x); }
inline double fromBits(std::uint64_t bits) { return __builtin_bit_cast(double, bits); }

// Exponent of the leading bit: |x| in [2^e, 2^(e+1)).
inline int leadingExponent(double x) {
  const int biased = static_cast<int>((bitsOf(x) & kExponentMask) >> 52);
  if (biased != 0) return biased - 1023;
  int exponent = 0;  // a subnormal double
  std::frexp(x, &exponent);
  return exponent - 1;
}

// 2^exponent, exactly.
inline double powerOfTwo(int exponent) {
  if (exponent < -1022 || exponent > 1023) return std::ldexp(1.0, exponent);
  return fromBits(static_cast<std::uint64_t>(exponent + 1023) << 52);
}

// Round half to even for 0 ≤ x: adding and removing 2^52 leaves the integer that IEEE's default
// rounding (ties to even) chose.
inline double roundHalfEven(double x) {
  constexpr double kTwo52 = 0x1p52;
  return x < kTwo52 ? (x + kTwo52) - kTwo52 : x;
}

}  // namespace

double naturalLog(double x) {
  int exponent = 0;
  double mantissa = 0;  // x = mantissa · 2^exponent, mantissa in [½, 1)
  if ((bitsOf(x) & kExponentMask) != 0) {
    exponent = leadingExponent(x) + 1;
    mantissa = fromBits((bitsOf(x) & kFractionMask) | 0x3FE0000000000000ULL);
  } else {
    mantissa = std::frexp(x, &exponent);
  }
  if (mantissa < kSqrtHalf) {
    mantissa *= 2;
    exponent -= 1;
  }
  // ln m = 2 · atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172: the odd series to s^25 is exact to
  // double precision (Abramowitz & Stegun 4.1.27).
  const double s = (mantissa - 1) / (mantissa + 1);
  const double s2 = s * s;
  double term = s, sum = s;
  for (const double reciprocal : kOddReciprocals) {
    term *= s2;
    sum += term * reciprocal;
  }
  return 2 * sum + exponent * kLn2;
}

double naturalExp(double x) {
  if (x < -745) return 0;
  if (x > 709) return HUGE_VAL;
  // e^x = 2^n · e^r with n = round(x / ln 2), |r| ≤ ln2 / 2; Taylor series of e^r to r^22.
  const double n = std::nearbyint(x / kLn2);
  const double r = (x - n * kLn2High) - n * kLn2Low;  // Cody & Waite (1980): ln 2 in two parts
  double sum = 1;
  for (int power = 22; power >= 1; --power) sum = 1 + sum * r / power;
  return std::ldexp(sum, static_cast<int>(n));
}

namespace {
// splitmix64 (Steele, Lea & Flood 2014): spreads any seed over xoshiro's 256-bit state.
std::uint64_t splitMix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& word : state_) word = splitMix(seed);
}

// xoshiro256** 1.0 (Blackman & Vigna 2018).
std::uint64_t Random::next() {
  const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  return result;
}

double Random::uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }

// Marsaglia & Bray (1964) polar method: two normals from a point in the unit disc.
double Random::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u = 0, v = 0, s = 0;
  do {
    u = 2 * uniform() - 1;
    v = 2 * uniform() - 1;
    s = u * u + v * v;
  } while (s >= 1 || s == 0);
  const double factor = std::sqrt(-2 * naturalLog(s) / s);
  spare_ = v * factor;
  has_spare_ = true;
  return u * factor;
}

// ---- Rounding -------------------------------------------------------------------------------

namespace {

bool isBlockFormat(const NumberFormat& format) { return format.block_size > 1; }

}  // namespace

// IEEE 754-2019 §4.3.1 roundTiesToEven at the format's precision: the quantum of a binade is
// 2^(e − mantissaBits), and below minNormal the quantum stays that of the smallest binade
// (gradual underflow); then OCP OFP8 §4 saturation to ±max.
double roundToFormat(double value, const NumberFormat& format) {
  const double magnitude = std::abs(value);
  if (magnitude == 0) return 0;
  double rounded = 0;
  if (format.exponent_bits == 0) {
    rounded = roundHalfEven(magnitude);  // an integer format: quantum 1
  } else {
    const int exponent = std::max(leadingExponent(magnitude), leadingExponent(format.min_normal));
    const double quantum = powerOfTwo(exponent - static_cast<int>(format.mantissa_bits));
    rounded = roundHalfEven(magnitude / quantum) * quantum;
  }
  rounded = std::min(rounded, format.max);
  return value < 0 ? -rounded : rounded;
}

// ---- Synthetic tensors ----------------------------------------------------------------------

namespace {

enum class Distribution { normal, log_normal, outlier_channels, uniform };

// Every 64th column is an outlier channel (LLM.int8(), Dettmers et al. 2022: a few feature
// dimensions carry activations tens of times larger than the rest).
constexpr std::size_t kOutlierChannelPeriod = 64;

std::vector<double> syntheticValues(Distribution distribution, double sigma, double outlier_scale,
                                    std::size_t rows, std::size_t cols, std::uint64_t seed) {
  Random random(seed);
  std::vector<double> values(rows * cols);
  for (std::size_t i = 0; i < values.size(); ++i) {
    switch (distribution) {
      case Distribution::normal:
        values[i] = random.normal();
        break;
      case Distribution::log_normal: {
        // |x| = e^(σ·z), z ~ N(0, 1), with a random sign.
        const double magnitude = naturalExp(sigma * random.normal());
        values[i] = (random.next() >> 63) ? -magnitude : magnitude;
        break;
      }
      case Distribution::outlier_channels:
        values[i] = random.normal() * ((i % cols) % kOutlierChannelPeriod == 0 ? outlier_scale : 1);
        break;
      case Distribution::uniform:
        values[i] = 2 * random.uniform() - 1;
        break;
    }
  }
  return values;
}

enum class Granularity { per_tensor, per_channel, tile_1x128, block_128x128 };

constexpr std::size_t kTile = 128;  // V3 report §3.3.2: 1×128 activation tiles, 128×128 blocks

struct Quantized {
  std::vector<double> values;
  double groups = 0, blocks = 0, clipped = 0;
};

// An FP32 scale that maps `amax` to at most `target`: rounded up, so no element clips.
double fp32ScaleFor(double amax, double target) {
  if (amax == 0) return 1;
  float scale = static_cast<float>(amax / target);
  if (static_cast<double>(scale) * target < amax) scale = std::nextafter(scale, HUGE_VALF);
  return scale;
}

// V3 report §3.3.2: an online max-abs FP32 scale per group; block formats then scale each block
// of `block_size` consecutive elements of a row (NVFP4: E4M3 scale of blockAmax / 6, rounded to
// nearest; MX v1.0 §6.3: 2^(floor(log2 blockAmax) − emax of the element)).
Quantized quantizeValues(std::span<const double> values, std::size_t cols,
                         const NumberFormat& format, Granularity granularity) {
  const std::size_t n = values.size();
  const std::size_t rows = (n + cols - 1) / cols;
  const std::size_t tiles_per_row = (cols + kTile - 1) / kTile;
  // Groups of a row: the first group's index, and whether each 128 columns start a new one.
  const bool tiled =
      granularity == Granularity::tile_1x128 || granularity == Granularity::block_128x128;
  auto first_group_of_row = [&](std::size_t row) -> std::size_t {
    switch (granularity) {
      case Granularity::per_tensor:
        return 0;
      case Granularity::per_channel:
        return row;
      case Granularity::tile_1x128:
        return row * tiles_per_row;
      case Granularity::block_128x128:
        return (row / kTile) * tiles_per_row;
    }
    return 0;
  };
  auto group_of = [&](std::size_t row_group, std::size_t col) {
    return tiled ? row_group + col / kTile : row_group;
  };
  std::vector<double> group_amax(rows * tiles_per_row, -1);
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t row_group = first_group_of_row(row);
    const std::size_t row_start = row * cols, row_end = std::min(n, row_start + cols);
    for (std::size_t i = row_start; i < row_end; ++i) {
      double& amax = group_amax[group_of(row_group, i - row_start)];
      amax = std::max(amax, std::abs(values[i]));
    }
  }
  const bool nvfp4 = format.scale_format == kFormatIds[0];
  const bool mx = format.scale_format == kFormatIds[3];
  // NVFP4's FP32 tensor scale leaves the E4M3 block scales their full range: amax → 6 · 448.
  const double target = nvfp4 ? format.max * formatById(kFormatIds[0]).max : format.max;
  std::vector<double> group_scale(group_amax.size(), 1);
  Quantized out;
  for (std::size_t g = 0; g < group_amax.size(); ++g) {
    if (group_amax[g] < 0) continue;  // no element falls in this group
    out.groups += 1;
    group_scale[g] = fp32ScaleFor(group_amax[g], target);
  }
  out.values.resize(n);
  const std::size_t block = static_cast<std::size_t>(format.block_size);
  const int element_emax = leadingExponent(format.max);
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t row_group = first_group_of_row(row);
    const std::size_t row_start = row * cols, row_end = std::min(n, row_start + cols);
    // One block: `block` elements of a row (the row's remainder at its end).
    for (std::size_t start = row_start; start < row_end; start += block) {
      const std::size_t end = std::min(start + block, row_end);
      double block_scale = 1;
      if (isBlockFormat(format)) {
        out.blocks += 1;
        double amax = 0;
        for (std::size_t i = start; i < end; ++i) {
          amax =
              std::max(amax, std::abs(values[i]) / group_scale[group_of(row_group, i - row_start)]);
        }
        if (nvfp4) {
          block_scale = roundToFormat(amax / format.max, formatById(kFormatIds[0]));
        } else if (mx && amax > 0) {
          block_scale =
              std::ldexp(1.0, std::clamp(leadingExponent(amax) - element_emax, -127, 127));
        }
      }
      for (std::size_t i = start; i < end; ++i) {
        const double scale = group_scale[group_of(row_group, i - row_start)] * block_scale;
        if (scale == 0) {
          out.values[i] = 0;  // an E4M3 block scale that underflowed: the block flushes
          continue;
        }
        const double scaled = values[i] / scale;
        if (std::abs(scaled) > format.max) out.clipped += 1;
        out.values[i] = roundToFormat(scaled, format) * scale;
      }
    }
  }
  return out;
}

struct ErrorFigures {
  double rms = 0, max_absolute = 0, max_relative = 0, flushed = 0;
  MaybeNumber snr_db;
};

ErrorFigures errorFigures(std::span<const double> exact, std::span<const double> rounded) {
  ErrorFigures figures;
  double signal = 0, noise = 0;
  for (std::size_t i = 0; i < exact.size(); ++i) {
    const double error = rounded[i] - exact[i];
    signal += exact[i] * exact[i];
    noise += error * error;
    figures.max_absolute = std::max(figures.max_absolute, std::abs(error));
    if (exact[i] != 0) {
      figures.max_relative = std::max(figures.max_relative, std::abs(error) / std::abs(exact[i]));
      if (rounded[i] == 0) figures.flushed += 1;
    }
  }
  figures.rms = std::sqrt(noise / static_cast<double>(exact.size()));
  // SNR in dB: 10 · log10(signal power / noise power).
  if (noise > 0 && signal > 0) figures.snr_db = 10 * naturalLog(signal / noise) / naturalLog(10);
  return figures;
}

}  // namespace

// ---- formatSpacing --------------------------------------------------------------------------

const std::array<InputField<FormatSpacingInput>, 1> FormatSpacing::inputs{{
    {"format", "", "the number format", &FormatSpacingInput::format, 0, 0, kFormatIds.size() - 1,
     true, kFormatIds},
}};

Outcome<FormatSpacingResult> FormatSpacing::evaluate(const FormatSpacingInput& input) {
  const NumberFormat& format = formats()[static_cast<std::size_t>(input.format)];
  FormatSpacingResult out;
  out.max = format.max;
  out.min_normal = format.min_normal;
  out.min_subnormal = format.min_subnormal;
  out.epsilon = format.epsilon;
  out.dynamic_range_binades = format.dynamic_range_binades;
  const int fraction_bits = static_cast<int>(format.mantissa_bits);
  if (format.exponent_bits == 0) {
    // An integer format: every whole number up to max, 1 apart.
    out.positive_values = format.max;
    for (double value = 1; value < format.max; value *= 2) out.points.push_back({value, 1 / value});
    out.points.push_back({format.max, 1 / format.max});
    return {out, {}};
  }
  const int emin = leadingExponent(format.min_normal);
  const int emax = leadingExponent(format.max);
  // Subnormals: minSubnormal · 1 … (2^m − 1), all minSubnormal apart.
  if (format.min_subnormal > 0) {
    out.positive_values += (1 << fraction_bits) - 1;
    out.points.push_back({format.min_subnormal, 1});
  }
  for (int exponent = emin; exponent <= emax; ++exponent) {
    const double start = std::ldexp(1.0, exponent);
    const double quantum = std::ldexp(1.0, exponent - fraction_bits);
    const double last = std::min(format.max, 2 * start - quantum);
    // 2^m values per binade; the top binade stops at max (E4M3 loses S.1111.111 to NaN).
    out.positive_values += (last - start) / quantum + 1;
    out.points.push_back({start, quantum / start});
    if (last > start) out.points.push_back({last, quantum / last});
  }
  return {out, {}};
}

// ---- roundValue -----------------------------------------------------------------------------

namespace {
Outcome<QuantizeResult> notAnElementFormat() {
  return failure<QuantizeResult>(
      "format",
      "format 'ue8m0' is a scale format (unsigned powers of two): pick an element "
      "format such as 'mxfp4', whose blocks use it");
}
}  // namespace

const std::array<InputField<RoundValueInput>, 2> RoundValue::inputs{{
    {"format", "", "element format (UE8M0 is a scale format only)", &RoundValueInput::format, 0, 0,
     kFormatIds.size() - 1, true, kFormatIds},
    {"value", "1", "the number to round (a finite number)", &RoundValueInput::value, 0.3, -1e300,
     1e300},
}};

Outcome<RoundValueResult> RoundValue::evaluate(const RoundValueInput& in) {
  const NumberFormat& format = formats()[static_cast<std::size_t>(in.format)];
  if (format.id == kFormatIds[3]) {
    return failure<RoundValueResult>("format", notAnElementFormat().errors.front().message);
  }
  RoundValueResult out;
  out.rounded = roundToFormat(in.value, format);
  out.absolute_error = std::abs(out.rounded - in.value);
  if (in.value != 0) out.relative_error = out.absolute_error / std::abs(in.value);
  out.clipped = std::abs(in.value) > format.max;
  out.flushed_to_zero = in.value != 0 && out.rounded == 0;
  return {out, {}};
}

// ---- quantize -------------------------------------------------------------------------------

namespace {
constexpr double kMaxElements = 16777216;  // 2^24: enough for 1M-element figures with room
}  // namespace

const std::array<InputField<QuantizeInput>, 9> Quantize::inputs{{
    {"format", "", "element format (UE8M0 is a scale format only)", &QuantizeInput::format, 0, 0,
     kFormatIds.size() - 1, true, kFormatIds},
    {"granularity", "", "one FP32 scale per tensor, per row, per 1×128 tile or per 128×128 block",
     &QuantizeInput::granularity, 2, 0, kGranularities.size() - 1, true, kGranularities},
    {"distribution", "", "the synthetic tensor's distribution", &QuantizeInput::distribution, 0, 0,
     kDistributions.size() - 1, true, kDistributions},
    {"sigma", "1", "log-normal: σ of ln|x|", &QuantizeInput::sigma, 1, 0.01, 10},
    {"outlierScale", "1", "outlier-channels: every 64th column is this many times larger",
     &QuantizeInput::outlier_scale, 100, 1, 1e4},
    {"rows", "1", "rows of the tensor (tokens, or a weight's output channels)",
     &QuantizeInput::rows, 256, 1, kMaxElements, true},
    {"cols", "1", "columns of the tensor (channels); rows of pasted numbers are this long",
     &QuantizeInput::cols, 1024, 1, kMaxElements, true},
    {"seed", "1", "seed of the random tensor (the same seed gives the same numbers everywhere)",
     &QuantizeInput::seed, 1, 0, 4294967295.0, true},
    {.name = "values",
     .unit = "1",
     .help = "your own numbers, row-major in rows of cols; empty: the seeded distribution",
     .min = -1e300,
     .max = 1e300,
     .list = &QuantizeInput::values},
}};

Outcome<QuantizeResult> Quantize::evaluate(const QuantizeInput& in) {
  const NumberFormat& format = formats()[static_cast<std::size_t>(in.format)];
  if (format.id == kFormatIds[3]) return notAnElementFormat();
  std::vector<double> generated;
  std::span<const double> values = in.values;
  if (values.empty()) {
    if (in.rows * in.cols > kMaxElements) {
      return failure<QuantizeResult>("rows", "rows · cols must be at most " +
                                                 formatNumber(kMaxElements) + " (got " +
                                                 formatNumber(in.rows * in.cols) + ")");
    }
    generated =
        syntheticValues(static_cast<Distribution>(in.distribution), in.sigma, in.outlier_scale,
                        static_cast<std::size_t>(in.rows), static_cast<std::size_t>(in.cols),
                        static_cast<std::uint64_t>(in.seed));
    values = generated;
  } else {
    if (static_cast<double>(values.size()) > kMaxElements) {
      return failure<QuantizeResult>(
          "values", "at most " + formatNumber(kMaxElements) + " numbers can be quantized at once");
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!std::isfinite(values[i]) || std::abs(values[i]) > 1e300) {
        return failure<QuantizeResult>("values", "values must be finite numbers (number " +
                                                     std::to_string(i + 1) + " is not)");
      }
    }
  }
  const Quantized quantized = quantizeValues(values, static_cast<std::size_t>(in.cols), format,
                                             static_cast<Granularity>(in.granularity));
  const ErrorFigures figures = errorFigures(values, quantized.values);
  const double n = static_cast<double>(values.size());
  QuantizeResult out;
  out.elements = n;
  out.rms_error = figures.rms;
  out.max_absolute_error = figures.max_absolute;
  out.max_relative_error = figures.max_relative;
  out.snr_db = figures.snr_db;
  out.fraction_clipped = quantized.clipped / n;
  out.fraction_flushed_to_zero = figures.flushed / n;
  // One FP32 scale per group, and one scale of the block format's per block.
  const double block_scale_bits =
      isBlockFormat(format) ? formatById(format.scale_format).bits * quantized.blocks : 0;
  out.scale_bits_per_element = (32 * quantized.groups + block_scale_bits) / n;
  out.bits_per_element = format.bits + out.scale_bits_per_element;
  return {out, {}};
}

// ---- accumulationError ----------------------------------------------------------------------

namespace {

// PTX ISA, wgmma.mma_async: an FP8 (e4m3/e5m2) WGMMA has K = 32.
constexpr int kWgmmaK = 32;
// ISCA'25 §3.1.1: 13 fraction bits kept after alignment; FP22 = 1 + 8 + 13 bits.
constexpr int kHopperFractionBits = 13;

// Keeps the leading `bits` significant bits of x, truncating toward zero.
double truncateToSignificantBits(double x, int bits) {
  if (x == 0) return 0;
  const double quantum = powerOfTwo(leadingExponent(std::abs(x)) + 1 - bits);
  return std::trunc(x / quantum) * quantum;
}

}  // namespace

double hopperAccumulate(std::span<const double> products, int promote_every) {
  float promoted = 0;  // the FP32 sum on the CUDA cores
  double tensor_register = 0;
  for (std::size_t start = 0; start < products.size(); start += kWgmmaK) {
    const std::size_t end = std::min(products.size(), start + kWgmmaK);
    int emax = INT_MIN;
    if (tensor_register != 0) emax = leadingExponent(std::abs(tensor_register));
    for (std::size_t i = start; i < end; ++i) {
      if (products[i] != 0) emax = std::max(emax, leadingExponent(std::abs(products[i])));
    }
    if (emax != INT_MIN) {
      // ISCA'25 §3.1.1: right-shift every term to the largest exponent and keep its highest 13
      // fraction bits; V3 §3.5.2: the shift is sign-filling, i.e. rounds toward −∞.
      const double quantum = powerOfTwo(emax - kHopperFractionBits);
      double sum = std::floor(tensor_register / quantum) * quantum;
      for (std::size_t i = start; i < end; ++i) sum += std::floor(products[i] / quantum) * quantum;
      // The sum lands in an FP22 register: 14 significant bits (1 implicit + 13).
      tensor_register = truncateToSignificantBits(sum, kHopperFractionBits + 1);
    }
    // V3 report §3.3.2: every N_C products the partial sum moves to FP32 registers.
    const bool last = end == products.size();
    if (promote_every > 0 && (end % static_cast<std::size_t>(promote_every) == 0 || last)) {
      promoted += static_cast<float>(tensor_register);
      tensor_register = 0;
    }
  }
  return promote_every > 0 ? promoted : tensor_register;
}

const std::array<InputField<AccumulationInput>, 6> AccumulationError::inputs{{
    {"k", "1", "length of the dot product (the GEMM's reduction dimension)", &AccumulationInput::k,
     4096, 1, 65536, true},
    {"accumulator", "",
     "FP32 throughout, or Hopper's FP8 tensor-core register (14 significant bits)",
     &AccumulationInput::accumulator, 1, 0, kAccumulators.size() - 1, true, kAccumulators},
    {"promoteEvery", "1",
     "hopper-fp8: move the partial sum to FP32 every this many products, a multiple of 32 "
     "(0 = never; DeepSeek: 128)",
     &AccumulationInput::promote_every, 0, 0, 65536, true},
    {"distribution", "",
     "operands before E4M3 rounding: uniform on [0, 1) (no cancellation) or N(0, 1)",
     &AccumulationInput::distribution, 0, 0, kOperandDistributions.size() - 1, true,
     kOperandDistributions},
    {"seed", "1", "seed of the random operands", &AccumulationInput::seed, 1, 0, 4294967295.0,
     true},
    {"trials", "1", "independent dot products", &AccumulationInput::trials, 16, 1, 256, true},
}};

Outcome<AccumulationResult> AccumulationError::evaluate(const AccumulationInput& in) {
  const int promote_every = static_cast<int>(in.promote_every);
  if (promote_every % kWgmmaK != 0) {
    return failure<AccumulationResult>(
        "promoteEvery",
        "promoteEvery must be 0 or a multiple of 32 (one FP8 WGMMA has K = 32; got " +
            formatNumber(in.promote_every) + ")");
  }
  const std::size_t k = static_cast<std::size_t>(in.k);
  const bool hopper = in.accumulator == 1;
  const NumberFormat& e4m3 = formatById(kFormatIds[0]);
  std::vector<std::size_t> lengths;
  for (std::size_t length = kWgmmaK; length < k; length *= 2) lengths.push_back(length);
  lengths.push_back(k);
  AccumulationResult out;
  out.sweep.resize(lengths.size());
  std::vector<double> products(k);
  for (int trial = 0; trial < static_cast<int>(in.trials); ++trial) {
    Random random(static_cast<std::uint64_t>(in.seed) * 1000003 +
                  static_cast<std::uint64_t>(trial));
    for (double& product : products) {
      const double a = in.distribution == 0 ? random.uniform() : random.normal();
      const double b = in.distribution == 0 ? random.uniform() : random.normal();
      // E4M3 × E4M3 has at most 8 significant bits: exact in double and in FP32.
      product = roundToFormat(a, e4m3) * roundToFormat(b, e4m3);
    }
    for (std::size_t point = 0; point < lengths.size(); ++point) {
      const std::span<const double> prefix(products.data(), lengths[point]);
      double reference = 0;  // FP64 reference
      float fp32 = 0;
      for (const double product : prefix) {
        reference += product;
        fp32 += static_cast<float>(product);
      }
      const double sum = hopper ? hopperAccumulate(prefix, promote_every) : fp32;
      const double relative =
          reference == 0 ? std::abs(sum) : std::abs(sum - reference) / std::abs(reference);
      AccumulationPoint& row = out.sweep[point];
      row.k = static_cast<double>(lengths[point]);
      row.max_relative_error = std::max(row.max_relative_error, relative);
      row.mean_relative_error += relative / in.trials;
    }
  }
  out.max_relative_error = out.sweep.back().max_relative_error;
  out.mean_relative_error = out.sweep.back().mean_relative_error;
  if (promote_every > 0) {
    // V3 report §3.3.2: N_C = 128 "is equivalent to 4 WGMMAs".
    out.wgmmas_per_promotion = in.promote_every / kWgmmaK;
    out.promotions = std::ceil(in.k / in.promote_every);
    // One FP32 FMA (scale × partial + sum) per promotion against 2 · N_C tensor-core FLOPs.
    out.promotion_flop_ratio = 2 / (2 * in.promote_every);
  }
  return {out, {}};
}

// ---- logFmt ---------------------------------------------------------------------------------

std::vector<double> logFmtRoundTrip(std::span<const double> tile, int bits) {
  std::vector<double> decoded(tile.size(), 0);
  double log_min = HUGE_VAL, log_max = -HUGE_VAL;
  for (const double x : tile) {
    if (x == 0) continue;
    const double l = naturalLog(std::abs(x));
    log_min = std::min(log_min, l);
    log_max = std::max(log_max, l);
  }
  if (log_max == -HUGE_VAL) return decoded;  // an all-zero tile
  // ISCA'25 §3.2: min > max − log(2^32), a range like E5's.
  log_min = std::max(log_min, log_max - 32 * naturalLog(2));
  // ISCA'25 §3.2: Step = (max − min) / (2^(n−1) − 2); K = 1 decodes to e^min, the top to e^max.
  const double divisor = std::ldexp(1.0, bits - 1) - 2;
  const double step = (log_max - log_min) / divisor;
  auto decode = [&](double k) { return k < 1 ? 0.0 : naturalExp(log_min + step * (k - 1)); };
  for (std::size_t i = 0; i < tile.size(); ++i) {
    const double magnitude = std::abs(tile[i]);
    if (magnitude == 0) continue;
    double value = decode(1);
    if (step > 0) {
      // Rounded in linear space (ISCA'25 §3.2: unbiased), between the two codes around |x|.
      const double below =
          std::clamp(std::floor((naturalLog(magnitude) - log_min) / step) + 1, 0.0, divisor + 1);
      const double low = decode(below), high = decode(std::min(below + 1, divisor + 1));
      value = magnitude - low <= high - magnitude ? low : high;
    }
    decoded[i] = tile[i] < 0 ? -value : value;
  }
  return decoded;
}

const std::array<InputField<LogFmtInput>, 6> LogFmt::inputs{{
    {"bits", "bit", "n: bits per element, the sign included (ISCA'25 tested 8 and 10)",
     &LogFmtInput::bits, 8, 4, 16, true},
    {"distribution", "", "the synthetic activations' distribution", &LogFmtInput::distribution, 0,
     0, kDistributions.size() - 1, true, kDistributions},
    {"sigma", "1", "log-normal: σ of ln|x|", &LogFmtInput::sigma, 1, 0.01, 10},
    {"outlierScale", "1", "outlier-channels: every 64th channel is this many times larger",
     &LogFmtInput::outlier_scale, 100, 1, 1e4},
    {"tiles", "1", "1×128 tiles to encode", &LogFmtInput::tiles, 64, 1, 8192, true},
    {"seed", "1", "seed of the random tiles", &LogFmtInput::seed, 1, 0, 4294967295.0, true},
}};

Outcome<LogFmtResult> LogFmt::evaluate(const LogFmtInput& in) {
  const std::size_t tiles = static_cast<std::size_t>(in.tiles);
  const std::vector<double> values =
      syntheticValues(static_cast<Distribution>(in.distribution), in.sigma, in.outlier_scale, tiles,
                      kTile, static_cast<std::uint64_t>(in.seed));
  const int bits = static_cast<int>(in.bits);
  LogFmtResult out;
  out.step_divisor = std::ldexp(1.0, bits - 1) - 2;
  std::vector<double> decoded(values.size());
  for (std::size_t t = 0; t < tiles; ++t) {
    const std::span<const double> tile(values.data() + t * kTile, kTile);
    const std::vector<double> round_trip = logFmtRoundTrip(tile, bits);
    std::copy(round_trip.begin(), round_trip.end(), decoded.begin() + t * kTile);
    double log_min = HUGE_VAL, log_max = -HUGE_VAL;
    for (const double x : tile) {
      if (x == 0) continue;
      log_min = std::min(log_min, naturalLog(std::abs(x)));
      log_max = std::max(log_max, naturalLog(std::abs(x)));
    }
    if (log_max > log_min) {
      log_min = std::max(log_min, log_max - 32 * naturalLog(2));
      out.mean_step += (log_max - log_min) / out.step_divisor / static_cast<double>(tiles);
    }
  }
  const ErrorFigures logfmt = errorFigures(values, decoded);
  out.rms_error = logfmt.rms;
  out.max_relative_error = logfmt.max_relative;
  const ErrorFigures e4m3 = errorFigures(
      values,
      quantizeValues(values, kTile, formatById(kFormatIds[0]), Granularity::tile_1x128).values);
  const ErrorFigures e5m2 = errorFigures(
      values,
      quantizeValues(values, kTile, formatById(kFormatIds[1]), Granularity::tile_1x128).values);
  out.e4m3_rms_error = e4m3.rms;
  out.e4m3_max_relative_error = e4m3.max_relative;
  out.e5m2_rms_error = e5m2.rms;
  out.e5m2_max_relative_error = e5m2.max_relative;
  // Per 1×128 tile LogFMT carries min and max (assumed FP32: ISCA'25 does not say); E4M3 one
  // FP32 scale (V3 report §3.3.2).
  out.bytes_per_element = in.bits / 8 + 2.0 * 4 / kTile;
  out.e4m3_bytes_per_element = 1 + 4.0 / kTile;
  out.saving_vs_bf16 = 1 - out.bytes_per_element / 2;
  return {out, {}};
}

const std::array<InputField<CommunicationBytesInput>, 9> CommunicationBytes::inputs{{
    {"dispatchFormat", "", "format of the tokens sent to the experts (DeepSeek-V3: FP8 E4M3)",
     &CommunicationBytesInput::dispatch_format, 0, 0, kFormatIds.size() - 1, true, kFormatIds},
    {"combineFormat", "", "format of the expert outputs sent back (DeepSeek-V3: BF16)",
     &CommunicationBytesInput::combine_format, 9, 0, kFormatIds.size() - 1, true, kFormatIds},
    {"gradientFormat", "", "format of the gradients all-reduced over data parallelism",
     &CommunicationBytesInput::gradient_format, 9, 0, kFormatIds.size() - 1, true, kFormatIds},
    {"scaleGroupSize", "1",
     "elements sharing one FP32 scale on the wire (V3: 128, a 1×128 tile); 0: no scales",
     &CommunicationBytesInput::scale_group_size, 128, 0, 1e6, true},
    {"tokens", "1", "tokens each device dispatches", &CommunicationBytesInput::tokens, 4096, 1, 1e9,
     true},
    {"hidden", "1", "hidden size (DeepSeek-V3: 7168)", &CommunicationBytesInput::hidden, 7168, 1,
     1e6, true},
    {"expertsPerToken", "1", "routed experts per token (DeepSeek-V3: 8)",
     &CommunicationBytesInput::experts_per_token, 8, 1, 1e4, true},
    {"gradientParams", "1", "parameters whose gradients one rank all-reduces",
     &CommunicationBytesInput::gradient_params, 1e9, 1, 1e13, true},
    {"ranks", "1", "ranks in the all-reduce", &CommunicationBytesInput::ranks, 128, 1, 1e6, true},
}};

namespace {

// Bytes one element takes on the wire: its bits, the block format's own scale per block
// (NVFP4: E4M3 per 16; MX: UE8M0 per 32; OCP MX v1.0, NVIDIA NVFP4), and one FP32 scale per group
// (V3 report §3.3.2's fine-grained 1×128 scaling) for the other formats under 16 bits.
double wireBytesPerElement(const NumberFormat& format, double scale_group_size) {
  const double block_scale =
      isBlockFormat(format) ? formatById(format.scale_format).bits / format.block_size : 0;
  const double group_scale = !isBlockFormat(format) && format.bits < 16 && scale_group_size > 0
                                 ? 32 / scale_group_size
                                 : 0;
  return (format.bits + block_scale + group_scale) / 8;
}

}  // namespace

Outcome<CommunicationBytesResult> CommunicationBytes::evaluate(const CommunicationBytesInput& in) {
  for (const auto& [field, index] : {std::pair{"dispatchFormat", in.dispatch_format},
                                     std::pair{"combineFormat", in.combine_format},
                                     std::pair{"gradientFormat", in.gradient_format}}) {
    if (formats()[static_cast<std::size_t>(index)].id == kFormatIds[3]) {
      return failure<CommunicationBytesResult>(
          field, std::string(field) + " must be an element format; ue8m0 holds scales only");
    }
  }
  const auto bytes = [&](double index) {
    return wireBytesPerElement(formats()[static_cast<std::size_t>(index)], in.scale_group_size);
  };
  CommunicationBytesResult out;
  out.dispatch_bytes_per_element = bytes(in.dispatch_format);
  out.combine_bytes_per_element = bytes(in.combine_format);
  out.gradient_bytes_per_element = bytes(in.gradient_format);
  // ISCA'25 §2.3.2: each token goes to expertsPerToken experts and comes back once from each.
  const double elements = in.tokens * in.experts_per_token * in.hidden;
  out.dispatch_bytes = elements * out.dispatch_bytes_per_element;
  out.combine_bytes = elements * out.combine_bytes_per_element;
  out.bf16_bytes = 2 * elements * 2;
  out.saving_vs_bf16 = 1 - (out.dispatch_bytes + out.combine_bytes) / out.bf16_bytes;
  out.gradient_bytes = in.gradient_params * out.gradient_bytes_per_element;
  // nccl-tests PERFORMANCE.md: a ring all-reduce moves 2 (n − 1) / n of the data per rank.
  out.all_reduce_bytes_per_rank = 2 * (in.ranks - 1) / in.ranks * out.gradient_bytes;
  return {out, {}};
}

}  // namespace ridgepoint

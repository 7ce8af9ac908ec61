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
// A plain array: std::array's begin() and end() are calls at -Os, in a loop run per element.
constexpr double kOddReciprocals[] = {1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13,
                                      1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25};
// 1/k! for k = 0 … 14, the Taylor coefficients of e^r (each k! exact in a double).
constexpr double kInverseFactorials[] = {1.0,
                                         1.0,
                                         1.0 / 2,
                                         1.0 / 6,
                                         1.0 / 24,
                                         1.0 / 120,
                                         1.0 / 720,
                                         1.0 / 5040,
                                         1.0 / 40320,
                                         1.0 / 362880,
                                         1.0 / 3628800,
                                         1.0 / 39916800,
                                         1.0 / 479001600,
                                         1.0 / 6227020800,
                                         1.0 / 87178291200};

// The fields of an IEEE-754 double, read directly: frexp and ldexp are library calls, and these
// run once or twice per element of a million-element tensor.
constexpr std::uint64_t kExponentMask = 0x7FF0000000000000ULL;
constexpr std::uint64_t kFractionMask = 0x000FFFFFFFFFFFFFULL;

// std::bit_cast, which Emscripten 3.1.6's libc++ lacks; clang and GCC both provide the builtin.
// The hot helpers are always inlined: Emscripten's -Os build inlines nothing on its own, not even
// std::max, and a call per element of a million-element tensor costs more than the work.
[[gnu::always_inline]] inline std::uint64_t bitsOf(double x) {
  return __builtin_bit_cast(std::uint64_t, x);
}
[[gnu::always_inline]] inline double fromBits(std::uint64_t bits) {
  return __builtin_bit_cast(double, bits);
}
// std::max and std::min for doubles (same results, NaN aside), inlined where they cannot be.
[[gnu::always_inline]] inline double larger(double a, double b) { return a < b ? b : a; }
[[gnu::always_inline]] inline double smaller(double a, double b) { return b < a ? b : a; }

// Exponent of the leading bit: |x| in [2^e, 2^(e+1)).
[[gnu::always_inline]] inline int leadingExponent(double x) {
  const int biased = static_cast<int>((bitsOf(x) & kExponentMask) >> 52);
  if (biased != 0) return biased - 1023;
  int exponent = 0;  // a subnormal double
  std::frexp(x, &exponent);
  return exponent - 1;
}

// 2^exponent, exactly.
[[gnu::always_inline]] inline double powerOfTwo(int exponent) {
  if (exponent < -1022 || exponent > 1023) return std::ldexp(1.0, exponent);
  return fromBits(static_cast<std::uint64_t>(exponent + 1023) << 52);
}

// Round half to even for 0 ≤ x: adding and removing 2^52 leaves the integer that IEEE's default
// rounding (ties to even) chose.
[[gnu::always_inline]] inline double roundHalfEven(double x) {
  constexpr double kTwo52 = 0x1p52;
  return x < kTwo52 ? (x + kTwo52) - kTwo52 : x;
}

}  // namespace

namespace {

// ln x for a normal, positive double (callers pass nothing else): inline for the polar method,
// which takes one logarithm per two normals.
[[gnu::always_inline]] inline double logOfNormal(double x) {
  int exponent = leadingExponent(x) + 1;
  // x = mantissa · 2^exponent, mantissa in [½, 1)
  double mantissa = fromBits((bitsOf(x) & kFractionMask) | 0x3FE0000000000000ULL);
  if (mantissa < kSqrtHalf) {
    mantissa *= 2;
    exponent -= 1;
  }
  // ln m = 2 · atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172: the odd series to s^25 is exact to
  // double precision (Abramowitz & Stegun 4.1.27).
  const double s = (mantissa - 1) / (mantissa + 1);
  const double s2 = s * s;
  double term = s, sum = s;
  // Unrolled (the same operations in the same order): at -Os the loop and its table loads stay.
#pragma GCC unroll 12
  for (const double reciprocal : kOddReciprocals) {
    term *= s2;
    sum += term * reciprocal;
  }
  return 2 * sum + exponent * kLn2;
}

}  // namespace

namespace {

// naturalLog and naturalExp, inlined into the loops that take one per element.
[[gnu::always_inline]] inline double logOf(double x) {
  if ((bitsOf(x) & kExponentMask) != 0) return logOfNormal(x);
  int exponent = 0;  // a subnormal double: scale it into the normal range first
  const double mantissa = std::frexp(x, &exponent);
  return logOfNormal(mantissa) + exponent * kLn2;
}

[[gnu::always_inline]] inline double expOf(double x) {
  if (x < -745) return 0;
  if (x > 709) return HUGE_VAL;
  // e^x = 2^n · e^r with n = round(x / ln 2), |r| ≤ ln2 / 2; Taylor series of e^r to r^14
  // (the next term is below 2^−57), in Horner form with the coefficients 1/k! precomputed: a
  // multiply where each step used to divide.
  const double n = std::nearbyint(x / kLn2);
  const double r = (x - n * kLn2High) - n * kLn2Low;  // Cody & Waite (1980): ln 2 in two parts
  constexpr int kDegree = static_cast<int>(std::size(kInverseFactorials)) - 1;
  double sum = kInverseFactorials[kDegree];
#pragma GCC unroll 14
  for (int k = kDegree - 1; k >= 0; --k) sum = sum * r + kInverseFactorials[k];
  // 2^n from its bits where it is a normal double (the product is then exact, as ldexp's).
  if (n >= -1022 && n <= 1023) {
    return sum * fromBits(static_cast<std::uint64_t>(static_cast<int>(n) + 1023) << 52);
  }
  return std::ldexp(sum, static_cast<int>(n));
}

}  // namespace

double naturalLog(double x) { return logOf(x); }

double naturalExp(double x) { return expOf(x); }

namespace {
// splitmix64 (Steele, Lea & Flood 2014): spreads any seed over xoshiro's 256-bit state.
std::uint64_t splitMix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
}  // namespace

// xoshiro256** 1.0 (Blackman & Vigna 2018); next() is in the header.
Random::Random(std::uint64_t seed) {
  for (auto& word : state_) word = splitMix(seed);
}

namespace {
// Marsaglia & Bray (1964) polar method: a point (u, v) in the unit disc, and the factor that
// makes u · factor and v · factor two independent normals.
[[gnu::always_inline]] inline double polarPoint(Random& random, double& u, double& v) {
  double s = 0;
  do {
    u = 2 * random.uniform() - 1;
    v = 2 * random.uniform() - 1;
    s = u * u + v * v;
  } while (s >= 1 || s == 0);
  // s ≥ 2^−106 (u, v are multiples of 2^−52): a normal double.
  return std::sqrt(-2 * logOfNormal(s) / s);
}
}  // namespace

double Random::drawNormal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u = 0, v = 0;
  const double factor = polarPoint(*this, u, v);
  spare_ = v * factor;
  has_spare_ = true;
  return u * factor;
}

double Random::normal() { return drawNormal(); }

void Random::fillNormal(std::span<double> out) {
  // Drawn from a local copy, which the compiler keeps in registers: `this` could alias `out`.
  // The same values as calling normal() out.size() times, two per point in the disc.
  Random local = *this;
  double* values = out.data();
  const std::size_t n = out.size();
  std::size_t i = 0;
  if (n > 0 && local.has_spare_) values[i++] = local.drawNormal();
  for (; i + 2 <= n; i += 2) {
    double u = 0, v = 0;
    const double factor = polarPoint(local, u, v);
    values[i] = u * factor;
    values[i + 1] = v * factor;
  }
  if (i < n) values[i] = local.drawNormal();
  *this = local;
}

// ---- Rounding -------------------------------------------------------------------------------

namespace {

bool isBlockFormat(const NumberFormat& format) { return format.block_size > 1; }

// Round-to-nearest-even into one format, with everything that depends only on the format worked
// out once: the rounding of a million-element tensor is then a few integer operations each.
// IEEE 754-2019 §4.3.1 roundTiesToEven at the format's precision: the quantum of a binade is
// 2^(e − mantissaBits); below minNormal it stays that of the smallest binade (gradual
// underflow); then OCP OFP8 §4 saturation to ±max.
class Rounding {
 public:
  explicit Rounding(const NumberFormat& format)
      : integer_(format.exponent_bits == 0),
        dropped_bits_(52 - static_cast<int>(format.mantissa_bits)),
        min_normal_(format.min_normal),
        max_(format.max) {
    const int smallest_quantum =
        leadingExponent(format.min_normal) - static_cast<int>(format.mantissa_bits);
    subnormal_quantum_ = powerOfTwo(smallest_quantum);
    subnormal_scale_ = powerOfTwo(-smallest_quantum);
  }

  // |value| rounded, for finite value ≥ 0.
  [[gnu::always_inline]] double magnitude(double value) const {
    double rounded = 0;
    if (integer_) {
      rounded = roundHalfEven(value);  // an integer format: quantum 1
    } else if (value >= min_normal_) {
      // A normal double at or above the format's minNormal: round its significand to the
      // format's fraction bits directly. Adding half a quantum less one, plus the kept last bit,
      // carries into the kept bits exactly when round-half-even rounds up (into the exponent
      // too, at the top of a binade).
      const std::uint64_t bits = bitsOf(value);
      const std::uint64_t kept_last_bit = (bits >> dropped_bits_) & 1;
      const std::uint64_t half = std::uint64_t{1} << (dropped_bits_ - 1);
      const std::uint64_t dropped = (std::uint64_t{1} << dropped_bits_) - 1;
      rounded = fromBits((bits + half - 1 + kept_last_bit) & ~dropped);
    } else {
      // Below minNormal every value is a whole number of the smallest quantum; scaling by powers
      // of two is exact.
      rounded = roundHalfEven(value * subnormal_scale_) * subnormal_quantum_;
    }
    return smaller(rounded, max_);
  }

  [[gnu::always_inline]] double operator()(double value) const {
    const double rounded = magnitude(std::abs(value));
    return value < 0 ? -rounded : rounded;
  }

 private:
  bool integer_;
  int dropped_bits_;
  double min_normal_, max_, subnormal_quantum_ = 0, subnormal_scale_ = 0;
};

}  // namespace

double roundToFormat(double value, const NumberFormat& format) { return Rounding(format)(value); }

// ---- Synthetic tensors ----------------------------------------------------------------------

namespace {

// Every 64th column is an outlier channel (LLM.int8(), Dettmers et al. 2022: a few feature
// dimensions carry activations tens of times larger than the rest).
constexpr std::size_t kOutlierChannelPeriod = 64;

// Inverse-CDF sampling of a histogram: a bin with probability count / total, then a value
// uniform within the bin. Bins of count 0 are never chosen; with one bin of nonzero count no
// draw chooses it, so a one-bin histogram is exactly the uniform distribution on that bin.
class HistogramSampler {
 public:
  HistogramSampler(std::span<const double> edges, std::span<const double> counts)
      : edges_(edges.data()), cumulative_(counts.size()) {
    double total = 0;
    std::size_t nonzero = 0;
    for (std::size_t bin = 0; bin < counts.size(); ++bin) {
      total += counts[bin];
      cumulative_[bin] = total;
      if (counts[bin] > 0) {
        ++nonzero;
        last_bin_ = bin;
      }
    }
    one_bin_ = nonzero == 1;
  }

  [[gnu::always_inline]] double draw(Random& random) const {
    std::size_t bin = last_bin_;  // with one bin of mass, the only one
    if (!one_bin_) {
      // The first bin whose cumulative count exceeds the target: std::upper_bound, written out
      // (it is a call per element at -Os) and without branches (the comparisons are random).
      const double* base = cumulative_.data();
      const double target = random.uniform() * base[cumulative_.size() - 1];
      std::size_t length = cumulative_.size();
      while (length > 1) {
        const std::size_t half = length / 2;
        base = base[half - 1] <= target ? base + half : base;
        length -= half;
      }
      bin = static_cast<std::size_t>(base - cumulative_.data()) + (base[0] <= target ? 1 : 0);
      // u · total can round up to total itself: that draw belongs to the last bin with mass.
      bin = bin < cumulative_.size() ? bin : last_bin_;
    }
    const double low = edges_[bin], high = edges_[bin + 1];
    return low + (high - low) * random.uniform();
  }

 private:
  const double* edges_;
  std::vector<double> cumulative_;
  std::size_t last_bin_ = 0;  // the last bin whose count is above 0
  bool one_bin_ = false;
};

}  // namespace

std::optional<FieldError> checkHistogram(const SyntheticTensorInput& in) {
  const std::vector<double>& edges = in.histogram_edges;
  const std::vector<double>& counts = in.histogram_counts;
  const auto error = [](std::string field, std::string message) {
    return std::optional<FieldError>(FieldError{std::move(field), std::move(message)});
  };
  if (edges.size() < 2 || static_cast<double>(edges.size()) > kMaxHistogramBins + 1) {
    return error("histogramEdges", "histogramEdges must list from 2 to " +
                                       formatNumber(kMaxHistogramBins + 1) +
                                       " bin edges when distribution is 'histogram' (got " +
                                       std::to_string(edges.size()) + ")");
  }
  for (std::size_t i = 1; i < edges.size(); ++i) {
    if (!(edges[i] > edges[i - 1])) {
      return error("histogramEdges", "histogramEdges must increase: edge " + std::to_string(i) +
                                         " (" + formatNumber(edges[i]) + ") is not above edge " +
                                         std::to_string(i - 1) + " (" + formatNumber(edges[i - 1]) +
                                         ")");
    }
  }
  if (counts.size() != edges.size() - 1) {
    return error(
        "histogramCounts",
        "histogramCounts must hold one count per bin: " + std::to_string(edges.size() - 1) +
            " for these histogramEdges (got " + std::to_string(counts.size()) + ")");
  }
  double total = 0;
  for (std::size_t bin = 0; bin < counts.size(); ++bin) {
    if (!(counts[bin] >= 0)) {
      return error("histogramCounts", "histogramCounts[" + std::to_string(bin) +
                                          "] must be a number from 0 to 1e300 (got " +
                                          formatNumber(counts[bin]) + ")");
    }
    total += counts[bin];
  }
  if (!(total > 0) || !std::isfinite(total)) {
    return error("histogramCounts",
                 "histogramCounts must have at least one count above 0 and a finite sum");
  }
  return std::nullopt;
}

std::vector<double> syntheticValues(const SyntheticTensorInput& in, std::size_t rows,
                                    std::size_t cols) {
  // Each case has its own generator (the same seed): one whose address no call takes stays in
  // registers.
  const auto seed = static_cast<std::uint64_t>(in.seed);
  std::vector<double> values(rows * cols);
  const std::size_t n = values.size();
  double* out = values.data();  // indexed directly: a vector's [] and iterators are calls at -Os
  switch (choiceOf<Distribution>(in.distribution)) {
    case Distribution::normal:
      Random(seed).fillNormal(values);
      break;
    case Distribution::log_normal: {
      Random random(seed);
      for (std::size_t i = 0; i < n; ++i) {
        // |x| = e^(σ·z), z ~ N(0, 1), with a random sign.
        const double magnitude = expOf(in.sigma * random.normal());
        out[i] = (random.next() >> 63) ? -magnitude : magnitude;
      }
      break;
    }
    case Distribution::outlier_channels:
      Random(seed).fillNormal(values);
      for (std::size_t i = 0; i < n; ++i) {
        if ((i % cols) % kOutlierChannelPeriod == 0) out[i] *= in.outlier_scale;
      }
      break;
    case Distribution::uniform: {
      Random random(seed);
      for (std::size_t i = 0; i < n; ++i) out[i] = 2 * random.uniform() - 1;
      break;
    }
    case Distribution::histogram: {
      Random random(seed);
      const HistogramSampler sampler(in.histogram_edges, in.histogram_counts);
      for (std::size_t i = 0; i < n; ++i) out[i] = sampler.draw(random);
      break;
    }
  }
  return values;
}

namespace {

constexpr std::size_t kTile = 128;  // V3 report §3.3.2: 1×128 activation tiles, 128×128 blocks

// The error of a quantized tensor against the exact one, accumulated element by element in
// index order (so the sums are the same bits however the tensor was walked).
struct ErrorFigures {
  double rms = 0, max_absolute = 0, max_relative = 0, flushed = 0;
  MaybeNumber snr_db;
};

class ErrorSums {
 public:
  [[gnu::always_inline]] void add(double exact, double rounded) {
    const double error = rounded - exact;
    signal_ += exact * exact;
    noise_ += error * error;
    const double absolute = std::abs(error);
    max_absolute_ = larger(max_absolute_, absolute);
    if (exact != 0) {
      // Divides only when the quotient can raise the max: a/b > M implies a ≥ fl(M·b).
      const double magnitude = std::abs(exact);
      if (absolute >= max_relative_ * magnitude) {
        max_relative_ = larger(max_relative_, absolute / magnitude);
      }
      if (rounded == 0) flushed_ += 1;
    }
    count_ += 1;
  }

  ErrorFigures figures() const {
    ErrorFigures figures;
    figures.rms = std::sqrt(noise_ / count_);
    figures.max_absolute = max_absolute_;
    figures.max_relative = max_relative_;
    figures.flushed = flushed_;
    // SNR in dB: 10 · log10(signal power / noise power).
    if (noise_ > 0 && signal_ > 0) {
      figures.snr_db = 10 * naturalLog(signal_ / noise_) / naturalLog(10);
    }
    return figures;
  }

 private:
  double signal_ = 0, noise_ = 0, max_absolute_ = 0, max_relative_ = 0, flushed_ = 0, count_ = 0;
};

struct Quantized {
  ErrorFigures error;
  double groups = 0, blocks = 0, clipped = 0;
};

// An FP32 scale that maps `amax` to at most `target`: rounded up, so no element clips.
double fp32ScaleFor(double amax, double target) {
  if (amax == 0) return 1;
  float scale = static_cast<float>(amax / target);
  if (static_cast<double>(scale) * target < amax) scale = std::nextafter(scale, HUGE_VALF);
  return scale;
}

// The largest magnitude of `count` values (0 for none).
[[gnu::always_inline]] inline double largestMagnitude(const double* values, std::size_t count) {
  double amax = 0;
  for (std::size_t i = 0; i < count; ++i) amax = larger(amax, std::abs(values[i]));
  return amax;
}

// Quantizes `count` values at one scale (value / scale, rounded, times scale), adding each
// element's error to `error` in order and counting the elements beyond ±max in `clipped`.
[[gnu::always_inline]] inline void quantizeAtScale(const double* values, std::size_t count,
                                                   double scale, const Rounding& round, double max,
                                                   ErrorSums& error, double& clipped) {
  if (scale == 0) {
    // An E4M3 block scale that underflowed: the block flushes.
    for (std::size_t i = 0; i < count; ++i) error.add(values[i], 0);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const double scaled = values[i] / scale;
    const double magnitude = std::abs(scaled);
    if (magnitude > max) clipped += 1;
    const double rounded = round.magnitude(magnitude);
    error.add(values[i], (scaled < 0 ? -rounded : rounded) * scale);
  }
}

// V3 report §3.3.2: an online max-abs FP32 scale per group (none: 1, a plain cast); block formats
// then scale each block of `block_size` consecutive elements of a row (NVFP4: E4M3 scale of
// blockAmax / 6, rounded to nearest; MX v1.0 §6.3: 2^(floor(log2 blockAmax) − emax of the
// element), held to UE8M0's 2^−127 … 2^127, which only the low end reaches from FP32 values).
// Returns the error figures of the quantized tensor against `values`, computed as it
// goes (nothing is stored).
Quantized quantizeValues(std::span<const double> values, std::size_t cols,
                         const NumberFormat& format, Granularity granularity) {
  const std::size_t n = values.size();
  const double* data = values.data();  // indexed directly: a span's [] is a call at -Os
  const std::size_t rows = (n + cols - 1) / cols;
  const std::size_t tiles_per_row = (cols + kTile - 1) / kTile;
  // The scaling group of (row, column tile): tiled granularities have one per 128 columns.
  const bool tiled =
      granularity == Granularity::tile_1x128 || granularity == Granularity::block_128x128;
  auto group_of = [&](std::size_t row, std::size_t tile) -> std::size_t {
    switch (granularity) {
      case Granularity::per_tensor:
      case Granularity::none:
        return 0;
      case Granularity::per_channel:
        return row;
      case Granularity::tile_1x128:
        return row * tiles_per_row + tile;
      case Granularity::block_128x128:
        return (row / kTile) * tiles_per_row + tile;
    }
    return 0;
  };
  // The columns a scaling group covers within one row: a 128-column tile, or the whole row.
  const std::size_t span_cols = tiled ? kTile : cols;
  std::vector<double> group_amax(rows * tiles_per_row, -1);
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t row_start = row * cols, row_end = std::min(n, row_start + cols);
    for (std::size_t start = row_start, tile = 0; start < row_end; start += span_cols, ++tile) {
      const std::size_t end = std::min(start + span_cols, row_end);
      const double amax = largestMagnitude(data + start, end - start);
      double& group = group_amax[group_of(row, tile)];
      group = larger(group, amax);
    }
  }
  const NumberFormat& e4m3 = formatOf(FormatId::e4m3);
  const bool nvfp4 = format.scale_format == e4m3.id;
  const bool mx = format.scale_format == label(FormatId::ue8m0);
  // NVFP4's FP32 tensor scale leaves the E4M3 block scales their full range: amax → 6 · 448.
  const double target = nvfp4 ? format.max * e4m3.max : format.max;
  std::vector<double> group_scale(group_amax.size(), 1);
  Quantized out;
  for (std::size_t g = 0; g < group_amax.size(); ++g) {
    if (group_amax[g] < 0 || granularity == Granularity::none) continue;  // scale 1, not stored
    out.groups += 1;
    group_scale[g] = fp32ScaleFor(group_amax[g], target);
  }
  const Rounding round(format);
  const Rounding round_e4m3(e4m3);
  const bool block_format = isBlockFormat(format);
  const std::size_t block = block_format ? static_cast<std::size_t>(format.block_size)
                                         : std::max(span_cols, std::size_t{1});
  const double* scales = group_scale.data();
  const int element_emax = leadingExponent(format.max);
  const double max = format.max;
  // Locals, not members of `out`: the compiler keeps them in registers only if no pointer to
  // doubles (`values`) could reach them.
  ErrorSums error;
  double blocks = 0, clipped = 0;
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t row_start = row * cols, row_end = std::min(n, row_start + cols);
    // One block: `block` elements of a row within one scaling group (a block format's blocks,
    // 16 or 32, divide the 128-column tiles).
    for (std::size_t start = row_start; start < row_end; start += block) {
      const std::size_t end = std::min(start + block, row_end);
      const double group = scales[group_of(row, tiled ? (start - row_start) / kTile : 0)];
      double block_scale = 1;
      if (block_format) {
        blocks += 1;
        double amax = 0;
        for (std::size_t i = start; i < end; ++i) amax = larger(amax, std::abs(data[i]) / group);
        if (nvfp4) {
          block_scale = round_e4m3(amax / format.max);
        } else if (mx && amax > 0) {
          block_scale = powerOfTwo(std::clamp(leadingExponent(amax) - element_emax, -127, 127));
        }
      }
      quantizeAtScale(data + start, end - start, group * block_scale, round, max, error, clipped);
    }
  }
  out.error = error.figures();
  out.blocks = blocks;
  out.clipped = clipped;
  return out;
}

}  // namespace

// ---- formatSpacing --------------------------------------------------------------------------

Outcome<FormatSpacingResult> FormatSpacing::evaluate(const FormatSpacingInput& input) {
  const NumberFormat& format = formatOf(choiceOf<FormatId>(input.format));
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

Outcome<RoundValueResult> RoundValue::evaluate(const RoundValueInput& in) {
  if (choiceOf<FormatId>(in.format) == FormatId::ue8m0) {
    return failure<RoundValueResult>("format", notAnElementFormat().errors.front().message);
  }
  const NumberFormat& format = formatOf(choiceOf<FormatId>(in.format));
  RoundValueResult out;
  out.rounded = roundToFormat(in.value, format);
  out.absolute_error = std::abs(out.rounded - in.value);
  if (in.value != 0) out.relative_error = out.absolute_error / std::abs(in.value);
  out.clipped = std::abs(in.value) > format.max;
  out.flushed_to_zero = in.value != 0 && out.rounded == 0;
  return {out, {}};
}

// ---- quantize -------------------------------------------------------------------------------

Outcome<QuantizeResult> Quantize::evaluate(const QuantizeInput& in) {
  if (choiceOf<FormatId>(in.format) == FormatId::ue8m0) return notAnElementFormat();
  const NumberFormat& format = formatOf(choiceOf<FormatId>(in.format));
  std::vector<double> generated;
  std::span<const double> values = in.values;
  if (values.empty()) {
    if (in.rows * in.cols > kMaxElements) {
      return failure<QuantizeResult>("rows", "rows · cols must be at most " +
                                                 formatNumber(kMaxElements) + " (got " +
                                                 formatNumber(in.rows * in.cols) + ")");
    }
    if (choiceOf<Distribution>(in.distribution) == Distribution::histogram) {
      if (auto error = checkHistogram(in)) return {{}, {std::move(*error)}};
    }
    generated =
        syntheticValues(in, static_cast<std::size_t>(in.rows), static_cast<std::size_t>(in.cols));
    values = generated;
  } else {
    if (static_cast<double>(values.size()) > kMaxElements) {
      return failure<QuantizeResult>(
          "values", "at most " + formatNumber(kMaxElements) + " numbers can be quantized at once");
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!(std::abs(values[i]) <= kLargestTensorValue)) {
        return failure<QuantizeResult>("values",
                                       "values must be finite and within FP32's range "
                                       "(number " +
                                           std::to_string(i + 1) + " is not)");
      }
    }
  }
  const Quantized quantized = quantizeValues(values, static_cast<std::size_t>(in.cols), format,
                                             choiceOf<Granularity>(in.granularity));
  const ErrorFigures& figures = quantized.error;
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
  out.bits_per_element = format.storage_bits + out.scale_bits_per_element;
  return {out, {}};
}

// ---- accumulationError ----------------------------------------------------------------------

namespace {

// PTX ISA, wgmma.mma_async: an FP8 (e4m3/e5m2) WGMMA has K = 32.
constexpr int kWgmmaK = 32;
// ISCA'25 §3.1.1: 13 fraction bits kept after alignment; FP22 = 1 + 8 + 13 bits.
constexpr int kHopperFractionBits = 13;

// Keeps the leading `bits` significant bits of x, truncating toward zero.
[[gnu::always_inline]] inline double truncateToSignificantBits(double x, int bits) {
  if (x == 0) return 0;
  const int exponent = leadingExponent(std::abs(x)) + 1 - bits;
  return std::trunc(x * powerOfTwo(-exponent)) * powerOfTwo(exponent);
}

// The FP8 tensor core's accumulation, one WGMMA (32 products) at a time, as ISCA'25 §3.1.1
// describes it: the 32 products are right-shifted to the largest exponent and keep their highest
// 13 fraction bits, the bits below are truncated, and the sum lands in an FP22 register (1 + 8 +
// 13 bits). The register is the WGMMA's accumulator input, so it is aligned with the products
// (Khattak & Mikaitis, "Accurate Models of NVIDIA Tensor Cores", 2025, whose H100 model is
// checked bit for bit against the hardware: all terms aligned together, magnitudes truncated
// toward zero; V3 §3.5.2's "sign-fill right shifting" would round negative terms toward −∞
// instead, the same for operands of one sign). Every promoteEvery products (0: never) the
// register is added to an FP32 sum on the CUDA cores and cleared (V3 report §3.3.2).
class HopperAccumulator {
 public:
  explicit HopperAccumulator(std::size_t promote_every) : promote_every_(promote_every) {}

  // Adds `count` ≤ 32 products that end the dot product's first `end` products.
  [[gnu::always_inline]] void add(const double* products, std::size_t count, std::size_t end) {
    int emax = INT_MIN;
    if (register_ != 0) emax = leadingExponent(std::abs(register_));
    for (std::size_t i = 0; i < count; ++i) {
      if (products[i] == 0) continue;
      const int exponent = leadingExponent(std::abs(products[i]));
      if (exponent > emax) emax = exponent;
    }
    if (emax != INT_MIN) {
      const double quantum = powerOfTwo(emax - kHopperFractionBits);
      const double per_quantum = powerOfTwo(kHopperFractionBits - emax);
      double sum = std::trunc(register_ * per_quantum) * quantum;
      for (std::size_t i = 0; i < count; ++i) {
        sum += std::trunc(products[i] * per_quantum) * quantum;
      }
      register_ = truncateToSignificantBits(sum, kHopperFractionBits + 1);
    }
    if (promote_every_ > 0 && end % promote_every_ == 0) {
      promoted_ += static_cast<float>(register_);
      register_ = 0;
    }
  }

  // The dot product if it ended here: the register, promoted once more when promoting.
  double result() const {
    if (promote_every_ == 0) return register_;
    return promoted_ + static_cast<float>(register_);
  }

 private:
  std::size_t promote_every_;
  float promoted_ = 0;  // the FP32 sum on the CUDA cores
  double register_ = 0;
};

}  // namespace

double hopperAccumulate(std::span<const double> products, int promote_every) {
  HopperAccumulator accumulator(static_cast<std::size_t>(promote_every));
  for (std::size_t start = 0; start < products.size(); start += kWgmmaK) {
    const std::size_t end = std::min(products.size(), start + kWgmmaK);
    accumulator.add(products.data() + start, end - start, end);
  }
  return accumulator.result();
}

Outcome<AccumulationResult> AccumulationError::evaluate(const AccumulationInput& in) {
  const std::size_t promote_every = static_cast<std::size_t>(in.promote_every);
  if (promote_every % kWgmmaK != 0) {
    return failure<AccumulationResult>(
        "promoteEvery",
        "promoteEvery must be 0 or a multiple of 32 (one FP8 WGMMA has K = 32; got " +
            formatNumber(in.promote_every) + ")");
  }
  const std::size_t k = static_cast<std::size_t>(in.k);
  const bool hopper = choiceOf<Accumulator>(in.accumulator) == Accumulator::hopper_fp8;
  const bool uniform =
      choiceOf<OperandDistribution>(in.distribution) == OperandDistribution::uniform;
  const Rounding e4m3(formatOf(FormatId::e4m3));
  std::vector<std::size_t> lengths;
  for (std::size_t length = kWgmmaK; length < k; length *= 2) lengths.push_back(length);
  lengths.push_back(k);
  AccumulationResult out;
  out.sweep.resize(lengths.size());
  std::vector<double> squared_error(lengths.size()), squared_reference(lengths.size());
  std::vector<double> products(k);
  double* product = products.data();  // indexed directly: a vector's [] is a call at -Os
  for (int trial = 0; trial < static_cast<int>(in.trials); ++trial) {
    Random random(static_cast<std::uint64_t>(in.seed) * 1000003 +
                  static_cast<std::uint64_t>(trial));
    for (std::size_t i = 0; i < k; ++i) {
      const double a = uniform ? random.uniform() : random.normal();
      const double b = uniform ? random.uniform() : random.normal();
      // E4M3 × E4M3 has at most 8 significant bits: exact in double and in FP32.
      product[i] = e4m3(a) * e4m3(b);
    }
    // One pass over the products; every sweep length (a whole number of WGMMAs, or k) is read
    // off on the way, as if the dot product ended there.
    double reference = 0;  // FP64 reference
    float fp32 = 0;
    HopperAccumulator accumulator(promote_every);
    std::size_t point = 0;
    for (std::size_t start = 0; start < k; start += kWgmmaK) {
      const std::size_t end = std::min(k, start + kWgmmaK);
      for (std::size_t i = start; i < end; ++i) {
        reference += product[i];
        fp32 += static_cast<float>(product[i]);
      }
      if (hopper) accumulator.add(product + start, end - start, end);
      if (end != lengths[point]) continue;
      const double sum = hopper ? accumulator.result() : fp32;
      const double relative =
          reference == 0 ? std::abs(sum) : std::abs(sum - reference) / std::abs(reference);
      AccumulationPoint& row = out.sweep[point];
      row.k = static_cast<double>(end);
      row.max_relative_error = std::max(row.max_relative_error, relative);
      row.mean_relative_error += relative / in.trials;
      squared_error[point] += (sum - reference) * (sum - reference);
      squared_reference[point] += reference * reference;
      ++point;
    }
  }
  for (std::size_t point = 0; point < lengths.size(); ++point) {
    // Relative to the trials' reference sums as one vector: finite when the sums cancel.
    out.sweep[point].normwise_relative_error =
        squared_reference[point] > 0 ? std::sqrt(squared_error[point] / squared_reference[point])
                                     : std::sqrt(squared_error[point]);
  }
  out.max_relative_error = out.sweep.back().max_relative_error;
  out.mean_relative_error = out.sweep.back().mean_relative_error;
  out.normwise_relative_error = out.sweep.back().normwise_relative_error;
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

namespace {

// One LogFMT encoder for many tiles: the logarithms of a tile are taken once, and each code's
// decoded value is computed once per tile (naturalExp is its costliest step), so results are the
// same bits as decoding every element on its own. A tile is coded in passes (logarithms, codes,
// the codes' values, the choice between them): the logarithms, and the values of the codes the
// tile uses, are each a run of independent evaluations the processor overlaps, where one
// element at a time would wait on each series in turn.
class LogFmtCoder {
 public:
  explicit LogFmtCoder(int bits)
      : divisor_(std::ldexp(1.0, bits - 1) - 2),
        // ISCA'25 §3.2: min > max − log(2^32), a range like E5's.
        max_log_range_(32 * naturalLog(2)),
        code_values_(static_cast<std::size_t>(divisor_) + 2),
        code_tile_(code_values_.size(), 0),
        used_codes_(code_values_.size() + 1) {}

  double divisor() const { return divisor_; }

  // Decodes `tile` into `decoded` (same size); returns the tile's log range (max − min) after
  // the ISCA'25 clamp, 0 for a tile of zeros or of one magnitude.
  double roundTrip(std::span<const double> tile, std::span<double> decoded) {
    ++tile_;
    const std::size_t n = tile.size();
    if (logs_.size() < n) {
      logs_.resize(n);
      low_codes_.resize(n);
      high_codes_.resize(n);
    }
    // Indexed through pointers, compared by hand: at -Os a span's [] and std::min are calls.
    const double* in = tile.data();
    double* out = decoded.data();
    double* logs = logs_.data();
    double log_min = HUGE_VAL, log_max = -HUGE_VAL;
    for (std::size_t i = 0; i < n; ++i) {
      if (in[i] == 0) continue;
      const double log = logOf(std::abs(in[i]));
      logs[i] = log;
      if (log < log_min) log_min = log;
      if (log > log_max) log_max = log;
    }
    if (log_max == -HUGE_VAL) {  // an all-zero tile
      for (std::size_t i = 0; i < n; ++i) out[i] = 0;
      return 0;
    }
    log_min = larger(log_min, log_max - max_log_range_);
    // ISCA'25 §3.2: Step = (max − min) / (2^(n−1) − 2); K = 1 decodes to e^min, the top to e^max.
    const double step = (log_max - log_min) / divisor_;
    // A code's decoded value (code 0 is zero).
    const auto decode = [&](std::size_t code) __attribute__((always_inline)) {
      return code < 1 ? 0.0 : expOf(log_min + step * (static_cast<double>(code) - 1));
    };
    if (!(step > 0)) {  // one magnitude: every element decodes to code 1
      const double value = decode(1);
      for (std::size_t i = 0; i < n; ++i) {
        const double magnitude = std::abs(in[i]);
        out[i] = magnitude == 0 ? 0 : in[i] < 0 ? -value : value;
      }
      return log_max - log_min;
    }
    // Rounded in linear space (ISCA'25 §3.2: unbiased), between the two codes around |x|,
    // clamped to the codes there are. Each code the tile uses is listed once (without branches:
    // the tests would be random).
    const double top = divisor_ + 1;
    std::size_t* low_codes = low_codes_.data();
    std::size_t* high_codes = high_codes_.data();
    std::uint64_t* code_tile = code_tile_.data();
    std::size_t* used = used_codes_.data();
    std::size_t used_count = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (in[i] == 0) continue;
      double below = std::floor((logs[i] - log_min) / step) + 1;
      below = below < 0 ? 0 : below > top ? top : below;
      const auto low = static_cast<std::size_t>(below);
      const auto high = static_cast<std::size_t>(below + 1 < top ? below + 1 : top);
      low_codes[i] = low;
      high_codes[i] = high;
      used[used_count] = low;
      used_count += code_tile[low] != tile_ ? 1 : 0;
      code_tile[low] = tile_;
      used[used_count] = high;
      used_count += code_tile[high] != tile_ ? 1 : 0;
      code_tile[high] = tile_;
    }
    double* code_values = code_values_.data();
    for (std::size_t k = 0; k < used_count; ++k) code_values[used[k]] = decode(used[k]);
    for (std::size_t i = 0; i < n; ++i) {
      const double magnitude = std::abs(in[i]);
      if (magnitude == 0) {
        out[i] = 0;
        continue;
      }
      const double low = code_values[low_codes[i]], high = code_values[high_codes[i]];
      const double value = magnitude - low <= high - magnitude ? low : high;
      out[i] = in[i] < 0 ? -value : value;
    }
    return log_max - log_min;
  }

 private:
  double divisor_, max_log_range_;
  std::vector<double> code_values_;       // this tile's value of each code it uses
  std::vector<std::uint64_t> code_tile_;  // the last tile that used each code
  std::vector<std::size_t> used_codes_;   // the codes this tile uses, each once
  std::uint64_t tile_ = 0;
  std::vector<double> logs_;
  std::vector<std::size_t> low_codes_, high_codes_;  // the codes around each element
};

}  // namespace

std::vector<double> logFmtRoundTrip(std::span<const double> tile, int bits) {
  std::vector<double> decoded(tile.size(), 0);
  LogFmtCoder(bits).roundTrip(tile, decoded);
  return decoded;
}

Outcome<LogFmtResult> LogFmt::evaluate(const LogFmtInput& in) {
  if (choiceOf<Distribution>(in.distribution) == Distribution::histogram) {
    if (auto error = checkHistogram(in)) return {{}, {std::move(*error)}};
  }
  const std::size_t tiles = static_cast<std::size_t>(in.tiles);
  const std::vector<double> values = syntheticValues(in, tiles, kTile);
  const int bits = static_cast<int>(in.bits);
  LogFmtResult out;
  out.step_divisor = std::ldexp(1.0, bits - 1) - 2;
  // Each tile is decoded into one tile-sized buffer and its errors summed at once, in element
  // order: the same sums as over a decoded copy of the whole tensor. The tile is quantized to
  // E4M3 and E5M2 while it is at hand, with one FP32 scale each from its shared max-abs, as
  // quantizeValues does at 1×128 tiles (the same operations, so the same bits).
  std::array<double, kTile> decoded{};
  LogFmtCoder coder(bits);
  const NumberFormat& e4m3_format = formatOf(FormatId::e4m3);
  const NumberFormat& e5m2_format = formatOf(FormatId::e5m2);
  const Rounding round_e4m3(e4m3_format), round_e5m2(e5m2_format);
  const double e4m3_max = e4m3_format.max, e5m2_max = e5m2_format.max;
  ErrorSums sums, e4m3_sums, e5m2_sums;
  double clipped = 0;  // none: each scale maps the tile's max-abs inside the format
  for (std::size_t t = 0; t < tiles; ++t) {
    const double* tile = values.data() + t * kTile;
    const double log_range = coder.roundTrip(std::span(tile, kTile), decoded);
    out.mean_step += log_range / out.step_divisor / static_cast<double>(tiles);
    for (std::size_t i = 0; i < kTile; ++i) sums.add(tile[i], decoded.data()[i]);
    const double amax = largestMagnitude(tile, kTile);
    quantizeAtScale(tile, kTile, fp32ScaleFor(amax, e4m3_max), round_e4m3, e4m3_max, e4m3_sums,
                    clipped);
    quantizeAtScale(tile, kTile, fp32ScaleFor(amax, e5m2_max), round_e5m2, e5m2_max, e5m2_sums,
                    clipped);
  }
  const ErrorFigures logfmt = sums.figures();
  out.rms_error = logfmt.rms;
  out.max_relative_error = logfmt.max_relative;
  const ErrorFigures e4m3 = e4m3_sums.figures();
  const ErrorFigures e5m2 = e5m2_sums.figures();
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

namespace {

// Bytes one element takes on the wire: its bits, the block format's own scale per block
// (NVFP4: E4M3 per 16; MX: UE8M0 per 32; OCP MX v1.0, NVIDIA NVFP4), and one FP32 scale per group
// (V3 report §3.3.2's fine-grained 1×128 scaling) for the other formats under 16 bits. An element
// travels in its storage bits (TF32 in FP32's 32, A100 whitepaper).
double wireBytesPerElement(const NumberFormat& format, double scale_group_size) {
  const double element_bits = format.storage_bits;
  const double block_scale =
      isBlockFormat(format) ? formatById(format.scale_format).bits / format.block_size : 0;
  const double group_scale = !isBlockFormat(format) && format.bits < 16 && scale_group_size > 0
                                 ? 32 / scale_group_size
                                 : 0;
  return (element_bits + block_scale + group_scale) / 8;
}

}  // namespace

Outcome<CommunicationBytesResult> CommunicationBytes::evaluate(const CommunicationBytesInput& in) {
  for (const auto& [field, index] : {std::pair{"dispatchFormat", in.dispatch_format},
                                     std::pair{"combineFormat", in.combine_format},
                                     std::pair{"gradientFormat", in.gradient_format}}) {
    if (choiceOf<FormatId>(index) == FormatId::ue8m0) {
      return failure<CommunicationBytesResult>(
          field, std::string(field) + " must be an element format; ue8m0 holds scales only");
    }
  }
  const auto bytes = [&](double index) {
    return wireBytesPerElement(formatOf(choiceOf<FormatId>(index)), in.scale_group_size);
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

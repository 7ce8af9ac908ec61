// Precision lab: the number formats of low-precision training and serving (FP8, FP4 with block
// scales, BF16, …), bit-exact round-to-nearest-even into each, fine-grained scaling of a tensor,
// FP8 GEMM accumulation with and without FP32 promotion, and LogFMT. Sources: OCP OFP8 rev 1.0
// (2023), OCP Microscaling Formats (MX) v1.0 (2023), IEEE 754-2019, DeepSeek-V3 report §3.3 and
// ISCA'25 §3. Every random draw comes from the seeded generator below and every transcendental
// function from this file, so native and wasm builds agree bit for bit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "field.hpp"

namespace ridgepoint {

// ---- Formats --------------------------------------------------------------------------------

// A number format as its specification defines it. Values are magnitudes; every format but
// UE8M0 is signed. A block format (NVFP4, MX) stores `block_size` elements with one shared scale
// in `scale_format`; its other fields describe the elements.
struct NumberFormat {
  std::string_view id;
  std::string_view name;
  double bits = 0;          // per element, without block scales
  double storage_bits = 0;  // per element in memory and on the wire; 0 in the table = bits
  double exponent_bits = 0;
  double mantissa_bits = 0;  // explicit fraction bits (INT8: magnitude bits)
  double max = 0;            // largest finite value
  double min_normal = 0;     // smallest normal value (INT8: 1)
  double min_subnormal = 0;  // 0 where the format has no subnormals
  double epsilon = 0;        // 2^-mantissaBits: the spacing just above 1 (INT8: relative to 128)
  double dynamic_range_binades = 0;    // log2(max / smallest positive value)
  double block_size = 1;               // elements sharing one scale; 1 = no block scale
  std::string_view scale_format = {};  // id of the block scale's format, "" when none
  std::string_view source = {};
};

template <>
struct Schema<NumberFormat> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &NumberFormat::id},
      OutputField{"name", "", &NumberFormat::name},
      OutputField{"bits", "bit", &NumberFormat::bits},
      OutputField{"storageBits", "bit", &NumberFormat::storage_bits,
                  "bits an element takes in memory and on the wire: bits, but FP32's 32 for TF32"},
      OutputField{"exponentBits", "bit", &NumberFormat::exponent_bits},
      OutputField{"mantissaBits", "bit", &NumberFormat::mantissa_bits},
      OutputField{"max", "1", &NumberFormat::max},
      OutputField{"minNormal", "1", &NumberFormat::min_normal},
      OutputField{"minSubnormal", "1", &NumberFormat::min_subnormal},
      OutputField{"epsilon", "1", &NumberFormat::epsilon, "2^−mantissaBits"},
      OutputField{"dynamicRangeBinades", "1", &NumberFormat::dynamic_range_binades,
                  "log2(max / smallest positive value)"},
      OutputField{"blockSize", "1", &NumberFormat::block_size},
      OutputField{"scaleFormat", "", &NumberFormat::scale_format},
      OutputField{"source", "", &NumberFormat::source},
  };
};

// The formats, in the order of formats(); their labels are the ids every `format` input takes.
enum class FormatId {
  e4m3,
  e5m2,
  e5m6,
  ue8m0,
  int8,
  e2m1,
  nvfp4,
  mxfp4,
  mxfp8,
  bf16,
  fp16,
  tf32,
  fp32
};
template <>
struct Labels<FormatId> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"e4m3", "e5m2", "e5m6", "ue8m0", "int8", "e2m1", "nvfp4",
                                       "mxfp4", "mxfp8", "bf16", "fp16", "tf32", "fp32"});
};

std::span<const NumberFormat> formats();
const NumberFormat& formatOf(FormatId id);
const NumberFormat& formatById(std::string_view id);  // e4m3 for an unknown id

// Round-to-nearest, ties to even, into `format` (its elements for a block format), saturating
// to ±max: the OCP "satfinite" conversion, which FP8 training uses for every format. `value`
// must be finite. UE8M0 is not an element format (see mxScale).
double roundToFormat(double value, const NumberFormat& format);

// Deterministic arithmetic: the same bits on every IEEE-754 machine (only +, −, ×, ÷, sqrt,
// frexp, ldexp: no libm transcendental, whose last bit differs between C libraries).
double naturalLog(double x);  // x > 0
double naturalExp(double x);

// xoshiro256** (Blackman & Vigna 2018) seeded through splitmix64.
// next() and uniform() are defined here and always inlined: Emscripten's -Os build inlines
// nothing on its own (not even std::max), and a call per draw costs more than the draw.
class Random {
 public:
  explicit Random(std::uint64_t seed);
  [[gnu::always_inline]] std::uint64_t next() {
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
  // [0, 1), 53 random bits; converted as a signed integer (the same value) because wasm's
  // signed conversion is one instruction and its unsigned one is not.
  [[gnu::always_inline]] double uniform() {
    return static_cast<double>(static_cast<std::int64_t>(next() >> 11)) * 0x1p-53;
  }
  double normal();  // N(0, 1), Marsaglia's polar method
  // The next out.size() values of normal(), in one call.
  void fillNormal(std::span<double> out);

 private:
  [[gnu::always_inline]] static std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  [[gnu::always_inline]] inline double drawNormal();
  std::array<std::uint64_t, 4> state_{};
  double spare_ = 0;
  bool has_spare_ = false;
};

// ---- formatSpacing --------------------------------------------------------------------------

struct FormatSpacingInput {
  double format = 0;  // a FormatId
};

inline constexpr auto kFormatSpacingInputs = std::to_array<InputField<FormatSpacingInput>>({
    {.name = "format",
     .unit = "",
     .help = "the number format",
     .member = &FormatSpacingInput::format,
     .default_value = choiceIndex(FormatId::e4m3),
     .choices = Labels<FormatId>::labels},
});

struct SpacingPoint {
  double value = 0;
  double relative_spacing = 0;
};

template <>
struct Schema<SpacingPoint> {
  static constexpr auto fields = std::tuple{
      OutputField{"value", "1", &SpacingPoint::value},
      OutputField{"relativeSpacing", "1", &SpacingPoint::relative_spacing},
  };
};

struct FormatSpacingResult {
  double max = 0, min_normal = 0, min_subnormal = 0, epsilon = 0, dynamic_range_binades = 0;
  double positive_values = 0;
  std::vector<SpacingPoint> points;
};

template <>
struct Schema<FormatSpacingResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"max", "1", &FormatSpacingResult::max},
      OutputField{"minNormal", "1", &FormatSpacingResult::min_normal},
      OutputField{"minSubnormal", "1", &FormatSpacingResult::min_subnormal},
      OutputField{"epsilon", "1", &FormatSpacingResult::epsilon, "2^−mantissaBits"},
      OutputField{"dynamicRangeBinades", "1", &FormatSpacingResult::dynamic_range_binades,
                  "log2(max / smallest positive value)"},
      OutputField{"positiveValues", "1", &FormatSpacingResult::positive_values,
                  "finite positive values the format can hold"},
      OutputField{"points", "", &FormatSpacingResult::points,
                  "(next value − value) / value at the start of each binade and at max"},
  };
};

// What a format can represent: its extremes and the relative gap between neighbours.
struct FormatSpacing {
  static constexpr const char* id = "formatSpacing";
  static constexpr std::string_view title = "Representable values of a format";
  using Input = FormatSpacingInput;
  using Output = FormatSpacingResult;
  static constexpr auto& inputs = kFormatSpacingInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- roundValue -----------------------------------------------------------------------------

struct RoundValueInput {
  double format = 0;  // a FormatId
  double value = 0;
};

inline constexpr auto kRoundValueInputs = std::to_array<InputField<RoundValueInput>>({
    {.name = "format",
     .unit = "",
     .help = "element format (UE8M0 is a scale format only)",
     .member = &RoundValueInput::format,
     .default_value = choiceIndex(FormatId::e4m3),
     .choices = Labels<FormatId>::labels},
    {.name = "value",
     .unit = "1",
     .help = "the number to round (a finite number)",
     .member = &RoundValueInput::value,
     .default_value = 0.3,
     .min = -1e300,
     .max = 1e300},
});

struct RoundValueResult {
  double rounded = 0, absolute_error = 0;
  MaybeNumber relative_error;  // null for value 0
  bool clipped = false, flushed_to_zero = false;
};

template <>
struct Schema<RoundValueResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"rounded", "1", &RoundValueResult::rounded,
                  "nearest representable value, ties to even, saturating at ±max"},
      OutputField{"absoluteError", "1", &RoundValueResult::absolute_error, "|rounded − value|"},
      OutputField{"relativeError", "1", &RoundValueResult::relative_error,
                  "absoluteError / |value|"},
      OutputField{"clipped", "", &RoundValueResult::clipped, "|value| > max"},
      OutputField{"flushedToZero", "", &RoundValueResult::flushed_to_zero,
                  "value ≠ 0 and rounded = 0"},
  };
};

// One number rounded into a format, bit-exactly.
struct RoundValue {
  static constexpr const char* id = "roundValue";
  static constexpr std::string_view title = "Round a number into a format";
  using Input = RoundValueInput;
  using Output = RoundValueResult;
  static constexpr auto& inputs = kRoundValueInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- quantize -------------------------------------------------------------------------------

// One FP32 scale per tensor, per row, per 1×128 tile or per 128×128 block (V3 report §3.3.2), or
// none: a plain cast, or a block format's own block scales alone (OCP MX v1.0 as specified).
enum class Granularity { per_tensor, per_channel, tile_1x128, block_128x128, none };
template <>
struct Labels<Granularity> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"per-tensor", "per-channel", "1x128", "128x128", "none"});
};

// Where a synthetic tensor's numbers come from: a named distribution, or a histogram the person
// supplies (bin edges and counts, e.g. measured activations), sampled bin by bin.
enum class Distribution { normal, log_normal, outlier_channels, uniform, histogram };
template <>
struct Labels<Distribution> {
  static constexpr auto labels = std::to_array<std::string_view>(
      {"normal", "log-normal", "outlier-channels", "uniform", "histogram"});
};

inline constexpr double kMaxHistogramBins = 4096;

// The inputs of a seeded synthetic tensor, shared by quantize and logFmt.
struct SyntheticTensorInput {
  double distribution = 0;  // a Distribution
  double sigma = 0, outlier_scale = 0;
  std::vector<double> histogram_edges, histogram_counts;
  double seed = 0;
};

// A tensor's numbers are FP32 at most (IEEE 754 binary32 max): every FP32 scale of them is finite,
// and the sums of their squares over kMaxElements cannot overflow.
inline constexpr double kLargestTensorValue = 0x1.fffffep127;

inline constexpr auto kSyntheticTensorInputs = std::to_array<InputField<SyntheticTensorInput>>({
    {.name = "distribution",
     .unit = "",
     .help = "the synthetic tensor's distribution ('histogram': your bins, below)",
     .member = &SyntheticTensorInput::distribution,
     .default_value = choiceIndex(Distribution::normal),
     .choices = Labels<Distribution>::labels},
    {.name = "sigma",
     .unit = "1",
     .help = "log-normal: σ of ln|x|",
     .member = &SyntheticTensorInput::sigma,
     .default_value = 1,
     .min = 0.01,
     .max = 10},
    {.name = "outlierScale",
     .unit = "1",
     .help = "outlier-channels: every 64th column is this many times larger",
     .member = &SyntheticTensorInput::outlier_scale,
     .default_value = 100,
     .min = 1,
     .max = 1e4},
    {.name = "histogramEdges",
     .unit = "1",
     .help = "histogram: bin edges in increasing order, one more than the counts (at most 4096 "
             "bins); each value is drawn uniformly within its bin",
     .min = -kLargestTensorValue,
     .max = kLargestTensorValue,
     .list = &SyntheticTensorInput::histogram_edges},
    {.name = "histogramCounts",
     .unit = "1",
     .help = "histogram: the count (or weight) of each bin, not all 0",
     .min = 0,
     .max = 1e300,
     .list = &SyntheticTensorInput::histogram_counts},
    {.name = "seed",
     .unit = "1",
     .help = "seed of the random tensor (the same seed gives the same numbers everywhere)",
     .member = &SyntheticTensorInput::seed,
     .default_value = 1,
     .min = 0,
     .max = 4294967295.0,
     .integer = true},
});

// A seeded synthetic tensor of rows × cols, row-major. Callers check the histogram first
// (checkHistogram).
std::vector<double> syntheticValues(const SyntheticTensorInput& input, std::size_t rows,
                                    std::size_t cols);

// Why a histogram cannot be sampled (edges not increasing, counts of the wrong length or all
// zero, too many bins), or nothing when it can.
std::optional<FieldError> checkHistogram(const SyntheticTensorInput& input);

inline constexpr double kMaxElements = 16777216;  // 2^24: 1M-element figures with room

struct QuantizeInput : SyntheticTensorInput {
  double format = 0;       // a FormatId
  double granularity = 0;  // a Granularity
  double rows = 0, cols = 0;
  // The person's own numbers, row-major in rows of `cols`; empty: the seeded distribution.
  std::vector<double> values;
};

inline constexpr auto kQuantizeInputs = concatFields<QuantizeInput>(
    std::to_array<InputField<QuantizeInput>>({
        {.name = "format",
         .unit = "",
         .help = "element format (UE8M0 is a scale format only)",
         .member = &QuantizeInput::format,
         .default_value = choiceIndex(FormatId::e4m3),
         .choices = Labels<FormatId>::labels},
        {.name = "granularity",
         .unit = "",
         .help = "one FP32 scale per tensor, per row, per 1×128 tile or per 128×128 block; "
                 "none: no FP32 scale (a plain cast, or the format's own block scales alone)",
         .member = &QuantizeInput::granularity,
         .default_value = choiceIndex(Granularity::tile_1x128),
         .choices = Labels<Granularity>::labels},
    }),
    kSyntheticTensorInputs,
    std::to_array<InputField<QuantizeInput>>({
        {.name = "rows",
         .unit = "1",
         .help = "rows of the tensor (tokens, or a weight's output channels)",
         .member = &QuantizeInput::rows,
         .default_value = 256,
         .min = 1,
         .max = kMaxElements,
         .integer = true},
        {.name = "cols",
         .unit = "1",
         .help = "columns of the tensor (channels); rows of pasted numbers are this long",
         .member = &QuantizeInput::cols,
         .default_value = 1024,
         .min = 1,
         .max = kMaxElements,
         .integer = true},
        {.name = "values",
         .unit = "1",
         .help = "your own numbers, row-major in rows of cols, each within FP32's range; empty: "
                 "the seeded distribution",
         .min = -kLargestTensorValue,
         .max = kLargestTensorValue,
         .list = &QuantizeInput::values},
    }));

struct QuantizeResult {
  double elements = 0;
  double rms_error = 0, max_absolute_error = 0, max_relative_error = 0;
  MaybeNumber snr_db;  // null when the quantization is exact
  double fraction_clipped = 0, fraction_flushed_to_zero = 0;
  double scale_bits_per_element = 0, bits_per_element = 0;
};

template <>
struct Schema<QuantizeResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"elements", "1", &QuantizeResult::elements, "rows · cols"},
      OutputField{"rmsError", "1", &QuantizeResult::rms_error, "sqrt(mean((q(x) − x)²))"},
      OutputField{"maxAbsoluteError", "1", &QuantizeResult::max_absolute_error, "max |q(x) − x|"},
      OutputField{"maxRelativeError", "1", &QuantizeResult::max_relative_error,
                  "max |q(x) − x| / |x| over x ≠ 0"},
      OutputField{"snrDb", "dB", &QuantizeResult::snr_db, "10 · log10(Σ x² / Σ (q(x) − x)²)"},
      OutputField{"fractionClipped", "1", &QuantizeResult::fraction_clipped,
                  "share of elements beyond max after scaling (saturated)"},
      OutputField{"fractionFlushedToZero", "1", &QuantizeResult::fraction_flushed_to_zero,
                  "share of x ≠ 0 with q(x) = 0"},
      OutputField{"scaleBitsPerElement", "bit", &QuantizeResult::scale_bits_per_element,
                  "32 · scaling groups (none with granularity none) / elements + scale bits · "
                  "blocks / elements"},
      OutputField{"bitsPerElement", "bit", &QuantizeResult::bits_per_element,
                  "storageBits + scaleBitsPerElement"},
  };
};

// A tensor quantized with an FP32 max-abs scale per group (V3 report §3.3.2: online, 1×128 for
// activations, 128×128 for weights) and, for block formats, the format's own block scales.
struct Quantize {
  static constexpr const char* id = "quantize";
  static constexpr std::string_view title = "Quantize a tensor";
  using Input = QuantizeInput;
  using Output = QuantizeResult;
  static constexpr auto& inputs = kQuantizeInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- accumulationError ----------------------------------------------------------------------

// FP32 throughout, or Hopper's FP8 tensor-core register (ISCA'25 §3.1.1).
enum class Accumulator { fp32, hopper_fp8 };
template <>
struct Labels<Accumulator> {
  static constexpr auto labels = std::to_array<std::string_view>({"fp32", "hopper-fp8"});
};

enum class OperandDistribution { uniform, normal };
template <>
struct Labels<OperandDistribution> {
  static constexpr auto labels = std::to_array<std::string_view>({"uniform", "normal"});
};

struct AccumulationInput {
  double k = 0;
  double accumulator = 0;  // an Accumulator
  double promote_every = 0;
  double distribution = 0;  // an OperandDistribution
  double seed = 0, trials = 0;
};

inline constexpr auto kAccumulationInputs = std::to_array<InputField<AccumulationInput>>({
    {.name = "k",
     .unit = "1",
     .help = "length of the dot product (the GEMM's reduction dimension)",
     .member = &AccumulationInput::k,
     .default_value = 4096,
     .min = 1,
     .max = 65536,
     .integer = true},
    {.name = "accumulator",
     .unit = "",
     .help = "FP32 throughout, or Hopper's FP8 tensor core: each 32 products and the register "
             "aligned to the largest exponent, 13 fraction bits kept (truncated toward zero)",
     .member = &AccumulationInput::accumulator,
     .default_value = choiceIndex(Accumulator::hopper_fp8),
     .choices = Labels<Accumulator>::labels},
    {.name = "promoteEvery",
     .unit = "1",
     .help = "hopper-fp8: move the partial sum to FP32 every this many products, a multiple of 32 "
             "(0 = never; DeepSeek: 128)",
     .member = &AccumulationInput::promote_every,
     .default_value = 0,
     .min = 0,
     .max = 65536,
     .integer = true},
    {.name = "distribution",
     .unit = "",
     .help = "operands before E4M3 rounding: uniform on [0, 1) (no cancellation: each element's "
             "relative error is meaningful) or N(0, 1) (read normwiseRelativeError)",
     .member = &AccumulationInput::distribution,
     .default_value = choiceIndex(OperandDistribution::uniform),
     .choices = Labels<OperandDistribution>::labels},
    {.name = "seed",
     .unit = "1",
     .help = "seed of the random operands",
     .member = &AccumulationInput::seed,
     .default_value = 1,
     .min = 0,
     .max = 4294967295.0,
     .integer = true},
    {.name = "trials",
     .unit = "1",
     .help = "independent dot products",
     .member = &AccumulationInput::trials,
     .default_value = 16,
     .min = 1,
     .max = 256,
     .integer = true},
});

struct AccumulationPoint {
  double k = 0, max_relative_error = 0, mean_relative_error = 0, normwise_relative_error = 0;
};

template <>
struct Schema<AccumulationPoint> {
  static constexpr auto fields = std::tuple{
      OutputField{"k", "1", &AccumulationPoint::k},
      OutputField{"maxRelativeError", "1", &AccumulationPoint::max_relative_error},
      OutputField{"meanRelativeError", "1", &AccumulationPoint::mean_relative_error},
      OutputField{"normwiseRelativeError", "1", &AccumulationPoint::normwise_relative_error},
  };
};

struct AccumulationResult {
  double max_relative_error = 0, mean_relative_error = 0, normwise_relative_error = 0;
  double wgmmas_per_promotion = 0, promotions = 0, promotion_flop_ratio = 0;
  std::vector<AccumulationPoint> sweep;
};

template <>
struct Schema<AccumulationResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"maxRelativeError", "1", &AccumulationResult::max_relative_error,
                  "max over trials of |s − s₆₄| / |s₆₄|"},
      OutputField{"meanRelativeError", "1", &AccumulationResult::mean_relative_error,
                  "mean over trials of |s − s₆₄| / |s₆₄|"},
      OutputField{"normwiseRelativeError", "1", &AccumulationResult::normwise_relative_error,
                  "sqrt(Σ (s − s₆₄)² / Σ s₆₄²) over trials: for operands whose sums cancel"},
      OutputField{"wgmmasPerPromotion", "1", &AccumulationResult::wgmmas_per_promotion,
                  "promoteEvery / 32"},
      OutputField{"promotions", "1", &AccumulationResult::promotions,
                  "ceil(k / promoteEvery); 0 when promoteEvery is 0 (no promotion)"},
      OutputField{"promotionFlopRatio", "1", &AccumulationResult::promotion_flop_ratio,
                  "2 FLOP (one FP32 FMA) per promotion / (2 · promoteEvery) tensor FLOP; 0 "
                  "without promotion"},
      OutputField{"sweep", "", &AccumulationResult::sweep,
                  "the same experiment at k = 32, 64, … and k"},
  };
};

// A length-k dot product of E4M3 operands accumulated in FP32, or in Hopper's FP8 tensor-core
// register (ISCA'25 §3.1.1), optionally promoted to FP32 every promoteEvery products (V3 §3.3.2).
// Each trial is one output element of a GEMM of two random matrices (V3's experiment); its
// relative error is per element, so the default operands are uniform on [0, 1) (no cancellation,
// every element's error is meaningful); N(0, 1) operands are judged by normwiseRelativeError.
struct AccumulationError {
  static constexpr const char* id = "accumulationError";
  static constexpr std::string_view title = "FP8 GEMM accumulation error";
  using Input = AccumulationInput;
  using Output = AccumulationResult;
  static constexpr auto& inputs = kAccumulationInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// The Hopper tensor core's accumulation of `products` (exact), as ISCA'25 §3.1.1 describes it:
// per 32 products, align them and the register to the largest exponent, keep 13 fraction bits
// (truncated toward zero), sum into an FP22 register; every promoteEvery products (0: never) add
// the register into an FP32 sum on the CUDA cores.
double hopperAccumulate(std::span<const double> products, int promote_every);

// ---- logFmt ---------------------------------------------------------------------------------

struct LogFmtInput : SyntheticTensorInput {
  double bits = 0, tiles = 0;
};

inline constexpr auto kLogFmtInputs = concatFields<LogFmtInput>(
    std::to_array<InputField<LogFmtInput>>({
        {.name = "bits",
         .unit = "bit",
         .help = "n: bits per element, the sign included (ISCA'25 tested 8 and 10)",
         .member = &LogFmtInput::bits,
         .default_value = 8,
         .min = 4,
         .max = 16,
         .integer = true},
    }),
    kSyntheticTensorInputs,
    std::to_array<InputField<LogFmtInput>>({
        {.name = "tiles",
         .unit = "1",
         .help = "1×128 tiles to encode",
         .member = &LogFmtInput::tiles,
         .default_value = 64,
         .min = 1,
         .max = 8192,
         .integer = true},
    }));

struct LogFmtResult {
  double step_divisor = 0, mean_step = 0;
  double rms_error = 0, max_relative_error = 0;
  double e4m3_rms_error = 0, e4m3_max_relative_error = 0;
  double e5m2_rms_error = 0, e5m2_max_relative_error = 0;
  double bytes_per_element = 0, e4m3_bytes_per_element = 0, saving_vs_bf16 = 0;
};

template <>
struct Schema<LogFmtResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"stepDivisor", "1", &LogFmtResult::step_divisor, "2^(bits − 1) − 2"},
      OutputField{"meanStep", "1", &LogFmtResult::mean_step,
                  "mean over tiles of (max − min) / stepDivisor, min and max of ln|x|"},
      OutputField{"rmsError", "1", &LogFmtResult::rms_error, "sqrt(mean((decode(x) − x)²))"},
      OutputField{"maxRelativeError", "1", &LogFmtResult::max_relative_error,
                  "max |decode(x) − x| / |x|"},
      OutputField{"e4m3RmsError", "1", &LogFmtResult::e4m3_rms_error,
                  "E4M3 with an FP32 scale per 1×128 tile"},
      OutputField{"e4m3MaxRelativeError", "1", &LogFmtResult::e4m3_max_relative_error},
      OutputField{"e5m2RmsError", "1", &LogFmtResult::e5m2_rms_error,
                  "E5M2 with an FP32 scale per 1×128 tile"},
      OutputField{"e5m2MaxRelativeError", "1", &LogFmtResult::e5m2_max_relative_error},
      OutputField{"bytesPerElement", "B", &LogFmtResult::bytes_per_element,
                  "bits / 8 + 2 · 4 B (min, max in FP32) / 128"},
      OutputField{"e4m3BytesPerElement", "B", &LogFmtResult::e4m3_bytes_per_element,
                  "1 + 4 B (FP32 scale) / 128"},
      OutputField{"savingVsBf16", "1", &LogFmtResult::saving_vs_bf16, "1 − bytesPerElement / 2"},
  };
};

// LogFMT-nBit (ISCA'25 §3.2): per 1×128 tile, a sign and an (n−1)-bit index on a log grid from
// min to max of ln|x|, rounded in linear space; compared with E4M3 and E5M2 on the same tiles.
struct LogFmt {
  static constexpr const char* id = "logFmt";
  static constexpr std::string_view title = "LogFMT-nBit communication format";
  using Input = LogFmtInput;
  using Output = LogFmtResult;
  static constexpr auto& inputs = kLogFmtInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// Encodes and decodes one tile in LogFMT-`bits` (ISCA'25 §3.2); returns the decoded values.
std::vector<double> logFmtRoundTrip(std::span<const double> tile, int bits);

// ---- communicationBytes --------------------------------------------------------------------

// What an expert-parallel step and a gradient all-reduce move when their elements travel in a
// given format: element bits, the block format's own scales, and one FP32 scale per group.
struct CommunicationBytesInput {
  double dispatch_format = 0, combine_format = 0, gradient_format = 0;  // FormatIds
  double scale_group_size = 0, tokens = 0, hidden = 0, experts_per_token = 0;
  double gradient_params = 0, ranks = 0;
};

inline constexpr auto kCommunicationBytesInputs =
    std::to_array<InputField<CommunicationBytesInput>>({
        {.name = "dispatchFormat",
         .unit = "",
         .help = "format of the tokens sent to the experts (DeepSeek-V3: FP8 E4M3)",
         .member = &CommunicationBytesInput::dispatch_format,
         .default_value = choiceIndex(FormatId::e4m3),
         .choices = Labels<FormatId>::labels},
        {.name = "combineFormat",
         .unit = "",
         .help = "format of the expert outputs sent back (DeepSeek-V3: BF16)",
         .member = &CommunicationBytesInput::combine_format,
         .default_value = choiceIndex(FormatId::bf16),
         .choices = Labels<FormatId>::labels},
        {.name = "gradientFormat",
         .unit = "",
         .help = "format of the gradients all-reduced over data parallelism",
         .member = &CommunicationBytesInput::gradient_format,
         .default_value = choiceIndex(FormatId::bf16),
         .choices = Labels<FormatId>::labels},
        {.name = "scaleGroupSize",
         .unit = "1",
         .help =
             "elements sharing one FP32 scale on the wire (V3: 128, a 1×128 tile); 0: no scales",
         .member = &CommunicationBytesInput::scale_group_size,
         .default_value = 128,
         .min = 0,
         .max = 1e6,
         .integer = true},
        {.name = "tokens",
         .unit = "1",
         .help = "tokens each device dispatches",
         .member = &CommunicationBytesInput::tokens,
         .default_value = 4096,
         .min = 1,
         .max = 1e9,
         .integer = true},
        {.name = "hidden",
         .unit = "1",
         .help = "hidden size (DeepSeek-V3: 7168)",
         .member = &CommunicationBytesInput::hidden,
         .default_value = 7168,
         .min = 1,
         .max = 1e6,
         .integer = true},
        {.name = "expertsPerToken",
         .unit = "1",
         .help = "routed experts per token (DeepSeek-V3: 8)",
         .member = &CommunicationBytesInput::experts_per_token,
         .default_value = 8,
         .min = 1,
         .max = 1e4,
         .integer = true},
        {.name = "gradientParams",
         .unit = "1",
         .help = "parameters whose gradients one rank all-reduces",
         .member = &CommunicationBytesInput::gradient_params,
         .default_value = 1e9,
         .min = 1,
         .max = 1e13,
         .integer = true},
        {.name = "ranks",
         .unit = "1",
         .help = "ranks in the all-reduce",
         .member = &CommunicationBytesInput::ranks,
         .default_value = 128,
         .min = 1,
         .max = 1e6,
         .integer = true},
    });

struct CommunicationBytesResult {
  double dispatch_bytes_per_element = 0, combine_bytes_per_element = 0;
  double gradient_bytes_per_element = 0;
  double dispatch_bytes = 0, combine_bytes = 0, bf16_bytes = 0, saving_vs_bf16 = 0;
  double gradient_bytes = 0, all_reduce_bytes_per_rank = 0;
};

template <>
struct Schema<CommunicationBytesResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"dispatchBytesPerElement", "B",
                  &CommunicationBytesResult::dispatch_bytes_per_element,
                  "storageBits / 8 + block scale bits / (8 · block) + 4 / scaleGroupSize "
                  "(element formats under 16 bits; MX and NVFP4 carry their block scales "
                  "alone)"},
      OutputField{"combineBytesPerElement", "B",
                  &CommunicationBytesResult::combine_bytes_per_element,
                  "as dispatchBytesPerElement, for combineFormat"},
      OutputField{"gradientBytesPerElement", "B",
                  &CommunicationBytesResult::gradient_bytes_per_element,
                  "as dispatchBytesPerElement, for gradientFormat"},
      OutputField{"dispatchBytes", "B", &CommunicationBytesResult::dispatch_bytes,
                  "tokens · expertsPerToken · hidden · dispatchBytesPerElement"},
      OutputField{"combineBytes", "B", &CommunicationBytesResult::combine_bytes,
                  "tokens · expertsPerToken · hidden · combineBytesPerElement"},
      OutputField{"bf16Bytes", "B", &CommunicationBytesResult::bf16_bytes,
                  "2 · tokens · expertsPerToken · hidden · 2: both directions in BF16"},
      OutputField{"savingVsBf16", "1", &CommunicationBytesResult::saving_vs_bf16,
                  "1 − (dispatchBytes + combineBytes) / bf16Bytes"},
      OutputField{"gradientBytes", "B", &CommunicationBytesResult::gradient_bytes,
                  "gradientParams · gradientBytesPerElement"},
      OutputField{"allReduceBytesPerRank", "B",
                  &CommunicationBytesResult::all_reduce_bytes_per_rank,
                  "2 · (ranks − 1) / ranks · gradientBytes (ring all-reduce)"},
  };
};

struct CommunicationBytes {
  static constexpr const char* id = "communicationBytes";
  static constexpr std::string_view title = "Communication bytes by format";
  using Input = CommunicationBytesInput;
  using Output = CommunicationBytesResult;
  static constexpr auto& inputs = kCommunicationBytesInputs;
  static Outcome<Output> evaluate(const Input& input);
};

}  // namespace ridgepoint

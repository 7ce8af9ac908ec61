// Precision lab: the number formats of low-precision training and serving (FP8, FP4 with block
// scales, BF16, …), bit-exact round-to-nearest-even into each, fine-grained scaling of a tensor,
// FP8 GEMM accumulation with and without FP32 promotion, and LogFMT. Sources: OCP OFP8 rev 1.0
// (2023), OCP Microscaling Formats (MX) v1.0 (2023), IEEE 754-2019, DeepSeek-V3 report §3.3 and
// ISCA'25 §3. Every random draw comes from the seeded generator below and every transcendental
// function from this file, so native and wasm builds agree bit for bit.
#pragma once

#include <array>
#include <cstdint>
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
  double bits = 0;  // per element, without block scales
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

// The format ids, in the order of formats(); also the labels of every `format` input.
inline constexpr std::array<std::string_view, 12> kFormatIds{"e4m3",  "e5m2", "e5m6",  "ue8m0",
                                                             "int8",  "e2m1", "nvfp4", "mxfp4",
                                                             "mxfp8", "bf16", "fp16",  "tf32"};

std::span<const NumberFormat> formats();
const NumberFormat& formatById(std::string_view id);

// Round-to-nearest, ties to even, into `format` (its elements for a block format), saturating
// to ±max: the OCP "satfinite" conversion, which FP8 training uses for every format. `value`
// must be finite. UE8M0 is not an element format (see mxScale).
double roundToFormat(double value, const NumberFormat& format);

// Deterministic arithmetic: the same bits on every IEEE-754 machine (only +, −, ×, ÷, sqrt,
// frexp, ldexp: no libm transcendental, whose last bit differs between C libraries).
double naturalLog(double x);  // x > 0
double naturalExp(double x);

// xoshiro256** (Blackman & Vigna 2018) seeded through splitmix64.
class Random {
 public:
  explicit Random(std::uint64_t seed);
  std::uint64_t next();
  double uniform();  // [0, 1), 53 random bits
  double normal();   // N(0, 1), Marsaglia's polar method
 private:
  std::array<std::uint64_t, 4> state_{};
  double spare_ = 0;
  bool has_spare_ = false;
};

// ---- formatSpacing --------------------------------------------------------------------------

struct FormatSpacingInput {
  double format = 0;  // index into kFormatIds
};

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
  static const std::array<InputField<FormatSpacingInput>, 1> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- roundValue -----------------------------------------------------------------------------

struct RoundValueInput {
  double format = 0, value = 0;
};

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
  static const std::array<InputField<RoundValueInput>, 2> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- quantize -------------------------------------------------------------------------------

inline constexpr std::array<std::string_view, 4> kGranularities{"per-tensor", "per-channel",
                                                                "1x128", "128x128"};
inline constexpr std::array<std::string_view, 4> kDistributions{"normal", "log-normal",
                                                                "outlier-channels", "uniform"};

struct QuantizeInput {
  double format = 0, granularity = 0, distribution = 0;
  double sigma = 0, outlier_scale = 0, rows = 0, cols = 0, seed = 0;
  // The person's own numbers, row-major in rows of `cols`; empty: the seeded distribution.
  std::vector<double> values;
};

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
                  "32 · scaling groups / elements + scale bits · blocks / elements"},
      OutputField{"bitsPerElement", "bit", &QuantizeResult::bits_per_element,
                  "bits + scaleBitsPerElement"},
  };
};

// A tensor quantized with an FP32 max-abs scale per group (V3 report §3.3.2: online, 1×128 for
// activations, 128×128 for weights) and, for block formats, the format's own block scales.
struct Quantize {
  static constexpr const char* id = "quantize";
  static constexpr std::string_view title = "Quantize a tensor";
  using Input = QuantizeInput;
  using Output = QuantizeResult;
  static const std::array<InputField<QuantizeInput>, 9> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- accumulationError ----------------------------------------------------------------------

inline constexpr std::array<std::string_view, 2> kAccumulators{"fp32", "hopper-fp8"};
inline constexpr std::array<std::string_view, 2> kOperandDistributions{"uniform", "normal"};

struct AccumulationInput {
  double k = 0, accumulator = 0, promote_every = 0, distribution = 0, seed = 0, trials = 0;
};

struct AccumulationPoint {
  double k = 0, max_relative_error = 0, mean_relative_error = 0;
};

template <>
struct Schema<AccumulationPoint> {
  static constexpr auto fields = std::tuple{
      OutputField{"k", "1", &AccumulationPoint::k},
      OutputField{"maxRelativeError", "1", &AccumulationPoint::max_relative_error},
      OutputField{"meanRelativeError", "1", &AccumulationPoint::mean_relative_error},
  };
};

struct AccumulationResult {
  double max_relative_error = 0, mean_relative_error = 0;
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
      OutputField{"wgmmasPerPromotion", "1", &AccumulationResult::wgmmas_per_promotion,
                  "promoteEvery / 32"},
      OutputField{"promotions", "1", &AccumulationResult::promotions, "ceil(k / promoteEvery)"},
      OutputField{"promotionFlopRatio", "1", &AccumulationResult::promotion_flop_ratio,
                  "2 FLOP (one FP32 FMA) per promotion / (2 · promoteEvery) tensor FLOP"},
      OutputField{"sweep", "", &AccumulationResult::sweep,
                  "the same experiment at k = 32, 64, … and k"},
  };
};

// A length-k dot product of E4M3 operands accumulated in FP32, or in Hopper's FP8 tensor-core
// register (ISCA'25 §3.1.1), optionally promoted to FP32 every promoteEvery products (V3 §3.3.2).
struct AccumulationError {
  static constexpr const char* id = "accumulationError";
  static constexpr std::string_view title = "FP8 GEMM accumulation error";
  using Input = AccumulationInput;
  using Output = AccumulationResult;
  static const std::array<InputField<AccumulationInput>, 6> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// The Hopper tensor core's accumulation of `products` (exact), as ISCA'25 §3.1.1 describes it:
// per 32 products, align to the largest exponent, keep 13 fraction bits (sign-fill shift, i.e.
// floor), add into an FP22 register; every promoteEvery products (0: never) add the register
// into an FP32 sum on the CUDA cores.
double hopperAccumulate(std::span<const double> products, int promote_every);

// ---- logFmt ---------------------------------------------------------------------------------

struct LogFmtInput {
  double bits = 0, distribution = 0, sigma = 0, outlier_scale = 0, tiles = 0, seed = 0;
};

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
  static const std::array<InputField<LogFmtInput>, 6> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// Encodes and decodes one tile in LogFMT-`bits` (ISCA'25 §3.2); returns the decoded values.
std::vector<double> logFmtRoundTrip(std::span<const double> tile, int bits);

// ---- communicationBytes --------------------------------------------------------------------

// What an expert-parallel step and a gradient all-reduce move when their elements travel in a
// given format: element bits, the block format's own scales, and one FP32 scale per group.
struct CommunicationBytesInput {
  double dispatch_format = 0, combine_format = 0, gradient_format = 0;
  double scale_group_size = 0, tokens = 0, hidden = 0, experts_per_token = 0;
  double gradient_params = 0, ranks = 0;
};

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
                  "bits / 8 + block scale bits / (8 · block) + 4 / scaleGroupSize"},
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
  static const std::array<InputField<CommunicationBytesInput>, 9> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

}  // namespace ridgepoint

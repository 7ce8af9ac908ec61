// The number-format presets (rp.formats()), each with the specification that defines it.
#include <array>
#include <type_traits>

#include "precision.hpp"

namespace ridgepoint {

namespace {

// Values as the specifications print them; hex literals are exact powers of two.
constexpr auto kFormatTable = std::to_array<NumberFormat>({
    {.id = label(FormatId::e4m3),
     .name = "FP8 E4M3 (OCP)",
     .bits = 8,
     .exponent_bits = 4,
     .mantissa_bits = 3,
     .max = 448,
     .min_normal = 0x1p-6,
     .min_subnormal = 0x1p-9,
     .source = "OCP OFP8 rev 1.0, Table 1: bias 7, no infinity, S.1111.111 is not-a-number, max "
               "S.1111.110 = 448"},
    {.id = label(FormatId::e5m2),
     .name = "FP8 E5M2 (OCP)",
     .bits = 8,
     .exponent_bits = 5,
     .mantissa_bits = 2,
     .max = 57344,
     .min_normal = 0x1p-14,
     .min_subnormal = 0x1p-16,
     .source = "OCP OFP8 rev 1.0, Table 1: bias 15, IEEE-style infinity and not-a-number codes, "
               "max 57344"},
    {.id = label(FormatId::e5m6),
     .name = "E5M6 (DeepSeek)",
     .bits = 12,
     .exponent_bits = 5,
     .mantissa_bits = 6,
     .max = 65024,
     .min_normal = 0x1p-14,
     .min_subnormal = 0x1p-20,
     .source = "DeepSeek-V3 report §3.3.3 (inputs of the Linear after attention) and ISCA'25 "
               "§3.2; bias and special values unpublished: FP16's assumed (bias 15, top exponent "
               "reserved), so max = (2 − 2^−6) · 2^15"},
    {.id = label(FormatId::ue8m0),
     .name = "UE8M0 scale (OCP MX)",
     .bits = 8,
     .exponent_bits = 8,
     .mantissa_bits = 0,
     .max = 0x1p127,
     .min_normal = 0x1p-127,
     .min_subnormal = 0,
     .source = "OCP MX v1.0 §5.4: E8M0 scale, unsigned, bias 127, 0xFF is not-a-number, no zero"},
    {.id = label(FormatId::int8),
     .name = "INT8 (symmetric)",
     .bits = 8,
     .exponent_bits = 0,
     .mantissa_bits = 7,
     .max = 127,
     .min_normal = 1,
     .min_subnormal = 0,
     .source = "two's-complement 8-bit integer; symmetric quantization uses ±127 (−128 unused)"},
    {.id = label(FormatId::e2m1),
     .name = "FP4 E2M1",
     .bits = 4,
     .exponent_bits = 2,
     .mantissa_bits = 1,
     .max = 6,
     .min_normal = 1,
     .min_subnormal = 0.5,
     .source = "OCP MX v1.0 §5.3.3: FP4 E2M1, bias 1, no infinity or not-a-number codes, max 6"},
    {.id = label(FormatId::nvfp4),
     .name = "NVFP4 (E2M1, 16-element E4M3 scale)",
     .bits = 4,
     .exponent_bits = 2,
     .mantissa_bits = 1,
     .max = 6,
     .min_normal = 1,
     .min_subnormal = 0.5,
     .block_size = 16,
     .scale_format = label(FormatId::e4m3),
     .source = "NVIDIA, \"Introducing NVFP4\" (2025) and PTX ISA (Blackwell block scaling): E2M1 "
               "elements, one E4M3 scale per 16, plus an FP32 scale per tensor"},
    {.id = label(FormatId::mxfp4),
     .name = "MXFP4 (E2M1, 32-element UE8M0 scale)",
     .bits = 4,
     .exponent_bits = 2,
     .mantissa_bits = 1,
     .max = 6,
     .min_normal = 1,
     .min_subnormal = 0.5,
     .block_size = 32,
     .scale_format = label(FormatId::ue8m0),
     .source = "OCP MX v1.0 Table 1: MXFP4, k = 32, E8M0 scale, E2M1 elements"},
    {.id = label(FormatId::mxfp8),
     .name = "MXFP8 (E4M3, 32-element UE8M0 scale)",
     .bits = 8,
     .exponent_bits = 4,
     .mantissa_bits = 3,
     .max = 448,
     .min_normal = 0x1p-6,
     .min_subnormal = 0x1p-9,
     .block_size = 32,
     .scale_format = label(FormatId::ue8m0),
     .source = "OCP MX v1.0 Table 1: MXFP8, k = 32, E8M0 scale, E4M3 elements (E5M2 also allowed)"},
    {.id = label(FormatId::bf16),
     .name = "BF16",
     .bits = 16,
     .exponent_bits = 8,
     .mantissa_bits = 7,
     .max = 0x1.fep127,
     .min_normal = 0x1p-126,
     .min_subnormal = 0x1p-133,
     .source = "bfloat16: FP32's 8-bit exponent with 7 fraction bits (Intel BF16 spec rev 1.0, "
               "2018); max (2 − 2^−7) · 2^127"},
    {.id = label(FormatId::fp16),
     .name = "FP16 (IEEE binary16)",
     .bits = 16,
     .exponent_bits = 5,
     .mantissa_bits = 10,
     .max = 65504,
     .min_normal = 0x1p-14,
     .min_subnormal = 0x1p-24,
     .source = "IEEE 754-2019 binary16: bias 15, max 65504"},
    {.id = label(FormatId::tf32),
     .name = "TF32",
     .bits = 19,
     .storage_bits = 32,
     .exponent_bits = 8,
     .mantissa_bits = 10,
     .max = 0x1.ffcp127,
     .min_normal = 0x1p-126,
     .min_subnormal = 0x1p-136,
     .source = "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): FP32's 8-bit exponent, "
               "FP16's 10-bit mantissa, stored in FP32's 32 bits; max (2 − 2^−10) · 2^127"},
    {.id = label(FormatId::fp32),
     .name = "FP32 (IEEE binary32)",
     .bits = 32,
     .exponent_bits = 8,
     .mantissa_bits = 23,
     .max = 0x1.fffffep127,
     .min_normal = 0x1p-126,
     .min_subnormal = 0x1p-149,
     .source = "IEEE 754-2019 binary32: bias 127, max (2 − 2^−23) · 2^127; DeepSeek-V3 report "
               "§3.3.3 keeps master weights and the gradients accumulated over a batch in it"},
});

using FormatTable = std::remove_const_t<decltype(kFormatTable)>;

// One row per FormatId, in its order: formatOf(id) indexes the table.
static_assert(kFormatTable.size() == Labels<FormatId>::labels.size());
static_assert([] {
  for (std::size_t i = 0; i < kFormatTable.size(); ++i) {
    if (kFormatTable[i].id != Labels<FormatId>::labels[i]) return false;
  }
  return true;
}());

FormatTable withDerivedFields(FormatTable table) {
  for (NumberFormat& format : table) {
    if (format.storage_bits == 0) format.storage_bits = format.bits;
    // OFP8 / IEEE 754: machine epsilon is the gap above 1, 2^−(fraction bits).
    format.epsilon = 1.0 / static_cast<double>(1 << static_cast<int>(format.mantissa_bits));
    const double smallest = format.min_subnormal > 0 ? format.min_subnormal : format.min_normal;
    // Dynamic range in binades (powers of two) from the smallest positive value to max.
    format.dynamic_range_binades = naturalLog(format.max / smallest) / naturalLog(2);
  }
  return table;
}

}  // namespace

std::span<const NumberFormat> formats() {
  static const FormatTable table = withDerivedFields(kFormatTable);
  return table;
}

const NumberFormat& formatOf(FormatId id) { return formats()[static_cast<std::size_t>(id)]; }

const NumberFormat& formatById(std::string_view id) {
  for (const NumberFormat& format : formats()) {
    if (format.id == id) return format;
  }
  return formats().front();
}

}  // namespace ridgepoint

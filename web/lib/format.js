// Display formatting. The core and API speak SI units; the page adds decimal prefixes
// (1 GB = 1e9 B, 1 TB/s = 1e12 B/s) and never shows NaN or Infinity.

const prefixes = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];
// Money reads as $1.36 bn, $130 M, $4.4 k: "G" and "B" would read as giga and bytes.
const moneyPrefixes = [
  [1e12, 'tn'],
  [1e9, 'bn'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];
// Counts of a million and more read as 671.03 bn parameters, 1.6 M endpoints: as money does,
// "bn" and "tn", since "B" beside bytes (and "G" beside giga) would be ambiguous.
const countPrefixes = [
  [1e12, 'tn'],
  [1e9, 'bn'],
  [1e6, 'M'],
];
const subunitPrefixes = [
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];
const prefixedUnits = new Set(['FLOP', 'FLOP/s', 'OP/s', 'B', 'B/s', 'b/s', 'W']);
// Tokens are counted like parameters, with the unit after the count's prefix: 297.4 bn tokens.
const tokenUnits = new Set(['tokens', 'tokens/s', 'tokens/day']);

/** A number with up to `digits` significant digits and no trailing zeros, grouped by thousands. */
export function formatNumber(value, digits = 6) {
  if (!Number.isFinite(value)) return '—';
  // Whole counts (parameters, switches, bytes) are shown to the last digit.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return grouped(value, 21);
  if (value !== 0 && (Math.abs(value) >= 1e21 || Math.abs(value) < 1e-6)) {
    return value
      .toExponential(digits - 1)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  }
  return grouped(value, digits);
}

/** The value unrounded, grouped by thousands, with its unit: 671,026,404,352 or $72,007,700. */
export function exactValue(value, unit = '1') {
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatValue(value, unit);
  const text = grouped(value, 15);
  if (unit === '$') return `$${text}`;
  return unit === '1' || unit === '' ? text : `${text} ${unit}`;
}

// What Intl.NumberFormat('en-US', { maximumSignificantDigits }) writes, without Intl (the first
// Intl.NumberFormat of a page loads the locale's number data: tens of milliseconds). Like ICU it
// rounds the shortest decimal that reads back as the value (18.65 → 18.7, though the double is
// 18.6499…), half away from zero; no trailing zeros, commas every three digits, no exponent.
function grouped(value, digits) {
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  let significand = mantissa.replace('.', '');
  let exponent = Number(exponentText);
  if (significand.length > digits) {
    const roundUp = significand[digits] >= '5';
    significand = significand.slice(0, digits);
    if (roundUp) {
      const carried = String(BigInt(significand) + 1n);
      if (carried.length > significand.length) exponent += 1;
      significand = carried.slice(0, digits);
    }
  }
  significand = significand.replace(/0+$/, '') || '0';
  let whole;
  let fraction;
  if (exponent < 0) {
    whole = '0';
    fraction = '0'.repeat(-exponent - 1) + significand;
  } else {
    whole = significand.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    fraction = significand.slice(exponent + 1);
  }
  const sign = value < 0 && significand !== '0' ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

// Money to three significant digits, trailing zeros kept: $72.0 M (Intl's minimumSignificantDigits).
function moneyDigits(value) {
  const text = grouped(value, 3);
  const significant = text.replace(/[-,.]/g, '').replace(/^0+/, '').length;
  if (significant >= 3) return text;
  return `${text}${text.includes('.') ? '' : '.'}${'0'.repeat(3 - significant)}`;
}

/**
 * Each preset's name by its id (rp.machines(), rp.nodeDesigns(), rp.formats(), …): what a list or
 * a headline shows for a value the address and the API keep as an id.
 */
export function namesById(...presetLists) {
  return Object.fromEntries(presetLists.flat().map((preset) => [preset.id, preset.name]));
}

/** A relative error as a signed percentage to three digits: +5.74 %, −2.72 %. */
export function formatError(ratio) {
  return `${ratio >= 0 ? '+' : '−'}${formatValue(Math.abs(ratio) * 100, '1', 3)} %`;
}

/**
 * The validation rows' assumptions, each text once, with the names of the rows it is for: the runs
 * of one publication share theirs, and the page and docs/validation.md name them together.
 */
export function assumptionGroups(rows) {
  const groups = new Map(); // assumptions → names of the rows, in table order
  for (const row of rows) groups.set(row.assumptions, [...(groups.get(row.assumptions) ?? []), row.name]);
  return [...groups].map(([assumptions, names]) => ({ names, assumptions }));
}

/**
 * The validation table in one sentence (the page's and docs/validation.md's): on how many rows
 * ridgepoint predicts a faster deployment than published (a higher throughput, a shorter step) and
 * on how many slower, the median error and the median absolute error, how many lie within ±40 %
 * (the page marks the others).
 */
export function validationSummary(rows) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const errors = rows.map((row) => row.error);
  // A time predicted short is a deployment predicted fast, as a throughput predicted high is.
  const faster = rows.filter((row) => (row.unit === 's' ? row.error < 0 : row.error > 0)).length;
  const within = errors.filter((error) => Math.abs(error) <= 0.4).length;
  return (
    `${rows.length} published figures: ridgepoint predicts faster than published on ${faster} and slower on ` +
    `${rows.length - faster}; median error ${formatError(median(errors))}, median absolute error ` +
    `${formatValue(median(errors.map(Math.abs)) * 100, '1', 3)} %; ${within} within ±40 %. ` +
    'It predicts what the measured kernels allow, and what a framework loses beyond them (the host, ' +
    'load over a day, kernels newer hardware has not caught up with) it does not see, so it leans fast.'
  );
}

/**
 * The significant digits a `digits="…"` attribute asks results to show: a whole number from 1
 * to 15 (what a double holds), else null. The element falls back to 6; the build's attribute
 * check (scripts/attributes.mjs) refuses the page's own markup.
 */
export function digitsAttribute(text) {
  const digits = Number(text);
  return text !== null && text.trim() !== '' && Number.isInteger(digits) && digits >= 1 && digits <= 15 ? digits : null;
}

/**
 * A value with its unit, scaled to a decimal prefix: 120.96 µs, 70.272 kB, 989 TFLOP/s; counts
 * from a million up with five significant digits (671.03 bn, 3.4421 M tokens/s); money with
 * three, or four when that is exact ($72.0 M, $5.576 M). The unrounded value is exactValue's.
 */
export function formatValue(value, unit = '1', digits = 6) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '—';
  if (unit === '1' || unit === '') {
    const [scale, prefix] = countPrefixes.find(([scale]) => Math.abs(value) >= scale) ?? [];
    if (!scale || Math.abs(value) >= 1e15) return formatNumber(value, digits);
    return `${formatNumber(value / scale, Math.min(digits, 5))} ${prefix}`;
  }
  if (tokenUnits.has(unit)) return `${formatValue(value, '1', digits)} ${unit}`;
  if (unit === 's') {
    const magnitude = Math.abs(value);
    if (magnitude >= 1 || magnitude === 0) return `${formatNumber(value, digits)} s`;
    const [scale, prefix] = subunitPrefixes.find(([scale]) => magnitude >= scale) ?? subunitPrefixes.at(-1);
    return `${formatNumber(value / scale, digits)} ${prefix}s`;
  }
  if (unit === '$') {
    const [scale, prefix] = moneyPrefixes.find(([scale]) => Math.abs(value) >= scale) ?? moneyPrefixes.at(-1);
    const scaled = value / scale;
    const exact = Number(scaled.toPrecision(4)) === scaled;
    const text = exact ? formatNumber(scaled, 4) : moneyDigits(scaled);
    return `$${text}${prefix ? ` ${prefix}` : ''}`;
  }
  if (prefixedUnits.has(unit)) {
    const magnitude = Math.abs(value);
    // Past exa, a power of ten (3.70666e24 FLOP) reads better than 3,706,660 EFLOP.
    if (magnitude >= 1e21) return `${formatNumber(value, digits)} ${unit}`;
    const [scale, prefix] = prefixes.find(([scale]) => magnitude >= scale) ?? prefixes.at(-1);
    return `${formatNumber(value / scale, digits)} ${prefix}${unit}`;
  }
  return `${formatNumber(value, digits)} ${unit}`;
}

// Each prefix's power of ten: "5u" is 5 / 10⁶, the double nearest 5e-6 (5 × 1e-6 is not).
const inputPrefixes = { k: 3, M: 6, G: 9, T: 12, P: 15, E: 18, m: -3, u: -6, µ: -6, n: -9, p: -12 };

// Binary prefixes, for quantities of bytes only ("3.05 GiB", "64 KiB/s"): powers of 1,024.
const binaryPrefixes = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
// A number then a prefix. The digits split one way only (\d+(\.\d*)?, not \d+\.?\d*), so a long
// run of digits that fails to match fails in linear time, not after trying every split (a
// 100,000-digit value followed by no binary prefix hung the page).
const numberPattern = String.raw`^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*`;
const decimalNumber = new RegExp(`${numberPattern}([kMGTPEmu\u00b5np]?)$`);
const binaryNumber = new RegExp(`${numberPattern}([KMGTPE]i)$`);

/**
 * Reads what a user typed: a plain number ("3e12", "1,024") or one with a decimal prefix
 * ("60T", "3.35 T", "10u"), or for bytes a binary one ("3.05 GiB"), followed or not by the
 * field's `unit` as the page writes it ("80 GB", "3.35 TB/s", "5 µs"). Returns the number, or the
 * text unchanged for the core to reject with a message naming the field.
 */
export function parseInput(text, unit = '1') {
  let trimmed = String(text).trim().replaceAll(',', '').replaceAll('_', '');
  if (unit !== '1' && unit !== '' && trimmed.endsWith(unit)) trimmed = trimmed.slice(0, -unit.length).trimEnd();
  const binary = binaryNumber.exec(trimmed);
  if (binary && /^B(?:\/s)?$/.test(unit)) return Number(binary[1]) * 1024 ** binaryPrefixes[binary[2]];
  const match = decimalNumber.exec(trimmed);
  if (!match) return trimmed;
  const power = match[2] ? inputPrefixes[match[2]] : 0;
  return power >= 0 ? Number(match[1]) * 10 ** power : Number(match[1]) / 10 ** -power;
}

/**
 * Reads a typed list of numbers ("0.5, -1.25 3e2 1k"): items apart by commas, semicolons or
 * spaces (so no thousands separators inside an item), each read as parseInput reads one number.
 * An item that is not a number stays text for the core to reject by its index.
 */
export function parseList(text) {
  return String(text)
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((item) => parseInput(item));
}

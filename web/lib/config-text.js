// A pasted config.json, read as Python's json.dump writes it: JSON, except that float('inf') and
// float('nan') come out as bare Infinity, -Infinity and NaN (allow_nan, its default), as in
// Nemotron-H's time_step_limit. Outside strings they read as null; no key ridgepoint uses holds
// one, so the core lists such keys as ignored.
export function parseConfigText(text) {
  return JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g, (token) => (token[0] === '"' ? token : 'null')));
}

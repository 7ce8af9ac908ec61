// Reading a wasm binary (the core's, after Emscripten): a cursor over its bytes, and its sections.

/** A position in `bytes` that reads forward: single bytes and unsigned LEB128 numbers. */
export class WasmCursor {
  constructor(bytes, at) {
    this.bytes = bytes;
    this.at = at;
  }

  byte() {
    return this.bytes[this.at++];
  }

  unsigned() {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  }
}

/**
 * Each section after the header (magic number, version): its id, where it starts, where its
 * contents start and where it ends.
 */
export function* wasmSections(bytes) {
  const cursor = new WasmCursor(bytes, 8);
  while (cursor.at < bytes.length) {
    const start = cursor.at;
    const id = cursor.byte();
    const size = cursor.unsigned();
    const contents = cursor.at;
    cursor.at += size;
    yield { id, start, contents, end: cursor.at };
  }
}

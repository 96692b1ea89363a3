// The UTF-8 length of a string without encoding it: limits stated in bytes are checked the same
// way on the server and in the browser (no Buffer there).

/** Bytes `text` takes as UTF-8; a lone surrogate counts as the replacement character's three. */
export function utf8ByteLength(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) {
      bytes += 1
      continue
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A pair: two code units, four bytes.
        bytes += 2
        i += 1
        continue
      }
    }
    bytes += 2
  }
  return bytes
}

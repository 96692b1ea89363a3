// Gzip answers put together from pieces compressed once: the fixed JSON of a kept answer is
// deflated when it is first asked for compressed, and each answer after that only writes its own
// few bytes (queryIDs, times) between the pieces as stored deflate blocks, and the gzip trailer.
// Compressing a 13–20 KB answer per request cost more than answering it from the kept JSON.
//
// Why the pieces fit together (RFC 1951, 1952):
// - Each piece ends with a sync flush (the last with the final block), so it ends on a byte
//   boundary and the next block starts fresh: a stored block can go in between.
// - Deflate blocks share nothing but the window, the last 32 KB of output. Each later piece is
//   deflated with the output before it as its dictionary, so its back-references mean the same
//   bytes in the assembled stream as they did to the compressor.
// - In that dictionary, the own bytes of an answer are NUL bytes of their fixed length. JSON
//   text never holds a raw NUL, so no back-reference can have copied from them: the bytes written
//   there per answer are never read by any reference.
// - The trailer's CRC-32 is combined from the pieces' CRCs and the answer's own bytes
//   (zlib's crc32_combine), without reading the pieces again.
import { constants, crc32, deflateRawSync } from 'node:zlib'

/** The fixed parts of an answer, deflated, and what the trailer needs of them. */
export interface GzipPieces {
  /** Deflate blocks of each fixed part; between part i and i + 1 go the own bytes of slot i. */
  readonly parts: readonly Buffer[]
  readonly crcs: readonly number[]
  /** Uncompressed bytes of each part. */
  readonly lengths: readonly number[]
  /** Per part, x^(8 · its length) modulo the CRC polynomial: what a CRC before it is multiplied by. */
  readonly shifts: readonly number[]
  /** Bytes of each slot, the same in every answer. */
  readonly slots: readonly number[]
}

const WINDOW = 32 * 1024
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])

/** Deflates the fixed parts (one more than the slots) of an answer whose slots have these lengths. */
export function gzipPieces(texts: readonly string[], slots: readonly number[], level = 9): GzipPieces {
  if (texts.length !== slots.length + 1) throw new Error('an answer has one more part than slots')
  const parts: Buffer[] = []
  const crcs: number[] = []
  const lengths: number[] = []
  const shifts: number[] = []
  let before = Buffer.alloc(0)
  texts.forEach((text, i) => {
    const bytes = Buffer.from(text)
    const last = i === texts.length - 1
    parts.push(
      deflateRawSync(bytes, {
        level,
        finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
        ...(before.length > 0 ? { dictionary: before.subarray(-WINDOW) } : {}),
      }),
    )
    crcs.push(crc32(bytes))
    lengths.push(bytes.length)
    shifts.push(xPowerModP(bytes.length, 3))
    if (!last) before = Buffer.concat([before, bytes, Buffer.alloc(slots[i]!)]).subarray(-WINDOW)
  })
  return { parts, crcs, lengths, shifts, slots }
}

/** One answer: the pieces with these slot texts (ASCII, each of its slot's length) between them. */
export function gzipAnswer(pieces: GzipPieces, slotTexts: readonly string[]): Buffer {
  const { parts, crcs, lengths, shifts, slots } = pieces
  let size = HEADER.length + 8
  for (const part of parts) size += part.length
  for (const slot of slots) size += 5 + slot
  const out = Buffer.allocUnsafe(size)
  let at = HEADER.copy(out, 0)
  let crc = crcs[0]!
  let total = lengths[0]!
  at += parts[0]!.copy(out, at)
  for (let i = 0; i < slots.length; i++) {
    const text = slotTexts[i]!
    const length = slots[i]!
    if (text.length !== length) throw new Error(`slot ${i} holds ${text.length} bytes, not ${length}`)
    // A stored block, not the last: BFINAL 0, BTYPE 00 on a byte boundary, LEN, NLEN, the bytes.
    out[at++] = 0
    out.writeUInt16LE(length, at)
    out.writeUInt16LE(~length & 0xffff, at + 2)
    at += 4
    at += out.write(text, at, length, 'latin1')
    crc = combine(crc32(text, crc), crcs[i + 1]!, shifts[i + 1]!)
    total += length + lengths[i + 1]!
    at += parts[i + 1]!.copy(out, at)
  }
  out.writeUInt32LE(crc >>> 0, at)
  out.writeUInt32LE(total >>> 0, at + 4)
  return out
}

// CRC-32 of two byte strings joined, from their CRCs (zlib's crc32_combine, same polynomial).

const POLY = 0xedb88320

/** a(x) · b(x) modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = []
for (let k = 0, p = 1 << 30; k < 32; k++) {
  X2N.push(p >>> 0)
  p = multiplyModP(p, p)
}

/** x^(n · 2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000
  while (n > 0) {
    if (n & 1) p = multiplyModP(X2N[k & 31]!, p)
    n = Math.floor(n / 2)
    k++
  }
  return p
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's shift (`xPowerModP(lengthB, 3)`). */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA >>> 0) ^ crcB) >>> 0
}

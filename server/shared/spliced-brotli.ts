// Brotli answers put together from pieces compressed once, as spliced-gzip.ts does for gzip: the
// fixed JSON of a kept answer is compressed when it is first asked for with br, and each answer
// after that only writes its own few bytes (queryIDs, times) between the pieces, each slot as an
// uncompressed meta-block.
//
// Why the pieces fit together (RFC 7932):
// - The pieces are one stream, compressed as one: the fixed parts and, in each slot's place, a
//   stand-in of the slot's length followed by two spaces. A flush after each of them ends the
//   meta-block there and pads the stream to a byte boundary, so the stand-in's output can be cut
//   out and an uncompressed meta-block with the answer's own bytes and the two spaces put in.
// - A later meta-block may copy from earlier output. The stand-in is made of bytes that never
//   occur in UTF-8 (0xC0, 0xC1, 0xF5–0xFF), so no copy into the JSON can have read from it: the bytes written
//   there per answer are never read by any copy. The two spaces are the same in every answer.
// - A literal is decoded with a code chosen by the two bytes before it. After a slot those are
//   the two spaces, for the compressor and for a decoder alike.
// - The distances a meta-block may refer to by their rank (the last four used) are changed by
//   copies; an uncompressed meta-block changes none. Had the compressor copied within the stand-in,
//   the ranks after it would differ between compressor and decoder. That does not depend on the
//   answer's own bytes, and the check below finds it.
// Before they are used, the pieces are put together twice, with two fillings that differ in every
// byte, and decoded: both must give the answer, or the pieces are not used (the answer is then
// compressed per request, as before).
import zlib from 'node:zlib'
import {
  decodesWithAnyFilling,
  type ResettableStream,
  streamWriter,
  withRawBlocks,
} from './answer-compression.ts'

/** The fixed parts of an answer, compressed: between part i and i + 1 go the own bytes of slot i. */
export interface BrotliPieces {
  readonly parts: readonly Buffer[]
  /** Bytes of each slot, the same in every answer (without the two spaces after it). */
  readonly slots: readonly number[]
}

/** What follows every slot's own bytes, in the stand-in and in every answer. */
const AFTER_SLOT = '  '

/** Longest slot (with the two spaces) that one uncompressed meta-block with 4 length nibbles holds. */
const MAX_SLOT = 65_536 - AFTER_SLOT.length

/** The 13 byte values that never occur in UTF-8. */
const NOT_UTF8 = [0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff]

/**
 * Stand-ins for the slots of one answer, in turn: bytes that never occur in UTF-8, drawn from one
 * sequence (a stand-in repeating an earlier one would be compressed as a copy of it), then the two
 * spaces.
 */
function standIns(): (length: number) => Buffer {
  let state = 0x2545f491
  return (length) => {
    const bytes = Buffer.allocUnsafe(length + AFTER_SLOT.length)
    for (let i = 0; i < length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      bytes[i] = NOT_UTF8[(state >>> 16) % NOT_UTF8.length]!
    }
    bytes.write(AFTER_SLOT, length, 'latin1')
    return bytes
  }
}

/**
 * The header of an uncompressed meta-block of `length` bytes (1–65,536) that is not the last, on a
 * byte boundary: ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, then zero bits to the boundary.
 */
function uncompressedHeader(length: number): number {
  return ((length - 1) << 3) | (1 << 19)
}

/**
 * Compresses the fixed parts (one more than the slots) of an answer whose slots have these lengths,
 * at `quality` with a 128 KB window; undefined when the pieces cannot be spliced (see the header).
 */
export function brotliPieces(
  texts: readonly string[],
  slots: readonly number[],
  quality = 11,
): BrotliPieces | undefined {
  if (texts.length !== slots.length + 1) throw new Error('an answer has one more part than slots')
  if (slots.some((slot) => slot > MAX_SLOT)) return undefined
  const stream = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 17,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  }) as unknown as ResettableStream
  const write = streamWriter(stream)
  const standIn = standIns()
  try {
    const parts: Buffer[] = []
    for (let i = 0; i < texts.length; i++) {
      const last = i === texts.length - 1
      const flush = last ? zlib.constants.BROTLI_OPERATION_FINISH : zlib.constants.BROTLI_OPERATION_FLUSH
      const part = write(Buffer.from(texts[i]!), flush)
      if (part === undefined) return undefined
      parts.push(part)
      if (last) continue
      // The stand-in's own output is left out: each answer writes its slot there.
      if (write(standIn(slots[i]!), zlib.constants.BROTLI_OPERATION_FLUSH) === undefined) return undefined
    }
    const pieces = { parts, slots }
    const assemble = (own: readonly string[]) => brotliAnswer(pieces, own)
    return decodesWithAnyFilling(texts, slots, AFTER_SLOT, assemble, zlib.brotliDecompressSync)
      ? pieces
      : undefined
  } finally {
    stream.destroy()
  }
}

/**
 * One answer: the pieces with these slot texts (ASCII, each of its slot's length) between them,
 * each followed by two spaces (JSON's whitespace).
 */
export function brotliAnswer(pieces: BrotliPieces, slotTexts: readonly string[]): Buffer {
  return withRawBlocks(pieces.parts, pieces.slots, slotTexts, uncompressedHeader, AFTER_SLOT)
}

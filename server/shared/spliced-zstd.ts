// Zstandard answers put together from pieces compressed once, as spliced-gzip.ts does for gzip: the
// fixed JSON of a kept answer is compressed when it is first asked for with zstd, and each answer
// after that only writes its own few bytes (queryIDs, times) between the pieces as raw blocks.
//
// Why the pieces fit together (RFC 8878):
// - The pieces are one frame, compressed as one stream: the fixed parts and, in each slot's place,
//   as many NUL bytes as the slot takes. A flush after each of them ends the block there, so every
//   slot is a block of its own.
// - zstd writes a block of one repeated byte as an RLE block (or a tiny one as a raw block). Those
//   two kinds are the only ones accepted here; anything else and the pieces are not made. Neither
//   kind changes the state that later blocks build on (repeated offsets, entropy tables), neither
//   for the compressor nor for a decoder, so a raw block with the answer's own bytes can take the
//   place of the NULs.
// - Later blocks may copy from earlier output, so the slot's bytes sit in the window as NULs for the
//   compressor and as the answer's own bytes for the decoder. JSON text never holds a raw NUL, so no
//   copy can have read from them: the bytes written there per answer are never read by any copy.
// - The frame carries no checksum and no content size, so nothing else depends on the slots' bytes.
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
export interface ZstdPieces {
  readonly parts: readonly Buffer[]
  /** Bytes of each slot, the same in every answer. */
  readonly slots: readonly number[]
}

const RAW = 0
const RLE = 1

/** The 3-byte header of a block that is not the frame's last (RFC 8878, 3.1.1.2). */
function blockHeader(type: number, size: number): number {
  return (size << 3) | (type << 1)
}

/**
 * Compresses the fixed parts (one more than the slots) of an answer whose slots have these lengths,
 * at `level` with a 128 KB window; undefined when the pieces cannot be spliced (see the header).
 */
export function zstdPieces(
  texts: readonly string[],
  slots: readonly number[],
  level = 19,
): ZstdPieces | undefined {
  if (texts.length !== slots.length + 1) throw new Error('an answer has one more part than slots')
  const stream = zlib.createZstdCompress({
    params: {
      [zlib.constants.ZSTD_c_compressionLevel]: level,
      [zlib.constants.ZSTD_c_windowLog]: 17,
      [zlib.constants.ZSTD_c_checksumFlag]: 0,
    },
  }) as unknown as ResettableStream
  const write = streamWriter(stream)
  try {
    const parts: Buffer[] = []
    for (let i = 0; i < texts.length; i++) {
      const last = i === texts.length - 1
      const part = write(
        Buffer.from(texts[i]!),
        last ? zlib.constants.ZSTD_e_end : zlib.constants.ZSTD_e_flush,
      )
      if (part === undefined) return undefined
      parts.push(part)
      const slot = slots[i] ?? 0
      if (last || slot === 0) continue
      const block = write(Buffer.alloc(slot), zlib.constants.ZSTD_e_flush)
      if (block === undefined) return undefined
      const rle = block.length === 4 && block.readUIntLE(0, 3) === blockHeader(RLE, slot) && block[3] === 0
      const raw = block.length === 3 + slot && block.readUIntLE(0, 3) === blockHeader(RAW, slot)
      if (!rle && !raw) return undefined
    }
    const pieces = { parts, slots }
    const fits = decodesWithAnyFilling(
      texts,
      slots,
      '',
      (own) => zstdAnswer(pieces, own),
      zlib.zstdDecompressSync,
    )
    return fits ? pieces : undefined
  } finally {
    stream.destroy()
  }
}

/** One answer: the pieces with these slot texts (ASCII, each of its slot's length) between them. */
export function zstdAnswer(pieces: ZstdPieces, slotTexts: readonly string[]): Buffer {
  // An empty slot has no block of its own (its stand-in wrote none).
  const header = (bytes: number) => (bytes > 0 ? blockHeader(RAW, bytes) : undefined)
  return withRawBlocks(pieces.parts, pieces.slots, slotTexts, header)
}

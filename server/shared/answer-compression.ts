// Compressors for answers made per request, each keeping one compression context for the process.
//
// Node's one-shot functions (`zstdCompressSync`, `gzipSync`) build a stream object and a native
// context for every call and free them again: for a 33 KB results page under load that was
// ~90 µs of zstd per answer plus the collections V8 runs for the context's memory, which it counts
// as external allocations (a serving process's GC time rose fivefold). Here the context is made
// once and reset between answers, so each answer pays for compressing its bytes only. Everything
// runs synchronously on the event loop: one answer at a time per context.
//
// This drives the stream's native handle the way Node's own one-shot functions do (`writeSync` with
// the finishing flag, then the stream's documented `reset()`); where that handle is missing (a
// runtime that changed it) or reports an error, the answer goes through the one-shot function.
import type { Transform } from 'node:stream'
import zlib from 'node:zlib'

type Compress = (input: Buffer) => Buffer

interface NativeHandle {
  /** Brotli: a new encoder with these parameters (what the stream's constructor calls). */
  init?(params: Uint32Array, writeState: Uint32Array, callback: () => void, dictionary: undefined): unknown
  writeSync(
    flush: number,
    input: Buffer,
    inOffset: number,
    inLength: number,
    output: Buffer,
    outOffset: number,
    outLength: number,
  ): void
}

/** What Node's zlib streams carry beside their public API (see the file's header). */
interface StreamInternals {
  _handle?: NativeHandle | null
  _writeState?: Uint32Array
}

/** Output is gathered in one scratch buffer of this size; larger answers take several rounds. */
const SCRATCH_BYTES = 64 * 1024

export type ResettableStream = Transform & { reset(): void } & StreamInternals

/**
 * `reset` for formats whose context must be reset between answers (deflate: a new gzip member);
 * a zstd context starts a new frame by itself once one has ended, and resetting it costs ~30 µs.
 * A function instead renews the context its own way after each answer (brotli); if it throws, the
 * next answer gets a new context.
 */
function reusing(
  create: () => ResettableStream,
  finishFlag: number,
  oneShot: Compress,
  reset: boolean | ((stream: ResettableStream) => void),
): Compress {
  let stream = create()
  let failed: unknown
  const listen = () => stream.on('error', (error) => (failed = error))
  listen()
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES)
  const hasFailed = () => failed !== undefined
  return (input) => {
    // zlib reports a failure by destroying the stream at once (its 'error' event comes later):
    // a context that failed or was closed is not used again.
    if (failed !== undefined || stream.destroyed) {
      failed = undefined
      stream = create()
      listen()
    }
    const output = writeThrough(stream, finishFlag, input, scratch, hasFailed)
    // This answer goes through the one-shot function; the next one gets a new context.
    if (output === undefined) return oneShot(input)
    if (typeof reset === 'function') {
      try {
        reset(stream)
      } catch (error) {
        failed = error
      }
    } else if (reset) stream.reset()
    return output
  }
}

/**
 * `input` through a zlib stream's native handle with `flush` (a finishing flag ends the stream's
 * output, another flushes it to a boundary and the stream goes on), its output gathered through
 * `scratch`. Undefined when the stream has no such handle or failed (`failed`, or destroyed).
 */
function writeThrough(
  stream: ResettableStream,
  flush: number,
  input: Buffer,
  scratch: Buffer,
  failed: () => boolean,
): Buffer | undefined {
  const handle = stream._handle
  const state = stream._writeState
  if (!handle || !state || typeof handle.writeSync !== 'function') return undefined
  const parts: Buffer[] = []
  let inOffset = 0
  let inLeft = input.byteLength
  for (;;) {
    handle.writeSync(flush, input, inOffset, inLeft, scratch, 0, scratch.length)
    if (failed() || stream.destroyed) return undefined
    const outLeft = state[0] ?? 0
    const inLeftAfter = state[1] ?? 0
    const produced = scratch.length - outLeft
    if (produced > 0) parts.push(Buffer.from(scratch.subarray(0, produced)))
    inOffset += inLeft - inLeftAfter
    inLeft = inLeftAfter
    // The scratch buffer was not filled: the compressor has written everything.
    if (outLeft !== 0) break
  }
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)
}

/**
 * A writer through `stream` for pieces compressed once (spliced-brotli.ts, spliced-zstd.ts): each
 * call runs its bytes through with the given flush (`writeThrough`); undefined once the stream failed.
 */
export function streamWriter(stream: ResettableStream): (bytes: Buffer, flush: number) => Buffer | undefined {
  let failed = false
  stream.on('error', () => (failed = true))
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES)
  return (bytes, flush) => writeThrough(stream, flush, bytes, scratch, () => failed)
}

/**
 * Whether pieces put together by `assemble` decode (with `decode`) to the fixed texts with the own
 * bytes and `afterSlot` between them, whatever the own bytes: tried with two fillings that differ in
 * every byte. A failure to decode counts as no.
 */
export function decodesWithAnyFilling(
  texts: readonly string[],
  slots: readonly number[],
  afterSlot: string,
  assemble: (own: readonly string[]) => Buffer,
  decode: (bytes: Buffer) => Buffer,
): boolean {
  for (const fill of ['\u0001', '~']) {
    const own = slots.map((slot) => fill.repeat(slot))
    let expected = texts[0] ?? ''
    own.forEach((text, i) => {
      expected += text + afterSlot + (texts[i + 1] ?? '')
    })
    try {
      if (decode(assemble(own)).toString() !== expected) return false
    } catch {
      return false
    }
  }
  return true
}

/**
 * One answer from pieces compressed once: the parts with, between part i and i + 1, slot i's own
 * text (ASCII, of the slot's length) as a raw block: the 3-byte block header `header(bytes)` gives
 * (none where it gives undefined, and then no bytes either), the text, then `after`.
 */
export function withRawBlocks(
  parts: readonly Buffer[],
  slots: readonly number[],
  slotTexts: readonly string[],
  header: (bytes: number) => number | undefined,
  after = '',
): Buffer {
  const headers = slots.map((length) => header(length + after.length))
  let size = 0
  for (const part of parts) size += part.length
  slots.forEach((length, i) => {
    if (headers[i] !== undefined) size += 3 + length + after.length
  })
  const out = Buffer.allocUnsafe(size)
  let at = parts[0]!.copy(out, 0)
  for (let i = 0; i < slots.length; i++) {
    const text = slotTexts[i]!
    const length = slots[i]!
    if (text.length !== length) throw new Error(`slot ${i} holds ${text.length} bytes, not ${length}`)
    const blockHeader = headers[i]
    if (blockHeader !== undefined) {
      out.writeUIntLE(blockHeader, at, 3)
      at += 3
      at += out.write(text, at, length, 'latin1')
      at += out.write(after, at, 'latin1')
    }
    at += parts[i + 1]!.copy(out, at)
  }
  return out
}

/**
 * zstd at its default level (3) with tables sized for answers rather than files: a 128 KB window
 * and 16K-entry hash and chain tables, ~0.3 MB of context instead of ~3 MB, the same output for a
 * results page (10–33 KB) and ~15 % less time.
 */
const ZSTD_OPTIONS = {
  params: {
    [zlib.constants.ZSTD_c_compressionLevel]: 3,
    [zlib.constants.ZSTD_c_windowLog]: 17,
    [zlib.constants.ZSTD_c_hashLog]: 14,
    [zlib.constants.ZSTD_c_chainLog]: 14,
  },
}

export interface AnswerCompressionOptions {
  gzipLevel: number
  brotliQuality: number
}

/**
 * Renews a brotli stream's encoder with the stream's parameters, as its constructor does. Node's
 * `reset()` makes a new encoder too, but at brotli's defaults (quality 11, some 40 times slower).
 * The one-shot function it replaces built a stream object per answer that lived until a full
 * collection: under as-you-type load with brotli, a serving process ran one every ~0.35 s
 * (7–21 ms each, the answers' p99 28–33 ms against 12–13 with zstd).
 */
function brotliRenewal(params: Record<number, number>): (stream: ResettableStream) => void {
  const keys = Object.entries(zlib.constants)
    .filter(([name]) => name.startsWith('BROTLI_PARAM_') || name.startsWith('BROTLI_DECODER_PARAM_'))
    .map(([, value]) => value)
  // The layout of Node's own parameter array: one slot per parameter key, -1 for "not set".
  const array = new Uint32Array(Math.max(...keys) + 1).fill(0xffffffff)
  for (const [key, value] of Object.entries(params)) array[Number(key)] = value
  const noWrite = () => {}
  return (stream) => {
    const handle = stream._handle
    const state = stream._writeState
    if (!handle?.init || !state) throw new Error('brotli stream without a renewable encoder')
    if (handle.init(array, state, noWrite, undefined) === false) throw new Error('brotli encoder not renewed')
  }
}

/**
 * A `zlib` for @fastify/compress: its streams as Node makes them (answers too large to compress in
 * one call), its one-shot zstd, gzip and brotli with a context kept for the process.
 */
export function answerCompression(options: AnswerCompressionOptions): Record<string, unknown> {
  const gzipOptions = { level: options.gzipLevel }
  const zstdSync: Compress = (input) => zlib.zstdCompressSync(input, ZSTD_OPTIONS)
  const gzipSync: Compress = (input) => zlib.gzipSync(input, gzipOptions)
  const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality } }
  const brotliSync: Compress = (input) => zlib.brotliCompressSync(input, brotliOptions)
  const overrides = {
    zstdCompressSync: reusing(
      () => zlib.createZstdCompress(ZSTD_OPTIONS) as unknown as ResettableStream,
      zlib.constants.ZSTD_e_end,
      zstdSync,
      false,
    ),
    gzipSync: reusing(
      () => zlib.createGzip(gzipOptions) as unknown as ResettableStream,
      zlib.constants.Z_FINISH,
      gzipSync,
      true,
    ),
    brotliCompressSync: reusing(
      () => zlib.createBrotliCompress(brotliOptions) as unknown as ResettableStream,
      zlib.constants.BROTLI_OPERATION_FINISH,
      brotliSync,
      brotliRenewal(brotliOptions.params),
    ),
    createZstdCompress: () => zlib.createZstdCompress(ZSTD_OPTIONS),
    createGzip: () => zlib.createGzip(gzipOptions),
    createBrotliCompress: () => zlib.createBrotliCompress(brotliOptions),
  }
  return { ...zlib, ...overrides }
}

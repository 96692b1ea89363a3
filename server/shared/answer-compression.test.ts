import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerCompression, decodesWithAnyFilling } from './answer-compression.ts'

type Compress = (input: Buffer) => Buffer

/** zstd at level 3 with tables sized for answers, as answer-compression.ts compresses them. */
const ZSTD_OPTIONS = {
  params: {
    [zlib.constants.ZSTD_c_compressionLevel]: 3,
    [zlib.constants.ZSTD_c_windowLog]: 17,
    [zlib.constants.ZSTD_c_hashLog]: 14,
    [zlib.constants.ZSTD_c_chainLog]: 14,
  },
}

/** Answers of many sizes: small, typical (a results page), and larger than the scratch buffer. */
function answers(): Buffer[] {
  const list: Buffer[] = []
  for (const hits of [1, 20, 20, 200, 1000, 3, 20]) {
    const records = Array.from({ length: hits }, (_, i) => ({
      objectID: String(8000000 + i * 7919),
      name: `Bahnhof ${i} ${randomBytes(6).toString('hex')}`,
      _highlightResult: { name: { value: `Bahnhof ${i}`, matchLevel: 'none', matchedWords: [] } },
    }))
    list.push(Buffer.from(JSON.stringify({ hits: records })))
  }
  // Incompressible bytes: the output is larger than the input and than the scratch buffer.
  list.push(randomBytes(200_000))
  return list
}

describe('answer compression with a context kept per process', () => {
  const compression = answerCompression({ gzipLevel: 1, brotliQuality: 1 })
  const cases: [string, Compress, Compress, (b: Buffer) => Buffer][] = [
    [
      'zstd',
      compression.zstdCompressSync as Compress,
      (b) => zlib.zstdCompressSync(b, ZSTD_OPTIONS),
      zlib.zstdDecompressSync,
    ],
    ['gzip', compression.gzipSync as Compress, (b) => zlib.gzipSync(b, { level: 1 }), zlib.gunzipSync],
    [
      'brotli',
      compression.brotliCompressSync as Compress,
      (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
      zlib.brotliDecompressSync,
    ],
  ]

  it.each(cases)(
    '%s: every answer alone decompresses to itself, byte for byte what the one-shot function makes',
    (_name, reused, oneShot, decompress) => {
      for (let round = 0; round < 3; round++) {
        for (const answer of answers()) {
          const compressed = reused(answer)
          expect(decompress(compressed).equals(answer)).toBe(true)
          expect(compressed.equals(oneShot(answer))).toBe(true)
        }
      }
    },
  )

  it('brotli at the quality asked for', () => {
    const answer = answers()[3] as Buffer
    const compressed = (compression.brotliCompressSync as Compress)(answer)
    expect(zlib.brotliDecompressSync(compressed).equals(answer)).toBe(true)
    const quality1 = zlib.brotliCompressSync(answer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })
    expect(compressed.equals(quality1)).toBe(true)
  })

  it('brotli keeps its quality from one answer to the next (a reset would fall back to 11)', () => {
    const answer = answers()[3] as Buffer
    const brotli = compression.brotliCompressSync as Compress
    const quality1 = zlib.brotliCompressSync(answer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })
    const quality11 = zlib.brotliCompressSync(answer)
    expect(quality1.equals(quality11)).toBe(false)
    for (let i = 0; i < 3; i++) expect(brotli(answer).equals(quality1)).toBe(true)
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Every stream `zlib[create]` makes from now on, each passed through `change` first. */
  function streamsMadeBy<S>(
    create: 'createBrotliCompress' | 'createGzip',
    change: (stream: S) => S = (s) => s,
  ) {
    const made: S[] = []
    const original = zlib[create] as (options: unknown) => S
    vi.spyOn(zlib, create).mockImplementation(((options: unknown) => {
      const stream = change(original(options))
      made.push(stream)
      return stream
    }) as never)
    return made
  }

  it('a brotli context that cannot be renewed is replaced, the answer stays right', () => {
    const made = streamsMadeBy<zlib.BrotliCompress>('createBrotliCompress', (stream) => {
      const handle = (stream as unknown as { _handle: { init: () => boolean } })._handle
      handle.init = () => false
      return stream
    })
    const brotli = answerCompression({ gzipLevel: 1, brotliQuality: 1 }).brotliCompressSync as Compress
    const oneShot = (b: Buffer) =>
      zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })
    const [first, second] = answers() as [Buffer, Buffer]
    expect(brotli(first).equals(oneShot(first))).toBe(true)
    expect(brotli(second).equals(oneShot(second))).toBe(true)
    // One context per answer: the first could not be renewed after its answer, nor the second.
    expect(made).toHaveLength(2)
  })

  it('a context that was destroyed (as zlib does on a failure) is replaced', () => {
    const made = streamsMadeBy<zlib.Gzip>('createGzip')
    const gzip = answerCompression({ gzipLevel: 1, brotliQuality: 1 }).gzipSync as Compress
    const oneShot = (b: Buffer) => zlib.gzipSync(b, { level: 1 })
    const [first, second] = answers() as [Buffer, Buffer]
    expect(zlib.gunzipSync(gzip(first)).equals(first)).toBe(true)
    made[0]?.destroy()
    expect(gzip(second).equals(oneShot(second))).toBe(true)
    expect(made).toHaveLength(2)
    expect(gzip(first).equals(oneShot(first))).toBe(true)
    expect(made).toHaveLength(2)
  })

  it('a runtime whose streams have no such handle gets the one-shot function', () => {
    streamsMadeBy<zlib.Gzip>('createGzip', () => new PassThrough() as unknown as zlib.Gzip)
    const gzip = answerCompression({ gzipLevel: 1, brotliQuality: 1 }).gzipSync as Compress
    const answer = answers()[1] as Buffer
    expect(gzip(answer).equals(zlib.gzipSync(answer, { level: 1 }))).toBe(true)
  })

  it('streams (answers too large for one call) at the same settings', async () => {
    const answer = answers()[4] as Buffer
    const gzip = (compression.createGzip as () => zlib.Gzip)()
    const chunks: Buffer[] = []
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk))
    const done = new Promise((resolve) => gzip.on('end', resolve))
    gzip.end(answer)
    await done
    expect(Buffer.concat(chunks).equals(zlib.gzipSync(answer, { level: 1 }))).toBe(true)
  })
})

describe('the check of pieces made once', () => {
  const texts = ['{"a":1', '}']
  const slots = [3]
  const joined = (own: readonly string[]) => Buffer.from(`${texts[0]}${own[0]}${texts[1]}`)

  it('passes pieces that give the answer whatever bytes the slots hold', () => {
    expect(decodesWithAnyFilling(texts, slots, '', joined, (bytes) => bytes)).toBe(true)
  })

  it('fails pieces that give the answer with one filling only, or that do not decode', () => {
    // Reads its own bytes only where they are '~': right for one filling, wrong for the other.
    const oneFilling = (own: readonly string[]) => (own[0]?.startsWith('~') ? joined(own) : joined(['xxx']))
    expect(decodesWithAnyFilling(texts, slots, '', oneFilling, (bytes) => bytes)).toBe(false)
    const corrupt = () => {
      throw new Error('corrupt stream')
    }
    expect(decodesWithAnyFilling(texts, slots, '', joined, corrupt)).toBe(false)
    // The bytes after each slot are part of the answer.
    expect(decodesWithAnyFilling(texts, slots, '  ', joined, (bytes) => bytes)).toBe(false)
  })
})

// A Vite plugin: after the build, every text file of `dist/` from 1 KB up gets a brotli (`.br`,
// quality 11) and a gzip (`.gz`, level 9) copy beside it, which the server sends as they are
// (@fastify/static's `preCompressed`), so no asset is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|topojson|txt|xml|webmanifest|map)$/
const MIN_BYTES = 1024

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/** Writes `.br` and `.gz` beside each compressible file; returns bytes before and after. */
export function precompressDirectory(dir: string): {
  files: number
  raw: number
  brotli: number
  gzip: number
} {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 }
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
    const data = readFileSync(file)
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    })
    const gzip = gzipSync(data, { level: 9 })
    writeFileSync(`${file}.br`, brotli)
    writeFileSync(`${file}.gz`, gzip)
    totals.files += 1
    totals.raw += data.length
    totals.brotli += brotli.length
    totals.gzip += gzip.length
  }
  return totals
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'bahnhofsfinder:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const { files, raw, brotli, gzip } = precompressDirectory(outDir)
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
      this.info?.(`precompressed ${files} files: ${kb(raw)} → ${kb(brotli)} brotli, ${kb(gzip)} gzip`)
    },
  }
}

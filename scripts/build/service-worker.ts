// A Vite plugin: builds web/service-worker/service-worker.ts into dist/sw.js with the list of the
// build's files to keep offline and a version that changes with any of them (a hash of their names,
// which carry content hashes, and of the unhashed files' bytes). A new build therefore means a new
// sw.js, which is how browsers notice a new version of the app.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { rolldown } from 'rolldown'
import type { Plugin, ResolvedConfig } from 'vite'

const ENTRY = new URL('../../web/service-worker/service-worker.ts', import.meta.url)
const OUTPUT = 'sw.js'
/** Not for the browser: Vite's manifest for the server, the no-JS style sheet (only without scripts). */
const NOT_KEPT = [/^\.vite\//, /\.map$/, /^no-script\.css$/]

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'bahnhofsfinder:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    // After the files are written: the HTML plugin adds index.html to the bundle late.
    async writeBundle(options, bundle) {
      const hash = createHash('sha256')
      const kept: string[] = []
      for (const [fileName, output] of Object.entries(bundle)) {
        if (NOT_KEPT.some((pattern) => pattern.test(fileName))) continue
        kept.push(fileName)
        hash.update(fileName)
        if (fileName === 'index.html' && output.type === 'asset') hash.update(output.source)
      }
      const publicDir = config.publicDir
      for (const file of publicDir ? files(publicDir) : []) {
        const fileName = relative(publicDir, file).split('\\').join('/')
        if (NOT_KEPT.some((pattern) => pattern.test(fileName))) continue
        kept.push(fileName)
        hash.update(fileName).update(readFileSync(file))
      }
      // The shell is kept under its file name: the worker answers navigations with it offline.
      const paths = kept.sort().map((fileName) => `/${fileName}`)
      const version = hash.digest('base64url').slice(0, 16)
      const build = await rolldown({
        input: ENTRY.pathname,
        transform: {
          define: { BUILD_VERSION: JSON.stringify(version), BUILD_FILES: JSON.stringify(paths) },
        },
      })
      const { output } = await build.generate({ format: 'esm', minify: true })
      await build.close()
      const code = output[0].code
      writeFileSync(join(options.dir ?? config.build.outDir, OUTPUT), code)
      this.info(`${OUTPUT}: version ${version}, ${paths.length} files kept, ${code.length} bytes`)
    },
  }
}

// The head links of a rendered page's own chunks (its lazy route's styles and scripts), worked out
// from Vite's build manifest once per build.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Vite's build manifest (dist/.vite/manifest.json), the parts used here. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>

export class AssetLinks {
  readonly #distDir: string
  /** The manifest as last read, with the head links already worked out for each list of modules. */
  #manifest: { mtimeMs: number; manifest: Manifest; links: Map<string, string> } | undefined

  constructor(distDir: string) {
    this.#distDir = distDir
  }

  /** The head links of the chunks of `modules` (a page's lazy route), worked out once per build. */
  forModules(modules: string[]): string {
    const current = this.#read()
    if (!current) return ''
    const key = modules.join('\n')
    let links = current.links.get(key)
    if (links === undefined) {
      links = assetLinks(current.manifest, modules)
      current.links.set(key, links)
    }
    return links
  }

  #read(): { manifest: Manifest; links: Map<string, string> } | undefined {
    const file = join(this.#distDir, '.vite', 'manifest.json')
    try {
      const { mtimeMs } = statSync(file)
      if (this.#manifest?.mtimeMs !== mtimeMs) {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
        this.#manifest = { mtimeMs, manifest, links: new Map() }
      }
      return this.#manifest
    } catch {
      return undefined
    }
  }
}

/**
 * `<link>`s for the styles of `modules`' chunks (render-blocking like the main style sheet, so the
 * server's HTML is laid out right at first paint) and their scripts (fetched at once, for the
 * hydration that waits for them). What the main entry already brings is left out.
 */
function assetLinks(manifest: Manifest, modules: string[]): string {
  const main = new Set<string>()
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) collect(imported, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, main)
  const needed = new Set<string>()
  for (const module of modules) collect(module, needed)
  const css = new Set<string>()
  const js: string[] = []
  for (const key of needed) {
    if (main.has(key)) continue
    const chunk = manifest[key]
    if (!chunk) continue
    js.push(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
  }
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ')
}

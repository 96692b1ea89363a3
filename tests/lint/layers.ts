// The layers of server/ and web/, stated once: which folders each folder may import from, resolved
// file by file (not by the text of the import), and which packages it may not use. The import-graph
// test checks every source file against it and finds cycles, type-only imports included;
// `node tests/lint/layers.ts --write` writes the table into docs/architecture.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

interface Layer {
  /**
   * Folders (as folderOf names them) this folder's files may import. Its own files always.
   * CORE stands for the search core's entry point, search-core/index.ts: the only file of the core
   * that code outside it may import.
   */
  may: string[]
  /** Packages (name prefixes) its files may not import; [''] is every package, `node:` modules too. */
  noPackages?: string[]
  why: string
}

/** The search core's entry point as a `may` entry: code outside search-core/ imports only it. */
export const CORE = 'search-core'
const CORE_ENTRY = 'search-core/index.ts'

const HTTP = ['fastify', 'fastify-plugin', '@fastify/']
const SQL = ['node:sqlite']
const ALL_PACKAGES = ['']

/** Globals of Node that code shared with the browser must not use, and what to use instead. */
const NODE_GLOBALS: Record<string, string> = {
  Buffer:
    'Shared with the browser, which has no Buffer: use TextEncoder/TextDecoder, engine/utf8.ts or execution/portable.ts.',
  process: 'Shared with the browser, which has no process: take what you need as a parameter.',
  require: 'Shared with the browser: import, and only files of the core.',
  __dirname: 'Shared with the browser: no file system.',
  __filename: 'Shared with the browser: no file system.',
  setImmediate:
    'Shared with the browser, which has no setImmediate: use nextTurn() of execution/portable.ts.',
}

export const LAYERS: Record<string, Layer> = {
  'search-core/(root)': {
    may: ['search-core/engine', 'search-core/execution', 'search-core/protocol', 'search-core/rules'],
    noPackages: ALL_PACKAGES,
    why: "the core's entry point (index.ts), DomainError and an index snapshot's shape",
  },
  'search-core/engine': {
    may: [],
    noPackages: ALL_PACKAGES,
    why: 'the search library: records, settings, queries, ranking, facets; no HTTP, SQL or packages',
  },
  'search-core/rules': {
    may: ['search-core/(root)', 'search-core/engine'],
    noPackages: ALL_PACKAGES,
    why: 'which query rules apply and what they do',
  },
  'search-core/protocol': {
    may: ['search-core/(root)', 'search-core/engine'],
    noPackages: ALL_PACKAGES,
    why: "Algolia's search parameters and answers: parsed, checked, formatted",
  },
  'search-core/execution': {
    may: ['search-core/(root)', 'search-core/engine', 'search-core/protocol', 'search-core/rules'],
    noPackages: ALL_PACKAGES,
    why: "one search or a multi-query from checked parameters to Algolia's answer, on the server and offline",
  },
  'server/(root)': { may: ['*'], why: 'the composition root: app.ts builds everything, main.ts runs it' },
  'server/db': { may: [], noPackages: HTTP, why: 'the SQLite database and its migrations' },
  'server/shared': { may: [], noPackages: [...HTTP, ...SQL], why: 'helpers both services use' },
  'server/search': {
    may: ['server/(root)', CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'credentials.ts: the keys the configuration names',
  },
  'server/search/recommend': {
    may: [CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'the recommendation models, over their own interfaces',
  },
  'server/search/store': {
    may: ['server/db', CORE],
    noPackages: HTTP,
    why: 'the only code that speaks SQL; it stores rules, so it knows their type',
  },
  'server/search/protocol': {
    may: ['server/search', CORE],
    noPackages: [...HTTP, ...SQL],
    why: "Algolia's wire format for what only the server does: settings, synonyms, keys, recommendations, route schemas, kept answers",
  },
  'server/search/keys': {
    may: ['server/search', 'server/search/store', CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'API keys, secured keys, sources, rate limits',
  },
  'server/search/insights': {
    may: ['server/search', 'server/search/store', CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'insights events',
  },
  'server/search/service': {
    may: ['server/search', 'server/search/recommend', 'server/search/store', 'server/shared', CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'the façade: writes as tasks, the engines, the write invariant',
  },
  'server/search/analytics': {
    may: ['server/search', 'server/search/insights', 'server/search/service', 'server/search/store', CORE],
    noPackages: [...HTTP, ...SQL],
    why: 'search analytics and query suggestions; a client of the service (it writes the suggestions index through it), so above it',
  },
  'server/search/execution': {
    may: [
      'server/search',
      'server/search/keys',
      'server/search/protocol',
      'server/search/recommend',
      'server/search/service',
      'server/shared',
      CORE,
    ],
    noPackages: [...HTTP, ...SQL],
    why: 'what only the server executes: recommendations, record reads under a key, repeated multi-queries',
  },
  'server/search/routes': {
    may: [
      'server/search',
      'server/search/analytics',
      'server/search/execution',
      'server/search/insights',
      'server/search/keys',
      'server/search/protocol',
      'server/search/recommend',
      'server/search/service',
      'server/shared',
      CORE,
    ],
    noPackages: SQL,
    why: 'Fastify plugins, thin: never the store',
  },
  'server/stations': {
    may: ['server/search/service', 'server/search/store', 'web/shared', CORE],
    noPackages: HTTP,
    why: "the station records, their index configuration and the import; the station facts' shape is shared with web/shared",
  },
  'server/content': { may: ['server/(root)'], noPackages: SQL, why: 'the content model and snapshot types' },
  'server/content/source': {
    may: ['server/content'],
    noPackages: [...HTTP, ...SQL],
    why: 'Markdown files to one immutable snapshot',
  },
  'server/content/graphql': {
    may: ['server/content'],
    noPackages: [...HTTP, ...SQL],
    why: 'the GraphQL schema over a snapshot and its execution with limits; no HTTP',
  },
  'server/content/routes': {
    may: ['server/content', 'server/content/graphql', 'server/content/source', 'server/shared'],
    noPackages: SQL,
    why: '/graphql and the asset files',
  },
  'server/content/export': {
    may: ['server/(root)', 'server/content', 'server/content/routes', 'server/shared'],
    noPackages: SQL,
    why: 'the content as a Contentful space-import file',
  },
  'server/ops': { may: ['server/db', 'server/search'], why: 'metrics and backups' },
  'server/web': {
    may: [
      'server/(root)',
      'server/content',
      'server/search',
      'server/shared',
      'server/stations',
      'web/i18n',
      'web/shared',
    ],
    noPackages: SQL,
    why: "serving the web app: files, pages' heads, sitemap, public config; shares the config schema with web/shared and the words with web/i18n",
  },
  'web/(root)': {
    may: ['web/app', 'web/content', 'web/i18n', 'web/offline', 'web/search', 'web/shared', 'web/ui'],
    why: 'main.tsx starts the app in the browser, entry-server.tsx renders it on the server (with its own content client)',
  },
  'web/app': {
    may: [
      'web/content',
      'web/i18n',
      'web/map',
      'web/offline',
      'web/search',
      'web/shared',
      'web/stations',
      'web/ui',
    ],
    why: 'routes, layout, providers',
  },
  'web/search': {
    may: ['web/i18n', 'web/map', 'web/offline', 'web/shared', 'web/stations', 'web/ui', CORE],
    why: "the search page; reads the engine's limits and facet-query rules so both sides agree",
  },
  'web/content': { may: ['web/i18n', 'web/shared', 'web/stations', 'web/ui'], why: 'CMS pages and notices' },
  'web/offline': {
    may: ['web/i18n', 'web/shared', CORE],
    why: "the app without a network: the device's copy of the index, searches answered from it by the search core the server runs, and what waits for the connection",
  },
  'web/stations': {
    may: ['web/i18n', 'web/map', 'web/offline', 'web/shared', 'web/ui'],
    why: 'the station domain: hit card, station page',
  },
  'web/map': {
    may: ['web/i18n', 'web/shared', 'web/ui'],
    why: 'Leaflet, layers, clustering, the offline basemap',
  },
  'web/service-worker': {
    may: [],
    noPackages: ALL_PACKAGES,
    why: "the installed app's service worker: its own global scope, no page module and no package",
  },
  'web/shared': { may: ['web/i18n'], why: 'configuration, dates, hosts, titles: no page module' },
  'web/ui': {
    may: ['web/i18n', 'web/shared'],
    why: 'generic components with no search or station knowledge',
  },
  'web/i18n': {
    may: [],
    why: "the message catalogs and the provider that gives every component the page's words",
  },
}

/** Tests beside the code they test, declarations, and the probes import-layers.test.ts writes: no layer. */
const NOT_LAYERED = [/\.test\.tsx?$/, /\.d\.ts$/, /^lint-probe/]

/** The layer a file belongs to: its folder, one level deeper under server/search and server/content. */
export function folderOf(file: string): string {
  const parts = file.split('/')
  const deep = parts[0] === 'server' && (parts[1] === 'search' || parts[1] === 'content')
  if (deep && parts.length > 3) return parts.slice(0, 3).join('/')
  return parts.length > 2 ? parts.slice(0, 2).join('/') : `${parts[0]}/(root)`
}

export interface ImportEdge {
  from: string
  /** A repository file, or a package name. */
  to: string
  kind: 'file' | 'package'
  typeOnly: boolean
}

export function sourceFiles(): string[] {
  const files: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !NOT_LAYERED.some((pattern) => pattern.test(entry.name)))
        files.push(path)
    }
  }
  walk('search-core')
  walk('server')
  walk('web')
  return files.sort()
}

const IMPORT =
  /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

/** Every import of a file, resolved: relative specifiers to repository files, others to packages. */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const edges: ImportEdge[] = []
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4] ?? ''
    const typeOnly = match[2] !== undefined
    if (specifier.startsWith('.')) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), specifier))
      if (/\.tsx?$/.test(target)) edges.push({ from: file, to: target, kind: 'file', typeOnly })
    } else edges.push({ from: file, to: specifier, kind: 'package', typeOnly })
  }
  return edges
}

/** Whether a file is part of the search core, which the browser runs too. */
function inCore(file: string): boolean {
  return file.startsWith(`${CORE}/`)
}

/** What breaks a layer rule: an import of a folder the layer may not use, or a forbidden package. */
export function violations(edges: ImportEdge[]): string[] {
  const problems: string[] = []
  for (const edge of edges) {
    const from = folderOf(edge.from)
    const layer = LAYERS[from]
    if (!layer) continue
    if (edge.kind === 'package') {
      if (layer.noPackages?.some((prefix) => edge.to.startsWith(prefix)))
        problems.push(`${edge.from} → ${edge.to} (package not allowed in ${from}: ${layer.why})`)
      continue
    }
    if (inCore(edge.from) && !inCore(edge.to)) {
      problems.push(`${edge.from} → ${edge.to} (the search core imports nothing outside ${CORE}/)`)
      continue
    }
    if (!inCore(edge.from) && inCore(edge.to)) {
      if ((layer.may.includes('*') || layer.may.includes(CORE)) && edge.to === CORE_ENTRY) continue
      problems.push(
        `${edge.from} → ${edge.to} (${layer.may.includes(CORE) || layer.may.includes('*') ? `import the search core through ${CORE_ENTRY}` : `${from} may not use the search core`})`,
      )
      continue
    }
    const to = folderOf(edge.to)
    if (to === from || layer.may.includes('*') || layer.may.includes(to)) continue
    problems.push(
      `${edge.from} → ${edge.to} (${from} may import ${layer.may.join(', ') || 'nothing outside itself'})`,
    )
  }
  return problems
}

/** Import cycles between files (strongly connected components of more than one file, or a self-import). */
export function cycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>()
  for (const edge of edges) {
    if (edge.kind !== 'file') continue
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to])
  }
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const TABLE_START =
  '<!-- layers: generated by `node tests/lint/layers.ts --write` from tests/lint/layers.ts -->'
const TABLE_END = '<!-- layers: end -->'

/** The rules as the Markdown table docs/architecture.md carries. */
export function layerTable(): string {
  const rows = Object.entries(LAYERS).map(
    ([folder, layer]) =>
      `| \`${folder}\` | ${layer.may.includes('*') ? 'anything' : layer.may.map((name) => `\`${name}\``).join(', ') || '—'} | ${layer.noPackages?.length ? (layer.noPackages.includes('') ? 'any package' : layer.noPackages.map((name) => `\`${name}\``).join(', ')) : '—'} | ${folder.startsWith(`${CORE}/`) ? '**shared with the browser**: ' : ''}${layer.why} |`,
  )
  return [
    TABLE_START,
    '| folder | may import | may not use | what it is |',
    '| --- | --- | --- | --- |',
    ...rows,
    TABLE_END,
  ].join('\n')
}

export function documentedTable(): string | undefined {
  const docs = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
  const start = docs.indexOf(TABLE_START)
  const end = docs.indexOf(TABLE_END)
  return start === -1 || end === -1 ? undefined : docs.slice(start, end + TABLE_END.length)
}

/** The folder a layer's files sit in: 'server/(root)' → 'server'. */
function folderPath(layer: string): string {
  return layer.replace(/\/\(root\)$/, '')
}

/** Whether a layer holds only the files directly in its folder (others are layers of their own). */
function flat(layer: string): boolean {
  return layer.endsWith('/(root)') || Object.keys(LAYERS).some((other) => other.startsWith(`${layer}/`))
}

/** A path from one folder to another as an import specifier writes it. */
function specifierPath(fromDir: string, toDir: string): string {
  const path = relative(fromDir, toDir).split('\\').join('/')
  return path === '' ? '.' : path.startsWith('.') ? path : `./${path}`
}

/** Glob patterns (of import specifiers written in fromDir) that reach a layer's files. */
function patternsFor(fromDir: string, layer: string): string[] {
  const path = specifierPath(fromDir, folderPath(layer))
  return flat(layer) ? [`${path}/*.ts`, `${path}/*.tsx`] : [`${path}/**`]
}

/** Glob patterns for a package prefix: 'node:sqlite', 'fastify' (and its subpaths), '@fastify/' (all). */
function packagePatterns(prefix: string): string[] {
  return prefix.endsWith('/') ? [`${prefix}**`] : [prefix, `${prefix}/**`]
}

interface BiomeOverride {
  includes: string[]
  linter: { rules: { style: Record<string, unknown> } }
}

/** Biome's noRestrictedImports for the files of one folder, from the layer its files belong to. */
function overrideFor(dir: string, layerName: string, layer: Layer): BiomeOverride {
  const core = layerName.startsWith(`${CORE}/`)
  const everyPackage = layer.noPackages?.includes('') === true
  const relativeGroup: string[] = everyPackage ? ['**', '!./**', '!../**'] : []
  const others = Object.keys(LAYERS).filter(
    (other) => other !== layerName && !layer.may.includes(other) && !layer.may.includes('*'),
  )
  for (const other of others) {
    if (!core && other.startsWith(`${CORE}/`)) continue
    relativeGroup.push(...patternsFor(dir, other))
  }
  if (core) relativeGroup.push(`${specifierPath(dir, 'tests')}/**`, `${specifierPath(dir, 'scripts')}/**`)
  else {
    relativeGroup.push(`${specifierPath(dir, CORE)}/**`)
    if (layer.may.includes(CORE) || layer.may.includes('*'))
      relativeGroup.push(`!${specifierPath(dir, CORE)}/index.ts`)
  }
  const allowed = layer.may.includes('*') ? 'anything' : [...layer.may].join(', ') || 'nothing outside itself'
  const patterns: { group: string[]; message: string }[] = [
    {
      group: relativeGroup,
      message: `${layerName} (${layer.why}) may import ${allowed}${core ? ' and no package' : ''}. The layers are stated in tests/lint/layers.ts.`,
    },
  ]
  if (layer.noPackages?.length && !everyPackage)
    patterns.push({
      group: layer.noPackages.flatMap(packagePatterns),
      message: `${layerName} (${layer.why}) may not use ${layer.noPackages.join(', ')}. The layers are stated in tests/lint/layers.ts.`,
    })
  const style: Record<string, unknown> = {
    noRestrictedImports: { level: 'error', options: { patterns } },
  }
  if (core) style.noRestrictedGlobals = { level: 'error', options: { deniedGlobals: NODE_GLOBALS } }
  return {
    includes: [`${dir}/*.ts`, `${dir}/*.tsx`, '!**/*.test.ts', '!**/*.test.tsx'],
    linter: { rules: { style } },
  }
}

/** biome.json's overrides, one per folder of source files, generated from LAYERS. */
export function biomeLayerOverrides(): BiomeOverride[] {
  const dirs = [...new Set(sourceFiles().map((file) => dirname(file)))].sort()
  return dirs.flatMap((dir) => {
    const layerName = folderOf(`${dir}/file.ts`)
    const layer = LAYERS[layerName]
    return layer ? [overrideFor(dir, layerName, layer)] : []
  })
}

/** The overrides biome.json carries now. */
export function configuredOverrides(): unknown[] {
  return (
    (JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as { overrides?: unknown[] }).overrides ?? []
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const file = join(ROOT, 'docs/architecture.md')
  const docs = readFileSync(file, 'utf8')
  const current = documentedTable()
  if (!current) throw new Error(`docs/architecture.md has no ${TABLE_START} … ${TABLE_END} section`)
  writeFileSync(file, docs.replace(current, layerTable()))
  console.log('docs/architecture.md: layer table written')
  const biomeFile = join(ROOT, 'biome.json')
  const biome = JSON.parse(readFileSync(biomeFile, 'utf8')) as Record<string, unknown>
  const overrides = biomeLayerOverrides()
  writeFileSync(biomeFile, `${JSON.stringify({ ...biome, overrides }, null, 2)}\n`)
  console.log(`biome.json: ${overrides.length} layer overrides written (format with npm run format)`)
}

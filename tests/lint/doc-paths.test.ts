// Every repository path the README and docs/ name exists: a renamed or deleted file fails here, not
// in the hands of a maintainer following the docs.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? docs(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    )
  return ['README.md', ...docs('docs')]
}

/** Files git knows, also those not yet committed (this test runs before a commit too). */
const TRACKED = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean)
const BASENAMES = new Set(TRACKED.map((file) => basename(file)))

const TOP = '(?:web|server|tests|scripts|bench|docs|content|\\.ci)'
const PATH = new RegExp(`(?<![\\w./-])${TOP}/[\\w@./-]*[\\w/]`, 'g')
const CODE = /`([^`\s]+\.(?:ts|tsx|md|css|yml|json))`/g
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g

/** Paths that are examples or made at run time, not files of the repository. */
const NOT_FILES = [
  /^content\/assets\/$/,
  /\/\.\.\./,
  /^docs\/decisions\/$/,
  /^bench\/results\//,
  /^tests\/CTS\//,
]
/**
 * Names that are files made at run time (`credentials.json`, exports), of Algolia's material beside
 * the repository, of other projects the conventions compare with, or examples of Markdown syntax.
 */
const NOT_OURS = new Set([
  'credentials.json',
  '<name>.credentials.json',
  'contentful-space.json',
  'search.searchSingleIndex.json',
  'LICENSE.md',
  'env.server.ts',
  'App.tsx',
  'plan.svg',
  '/info/hilfe',
])

function missing(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const problems: string[] = []
  for (const [path] of text.matchAll(PATH)) {
    const clean = path.replace(/[.]+$/, '')
    if (NOT_FILES.some((pattern) => pattern.test(clean)) || clean.includes('*')) continue
    if (!existsSync(join(ROOT, clean))) problems.push(`${file}: ${clean}`)
  }
  for (const [, name = ''] of text.matchAll(CODE)) {
    if (name.includes('/') || name.includes('*') || name.startsWith('.') || NOT_OURS.has(name)) continue
    if (!BASENAMES.has(name)) problems.push(`${file}: \`${name}\``)
  }
  for (const [, target = ''] of text.matchAll(LINK)) {
    if (/^[a-z]+:/.test(target) || NOT_OURS.has(target)) continue
    if (!existsSync(resolve(ROOT, dirname(file), target))) problems.push(`${file}: link ${target}`)
  }
  return problems
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

function anchors(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '')
  return new Set([...text.matchAll(/^#{1,6} +(.+?) *$/gm)].map(([, heading = '']) => slug(heading)))
}

/** Links to a heading (`page.md#anchor`, `#anchor`) whose page has no such heading. */
function missingAnchors(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const problems: string[] = []
  for (const [, page = '', anchor = ''] of text.matchAll(/\]\(([^)\s#]*\.md|)#([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(page)) continue
    const target = page === '' ? file : join(dirname(file), page)
    if (!existsSync(join(ROOT, target))) continue
    if (!anchors(target).has(decodeURIComponent(anchor))) problems.push(`${file}: ${page}#${anchor}`)
  }
  return problems
}

describe('repository paths named in the docs', () => {
  it('all exist', () => {
    expect(markdownFiles().flatMap(missing)).toEqual([])
  })

  it('every heading a link points to exists', () => {
    expect(markdownFiles().flatMap(missingAnchors)).toEqual([])
  })

  it('decision records are numbered once each', () => {
    const numbers = readdirSync(join(ROOT, 'docs/decisions')).map((name) => name.slice(0, 4))
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([])
  })
})

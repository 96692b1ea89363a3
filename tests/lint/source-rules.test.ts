// The code conventions of docs/conventions.md that no compiler or linter setting holds.
import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeLines, productSources, read, repositoryFiles } from './repository.ts'

/** Lines of code (blank and comment lines not counted) a product file may have. */
const MAX_CODE_LINES = 300

/**
 * The files over it, each at most as long as it is now: a ceiling may only go down, and a file
 * that comes under MAX_CODE_LINES leaves the list.
 */
const LONGER_FILES: Readonly<Record<string, number>> = {
  'search-core/engine/matcher.ts': 388,
  'search-core/engine/index-data.ts': 404,
  'search-core/engine/search-index.ts': 391,
  'search-core/engine/execute.ts': 381,
  'search-core/protocol/search-params.ts': 365,
  'search-core/protocol/filters.ts': 325,
  'search-core/engine/hits.ts': 320,
  'search-core/engine/highlight.ts': 315,
}

/**
 * `as number` in product code (an index read that cannot miss says so with `!`; a value checked to
 * be a number is narrowed by the check): what is left may only go down.
 */
const MAX_AS_NUMBER = 11

describe('source files', () => {
  const sources = productSources()
  const lengths = new Map(sources.map((file) => [file, codeLines(read(file)).length] as const))

  it(`have at most ${MAX_CODE_LINES} lines of code, or are a listed exception that only shrinks`, () => {
    const over = [...lengths].filter(([file, lines]) => lines > (LONGER_FILES[file] ?? MAX_CODE_LINES))
    expect(over.map(([file, lines]) => `${file}: ${lines}`)).toEqual([])
  })

  it('list no exception that is gone or back under the limit', () => {
    const stale = Object.keys(LONGER_FILES).filter((file) => (lengths.get(file) ?? 0) <= MAX_CODE_LINES)
    expect(stale).toEqual([])
  })

  it(`hold at most ${MAX_AS_NUMBER} casts to number`, () => {
    const casts = sources.flatMap((file) =>
      codeLines(read(file)).flatMap((line) =>
        /\bas\s+number\b/.test(line) ? [`${file}: ${line.trim()}`] : [],
      ),
    )
    expect(casts.length, casts.join('\n')).toBeLessThanOrEqual(MAX_AS_NUMBER)
  })
})

describe('file names', () => {
  it('are kebab-case (lower case, digits, hyphens; dots before extensions)', () => {
    const named = repositoryFiles().filter((file) => !file.startsWith('content/'))
    const wrong = named.filter((file) =>
      file
        .split('/')
        .some(
          (part) =>
            !/^\.?[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/.test(part) &&
            part !== 'README.md',
        ),
    )
    expect(wrong).toEqual([])
  })
})

describe('names after behaviour', () => {
  it('no code, test or doc names a ticket, an issue or a pull request by number', () => {
    const texts = repositoryFiles().filter(
      (file) =>
        /^(server|web|search-core|scripts|tests|bench|docs)\//.test(file) || basename(file) === 'README.md',
    )
    const TICKET = /\b(?:issue|ticket|bug|pr|pull request)\s*#\s*\d+|\bissue\s+\d+|\/(?:issues|pull)\/\d+/i
    const named = texts
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|css|json|yml)$/.test(file))
      .filter((file) => TICKET.test(read(file)))
    expect(named).toEqual([])
  })
})

describe('end-to-end specs', () => {
  it('never find an element by its id', () => {
    const specs = repositoryFiles().filter((file) => file.startsWith('tests/e2e/') && file.endsWith('.ts'))
    const byId = specs.filter((file) => /locator\(\s*['"`]#|getElementById|\[id=/.test(read(file)))
    expect(byId).toEqual([])
  })
})

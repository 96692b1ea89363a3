// docs/ is read in an hour: reference, not diary. Measurements live in the benches' output and the
// decision records; a page that grows past the budget is trimmed, not the budget raised.
import { describe, expect, it } from 'vitest'
import { read, repositoryFiles } from './repository.ts'

const DOCS_MAX_LINES = 3500

const lines = (file: string): number => read(file).split('\n').length - 1

describe('docs/', () => {
  it(`holds at most ${DOCS_MAX_LINES} lines of Markdown in all`, () => {
    const pages = repositoryFiles().filter((file) => file.startsWith('docs/') && file.endsWith('.md'))
    const total = pages.reduce((sum, file) => sum + lines(file), 0)
    const longest = pages
      .map((file) => `${file}: ${lines(file)}`)
      .sort((a, b) => Number(b.split(': ')[1]) - Number(a.split(': ')[1]))
    expect(total, longest.join('\n')).toBeLessThanOrEqual(DOCS_MAX_LINES)
  })
})

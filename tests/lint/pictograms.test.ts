// The pictograms the web app names (web/ui/pictogram.tsx) and the drawings pictogram.css holds are
// the same set, each a line drawing as an SVG data URI.
import { describe, expect, it } from 'vitest'
import { read } from './repository.ts'

const css = read('web/ui/pictogram.css')
const names = [
  ...(/const PICTOGRAMS = \[([^\]]+)\]/.exec(read('web/ui/pictogram.tsx'))?.[1] ?? '').matchAll(
    /'([a-z]+)'/g,
  ),
].map((match) => match[1] ?? '')

describe('pictograms', () => {
  it('are each drawn by pictogram.css: a line drawing as an SVG data URI', () => {
    expect(names.length).toBeGreaterThanOrEqual(14)
    for (const name of names) {
      const rule = new RegExp(
        `\\.pictogram-${name} \\{\\s*--pictogram: url\\("data:image/svg\\+xml,([^"]+)"\\);`,
      ).exec(css)
      expect(rule, name).not.toBeNull()
      expect(decodeURIComponent(rule?.[1] ?? '')).toMatch(
        /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24'[^>]*><path d='[^']+'\/><\/svg>$/,
      )
    }
  })

  it('are drawn for no name the code does not declare', () => {
    const drawn = [...css.matchAll(/\.pictogram-([a-z]+) \{/g)].map((match) => match[1])
    expect(drawn.sort()).toEqual([...names].sort())
  })
})

// Decision records are history: each says what was decided and why, and is never rewritten. A later
// record that replaces part of an earlier one says so in its Status line, and the earlier record
// carries a line at its top pointing to it.
import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { read, repositoryFiles } from './repository.ts'

const RECORDS = repositoryFiles()
  .filter((file) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(file))
  .sort()
const numberOf = (file: string): string => basename(file).slice(0, 4)

describe('decision records', () => {
  it('have a title, a Status line, Context, Decision and Consequences', () => {
    const incomplete = RECORDS.filter((file) => {
      const text = read(file)
      return !(
        new RegExp(`^# ${numberOf(file)}: `).test(text) &&
        /^Status: /m.test(text) &&
        /^## Context$/m.test(text) &&
        /^## Decision$/m.test(text) &&
        /^## Consequences$/m.test(text)
      )
    })
    expect(incomplete).toEqual([])
  })

  it('that another supersedes, wholly or in part, say so at their top', () => {
    const unmarked: string[] = []
    for (const file of RECORDS) {
      const status = read(file).match(/^Status: .*(?:\n(?!\n).*)*/m)?.[0] ?? ''
      if (!/supersedes|corrects/i.test(status)) continue
      const superseded = [...status.matchAll(/\[(\d{4})\]/g)].map((match) => match[1])
      for (const number of superseded) {
        const earlier = RECORDS.find((record) => numberOf(record) === number)
        const top = earlier ? (read(earlier).split('\n\n')[1] ?? '') : ''
        if (!new RegExp(`^(?:Partly )?[Ss]uperseded by .*\\[${numberOf(file)}\\]`).test(top))
          unmarked.push(`${number}, superseded by ${numberOf(file)}`)
      }
    }
    expect(unmarked).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { typoDistance, typoWalk } from './typo.ts'

const terms = ['berlin', 'bernau', 'frank', 'franken', 'frankfurt', 'fraknfurt', 'main', 'munchen'].sort()

function walk(word: string, maxTypos: number, prefix: boolean): string[] {
  const out: string[] = []
  typoWalk(terms, word, maxTypos, prefix, (i, typos) => out.push(`${terms[i]}:${typos}`))
  return out.sort()
}

describe('typo distance (Damerau, optimal string alignment)', () => {
  it('counts a transposition as one typo', () => {
    expect(typoDistance('frankfrut', 'frankfurt', 2, false)?.typos).toBe(1)
    expect(typoDistance('berlni', 'berlin', 1, false)?.typos).toBe(1)
  })

  it('counts insertions, deletions and substitutions', () => {
    expect(typoDistance('munchn', 'munchen', 1, false)?.typos).toBe(1)
    expect(typoDistance('mxnchxn', 'munchen', 2, false)?.typos).toBe(2)
    expect(typoDistance('mxnxhxn', 'munchen', 2, false)).toBeUndefined()
  })

  it('in prefix mode matches the best prefix of the term', () => {
    expect(typoDistance('frnk', 'frankfurt', 1, true)).toEqual({ typos: 1, matchedLength: 5 })
    // The budget runs out after "frak", which already matched: the rest of the word follows.
    expect(typoDistance('frnk', 'fraknfurt', 1, true)).toEqual({ typos: 1, matchedLength: 4 })
    expect(typoDistance('frnk', 'frankfurt', 1, false)).toBeUndefined()
  })
})

describe('typoWalk over a sorted dictionary', () => {
  it('finds every term within the budget and no other', () => {
    expect(walk('frankfrut', 2, false)).toEqual(['fraknfurt:2', 'frankfurt:1'])
    expect(walk('berlin', 1, false)).toEqual(['berlin:0'])
    expect(walk('bernau', 2, false)).toEqual(['bernau:0'])
  })

  it('walks prefixes with typos', () => {
    expect(walk('frnk', 1, true)).toEqual(['fraknfurt:1', 'frank:1', 'franken:1', 'frankfurt:1'])
  })
})

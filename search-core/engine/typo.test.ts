import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/helpers/station-index.ts'
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

/** The textbook optimal-string-alignment distance, the oracle the walk must agree with. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!
      const up = d[i - 1]!
      row[j] = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  return d[a.length]![b.length]!
}

/** Algolia's budget at the default word sizes: 1 typo from 4 letters, 2 from 8. */
const budget = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0)

/** The walk visits exactly the terms the oracle puts within the word's budget, with its counts. */
function expectOracleWalk(dictionary: string[], word: string, prefix: boolean): void {
  const got = new Map<string, number>()
  typoWalk(dictionary, word, budget(word), prefix, (i, typos) => got.set(dictionary[i]!, typos))
  const want = new Map<string, number>()
  for (const term of dictionary) {
    const lengths = prefix ? Array.from({ length: term.length + 1 }, (_, l) => l) : [term.length]
    const typos = Math.min(...lengths.map((l) => osa(word, term.slice(0, l))))
    if (typos <= budget(word)) want.set(term, typos)
  }
  expect({ word, prefix, got: [...got].sort() }).toEqual({ word, prefix, got: [...want].sort() })
}

describe('a transposition in a short word (Algolia: one typo from 4 letters)', () => {
  const dictionary = ['eilendorf', 'keil', 'keilhau', 'kiel', 'kielhbf', 'kiez', 'leik'].sort()

  it('matches "keil" to "kiel" with one typo, whole word and as the prefix of a longer term', () => {
    expect(typoDistance('keil', 'kiel', budget('keil'), false)).toEqual({ typos: 1, matchedLength: 4 })
    expect(typoDistance('keil', 'kielhbf', budget('keil'), true)).toEqual({ typos: 1, matchedLength: 4 })
    expect(typoDistance('kiel', 'keilhau', budget('kiel'), true)).toEqual({ typos: 1, matchedLength: 4 })
  })

  it('walks to every term the oracle puts within the budget, with the oracle’s count', () => {
    for (const word of ['keil', 'kiel', 'ekil', 'kile', 'eilendrof', 'kei'])
      for (const prefix of [false, true]) expectOracleWalk(dictionary, word, prefix)
  })
})

describe('typoWalk over a large dictionary of shared prefixes', () => {
  // Few letters, many words: deep subtrees that the walk skips when they are out of budget.
  const random = seededRandom(4711)
  const letter = () => 'abcde'[Math.floor(random() * 5)]!
  const wordOf = (length: number) => Array.from({ length }, letter).join('')
  const dictionary = [
    ...new Set(Array.from({ length: 1500 }, () => wordOf(2 + Math.floor(random() * 9)))),
  ].sort()

  it('agrees with the oracle on every term, for words of every typo budget, whole and as prefixes', () => {
    for (let n = 0; n < 60; n++) {
      const word = wordOf(1 + Math.floor(random() * 10))
      for (const prefix of [false, true]) expectOracleWalk(dictionary, word, prefix)
    }
  })
})

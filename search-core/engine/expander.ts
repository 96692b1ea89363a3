// The terms of the dictionary a query word matches: itself, the terms it starts (prefix), and those
// within its typo budget (typo.ts), kept per word since typing and similar searches repeat words.
import { prefixRange } from './dictionary.ts'
import type { IndexData } from './index-data.ts'
import { typoWalk } from './typo.ts'

/** One matched term of a query word. `length` is how much of the term matched (prefixes). */
export interface TermHit {
  term: number
  typos: number
  exact: boolean
  length: number
}

/** Words whose expansions are kept; past it the one used longest ago goes. */
const KEPT_EXPANSIONS = 2000

/** Terms a word expands to; cached per dictionary version since typing repeats words a lot. */
export class Expander {
  readonly #data: IndexData
  #version = -1
  readonly #cache = new Map<string, TermHit[]>()

  constructor(data: IndexData) {
    this.#data = data
  }

  expand(word: string, prefix: boolean, maxTypos: number, alternative: boolean): TermHit[] {
    const dict = this.#data.dict
    if (this.#version !== dict.version) {
      this.#cache.clear()
      this.#version = dict.version
    }
    const key = `${prefix ? 1 : 0}${maxTypos}${alternative ? 1 : 0}${word}`
    let hits = this.#cache.get(key)
    if (hits) {
      // Used again: now the last to go (a Map keeps its keys in the order they were set).
      this.#cache.delete(key)
      this.#cache.set(key, hits)
      return hits
    }
    const found = new Map<number, TermHit>()
    const add = (term: number, typos: number, exact: boolean, length: number): void => {
      const prev = found.get(term)
      if (!prev || typos < prev.typos || (typos === prev.typos && exact && !prev.exact)) {
        found.set(term, { term, typos, exact, length })
      }
    }
    const id = dict.idOf.get(word)
    if (id !== undefined) add(id, 0, true, word.length)
    if (!alternative) {
      const { terms, ids } = dict.sorted()
      if (prefix) {
        const [from, to] = prefixRange(terms, word)
        for (let i = from; i < to; i++) add(ids[i]!, 0, terms[i]!.length === word.length, word.length)
      }
      if (maxTypos > 0) {
        // Algolia counts a typo that involves the first letter twice (typing mistakes are rare
        // there): "kiel" is one typo from "keil", "heil…" two. The budget is in edits, so a long
        // word can still match with a first-letter typo, ranked after one-typo matches.
        const firstLetter = word.charCodeAt(0)
        typoWalk(terms, word, maxTypos, prefix, (i, typos, length) => {
          if (typos > 0)
            add(ids[i]!, terms[i]!.charCodeAt(0) === firstLetter ? typos : typos + 1, false, length)
        })
      }
    }
    hits = [...found.values()]
    // The words used longest ago go, not all: words common to many searches ("hbf", "berlin") stay.
    if (this.#cache.size >= KEPT_EXPANSIONS) this.#cache.delete(this.#cache.keys().next().value!)
    this.#cache.set(key, hits)
    return hits
  }
}

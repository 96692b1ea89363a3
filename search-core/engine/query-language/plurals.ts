// ignorePlurals: the singular and plural forms of a folded query word, by rules per language,
// offered as alternatives that must exist in the index's dictionary (the matcher looks each one
// up exactly). English: regular endings and a list of irregular nouns. German: the common plural
// endings (-e, -en, -n, -er, -s, -nen); folding drops umlauts, so umlaut plurals reduce to those
// endings too ("bahnhöfe" → bahnhofe ↔ bahnhof, "züge" → zuge ↔ zug).

const ENGLISH_IRREGULAR: readonly [string, string][] = [
  ['man', 'men'],
  ['woman', 'women'],
  ['child', 'children'],
  ['person', 'people'],
  ['mouse', 'mice'],
  ['foot', 'feet'],
  ['tooth', 'teeth'],
  ['goose', 'geese'],
  ['ox', 'oxen'],
  ['leaf', 'leaves'],
  ['life', 'lives'],
  ['knife', 'knives'],
  ['wife', 'wives'],
  ['half', 'halves'],
  ['city', 'cities'],
  ['bus', 'buses'],
]
const IRREGULAR = new Map<string, string[]>()
for (const [one, many] of ENGLISH_IRREGULAR) {
  IRREGULAR.set(one, [...(IRREGULAR.get(one) ?? []), many])
  IRREGULAR.set(many, [...(IRREGULAR.get(many) ?? []), one])
}
const VOWEL = /[aeiou]$/
const MIN_STEM = 3

function english(word: string, out: Set<string>): void {
  for (const form of IRREGULAR.get(word) ?? []) out.add(form)
  if (word.length < MIN_STEM) return
  if (word.endsWith('ies') && word.length > 4) out.add(`${word.slice(0, -3)}y`)
  else if (/(s|x|z|ch|sh)es$/.test(word)) out.add(word.slice(0, -2))
  else if (word.endsWith('s') && !word.endsWith('ss') && word.length > MIN_STEM) out.add(word.slice(0, -1))
  if (!word.endsWith('s')) {
    if (/[^aeiou]y$/.test(word)) out.add(`${word.slice(0, -1)}ies`)
    else if (/(s|x|z|ch|sh)$/.test(word)) out.add(`${word}es`)
    else out.add(`${word}s`)
  }
}

function german(word: string, out: Set<string>): void {
  const n = word.length
  const strip = (suffix: string, minStem = MIN_STEM): void => {
    if (word.endsWith(suffix) && n - suffix.length >= minStem) out.add(word.slice(0, n - suffix.length))
  }
  // plural → singular
  strip('e')
  strip('en')
  if (/(e|el|er)n$/.test(word)) strip('n', 4)
  if (n <= 7) strip('er')
  if (VOWEL.test(word.slice(0, -1))) strip('s')
  if (word.endsWith('innen')) strip('nen')
  // singular → plural
  if (n >= MIN_STEM) {
    if (/(e|el|er)$/.test(word)) {
      if (n >= 4) out.add(`${word}n`)
    } else {
      out.add(`${word}e`)
      out.add(`${word}en`)
    }
    if (n <= 5 && !word.endsWith('e')) out.add(`${word}er`)
    if (VOWEL.test(word)) out.add(`${word}s`)
    if (word.endsWith('in')) out.add(`${word}nen`)
  }
}

const RULES: Readonly<Record<string, (word: string, out: Set<string>) => void>> = { en: english, de: german }
export const PLURAL_LANGUAGES = Object.keys(RULES)

/** Codes and numbers ("ffm", "a3") have no plural: only words with a vowel and letters only. */
const INFLECTABLE = /^[a-z]*[aeiouy][a-z]*$/

/** Other forms of a folded word in the given languages (never the word itself). */
export function pluralForms(word: string, languages: readonly string[]): string[] {
  if (languages.length === 0 || !INFLECTABLE.test(word)) return []
  const out = new Set<string>()
  for (const language of languages) RULES[language]?.(word, out)
  out.delete(word)
  return [...out]
}

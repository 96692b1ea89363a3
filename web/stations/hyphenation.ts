// Soft hyphens for the long German words of the filter labels. Browsers hyphenate with `hyphens:
// auto` only where they ship a German dictionary (Debian's Chromium has none), and without one a
// word too long for its line breaks anywhere ("Eisenbahngesellschaf|t"). The labels are a known,
// small vocabulary, so their words are split into parts with their syllable breaks here: a few
// hundred bytes instead of a pattern file (the German patterns of the `hyphen` package are 141 KB
// gzipped). A word not made of known parts stays whole, as before.

export const SOFT_HYPHEN = '\u00ad'

/** Words shorter than this are left whole: they fit a line, and short words read better unbroken. */
const MIN_LENGTH = 10

/**
 * Parts of the compounds in the filters' labels, lower case, with their syllable breaks (·) after
 * German rules: no single letter alone at either end, "ck" stays together.
 */
const PARTS = `
  auf aus bahn be·darf bay·e·ri·sche bran·den·burg braun bun·des ei·sen fahr·rad fern fä·cher frei·er
  ga·ben ge·sell·schaft groß hal·te hes·si·scher hofs hof hö·fe kno·ten land lan·des lau·sitz länd·li·cher
  me·tro·pol meck·len·burg mis·si·on mit·tel nah nie·der nord ober per·so·nen platz pom·mern punk·te raum
  re·gio·na·ler re·gio·nal rei·se sach·sen schle·si·en schließ schweig ser·vice stadt stat·tung
  stell stra·ßen stu·fen städ·ti·scher trä·ger typ ver·band ver·bund ver·kehrs ver·kehr vor würt·tem·berg
  zen·trum zweck
`
  .trim()
  .split(/\s+/)

/** Each part without its marks, with the offsets of its syllable breaks. */
const BREAKS_IN_PART = new Map(
  PARTS.map((marked) => {
    const offsets: number[] = []
    let plain = ''
    for (const char of marked) {
      if (char === '·') offsets.push(plain.length)
      else plain += char
    }
    return [plain, offsets] as const
  }),
)

/** Where a word breaks (offsets), if it is made of known parts: the split into the fewest parts. */
function breaksOf(word: string): number[] | undefined {
  type Split = { parts: number; breaks: number[] } | null
  const splits = new Map<number, Split>()
  const from = (start: number): Split => {
    if (start === word.length) return { parts: 0, breaks: [] }
    const known = splits.get(start)
    if (known !== undefined) return known
    let best: Split = null
    for (const [part, offsets] of BREAKS_IN_PART) {
      if (!word.startsWith(part, start)) continue
      const end = start + part.length
      const rest = from(end)
      if (!rest || (best && rest.parts + 1 >= best.parts)) continue
      const inside = offsets.map((offset) => start + offset)
      best = {
        parts: rest.parts + 1,
        breaks: [...inside, ...(end < word.length ? [end] : []), ...rest.breaks],
      }
    }
    splits.set(start, best)
    return best
  }
  return from(0)?.breaks
}

/** The text with soft hyphens in its long German words where they are made of known parts. */
export function hyphenate(text: string): string {
  return text.replace(new RegExp(`\\p{L}{${MIN_LENGTH},}`, 'gu'), (word) => {
    const breaks = breaksOf(word.toLocaleLowerCase('de'))
    if (!breaks) return word
    let out = ''
    let from = 0
    for (const at of breaks) {
      out += word.slice(from, at) + SOFT_HYPHEN
      from = at
    }
    return out + word.slice(from)
  })
}

/** Text as typed or copied: soft hyphens are invisible and must not reach a search or a URL. */
export function withoutSoftHyphens(text: string): string {
  return text.replaceAll(SOFT_HYPHEN, '')
}

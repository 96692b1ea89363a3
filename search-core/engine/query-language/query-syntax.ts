// Algolia's advanced query syntax: "quoted phrases" (exactPhrase) and -word exclusions
// (excludeWords). A minus excludes only at the start of a word (after a space or at the start of
// the query); inside quotes it is text. An unclosed quote runs to the end of the query. Without
// the features the query is plain text, as before.

export interface QueryPart {
  text: string
  kind: 'plain' | 'phrase' | 'exclude'
}

export function splitQuerySyntax(query: string, exactPhrase: boolean, excludeWords: boolean): QueryPart[] {
  if (!exactPhrase && !excludeWords) return [{ text: query, kind: 'plain' }]
  const parts: QueryPart[] = []
  let plain = ''
  const flush = (): void => {
    if (plain.trim() !== '') parts.push({ text: plain, kind: 'plain' })
    plain = ''
  }
  let i = 0
  while (i < query.length) {
    const c = query[i]!
    if (exactPhrase && c === '"') {
      const close = query.indexOf('"', i + 1)
      const end = close === -1 ? query.length : close
      flush()
      const text = query.slice(i + 1, end)
      if (text.trim() !== '') parts.push({ text, kind: 'phrase' })
      i = end + 1
      continue
    }
    const atWordStart = i === 0 || /\s/.test(query[i - 1]!)
    if (excludeWords && c === '-' && atWordStart) {
      let end = i + 1
      while (end < query.length && !/[\s"]/.test(query[end]!)) end++
      const text = query.slice(i + 1, end)
      if (text !== '') {
        flush()
        parts.push({ text, kind: 'exclude' })
      }
      i = end
      continue
    }
    plain += c
    i++
  }
  flush()
  return parts
}

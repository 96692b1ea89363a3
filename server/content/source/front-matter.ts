// Splits a Markdown file into its YAML front matter and body, keeping line numbers for messages.
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import { ContentError } from './content-error.ts'

export interface FrontMatter {
  data: Record<string, unknown>
  /** 1-based line of a key in the file, or the front matter's first line. */
  lineOf(key: string): number
  body: string
  /** 1-based line of the body's first line in the file. */
  bodyLine: number
}

export function splitFrontMatter(file: string, text: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (!source.startsWith('---\n'))
    throw new ContentError(file, 1, 'the file must start with front matter ("---")')
  const end = source.indexOf('\n---', 3)
  const closing = end < 0 ? null : /^[ \t]*(\n|$)/.exec(source.slice(end + 4))
  if (end < 0 || !closing) throw new ContentError(file, 1, 'front matter is not closed with "---"')
  const yamlText = source.slice(4, end + 1)
  const lineCounter = new LineCounter()
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true })
  // Line 1 is the opening "---": YAML line n is file line n + 1.
  const first = document.errors[0]
  if (first) {
    const line = (lineCounter.linePos(first.pos[0]).line ?? 1) + 1
    throw new ContentError(file, line, `front matter: ${first.message.split('\n')[0]}`)
  }
  const contents = document.contents
  if (contents !== null && !isMap(contents))
    throw new ContentError(file, 2, 'front matter must be a YAML mapping')
  const lines = new Map<string, number>()
  for (const pair of contents?.items ?? []) {
    if (isScalar(pair.key) && pair.key.range) {
      lines.set(String(pair.key.value), lineCounter.linePos(pair.key.range[0]).line + 1)
    }
    if (pair.value && !isScalar(pair.value) && !isSeq(pair.value)) {
      const line = pair.value.range ? lineCounter.linePos(pair.value.range[0]).line + 1 : 2
      throw new ContentError(file, line, `front matter: "${String(pair.key)}" must be a value or a list`)
    }
  }
  const data = (document.toJS() ?? {}) as Record<string, unknown>
  const bodyStart = end + 4 + (closing[0]?.length ?? 0)
  const bodyLine = source.slice(0, bodyStart).split('\n').length
  return {
    data,
    lineOf: (key) => lines.get(key) ?? 1,
    body: source.slice(bodyStart),
    bodyLine,
  }
}

// Conditional and compressed answers: what the static files and the offline snapshot share.

/** br before gzip, each only if accepted with a non-zero quality. */
export function preferredEncoding(header: string | undefined): 'brotli' | 'gzip' | undefined {
  if (!header) return undefined
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (allows('br')) return 'brotli'
  if (allows('gzip')) return 'gzip'
  return undefined
}

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header === '*' || header.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)
}

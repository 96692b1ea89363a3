// Links in CMS text: only schemes that cannot run code or smuggle content (an allow-list, not a
// block-list: `javascript:`, `data:`, `vbscript:` and whatever comes next are all refused).
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])
// Browsers drop tabs and line breaks inside URLs, so "/\t/evil.example" would become "//evil.example".
function hasControlCharacter(value: string): boolean {
  for (let n = 0; n < value.length; n++) {
    const code = value.charCodeAt(n)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

export type LinkTarget =
  | { kind: 'internal'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'none' }

/** Where a rich-text hyperlink may lead: a path in this app, an allowed URL, or nowhere. */
export function linkTarget(uri: unknown): LinkTarget {
  if (typeof uri !== 'string' || hasControlCharacter(uri)) return { kind: 'none' }
  const value = uri.trim()
  // "/info/hilfe" is ours; "//host" and "/\host" are other sites in a browser's eyes.
  if (/^\/(?![/\\])/.test(value)) return { kind: 'internal', to: value }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { kind: 'none' }
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return { kind: 'none' }
  return { kind: 'external', href: url.href }
}

/** An image's address: https, http or a path on this site (Contentful's may start with `//`). */
export function imageSource(url: string | null | undefined): string | null {
  if (!url || hasControlCharacter(url)) return null
  const value = url.trim()
  if (value.startsWith('//')) return imageSource(`https:${value}`)
  if (/^\/(?![/\\])/.test(value)) return value
  try {
    const parsed = new URL(value)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

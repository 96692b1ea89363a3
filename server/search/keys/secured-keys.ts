// Secured API keys as the official clients' generateSecuredApiKey builds them:
// base64( hex(HMAC-SHA256(parentKey, params)) + params ), where params is a query string of
// restrictions (validUntil, restrictIndices, restrictSources, referers, userToken) and search
// parameters.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { parseSources, type SourceList } from './sources.ts'

export interface SecuredRestrictions<P> {
  validUntil?: number
  restrictIndices?: string[]
  userToken?: string
  /** Client addresses (IPv4/IPv6 CIDR) the key may be used from. */
  restrictSources?: SourceList
  /** Referer patterns the key may be used from (none: any, within its parent's). */
  referers?: string[]
  /** Search parameters the key forces on every query. */
  params: P
}

const RESTRICTIONS = ['validUntil', 'restrictIndices', 'restrictSources', 'referers', 'userToken']

/** Returns the restrictions and the parent key that signed them, or undefined if none did. */
export function decodeSecuredKey<P>(
  key: string,
  parentCandidates: readonly string[],
  readParams: (paramsString: string) => P,
): (SecuredRestrictions<P> & { parent: string }) | undefined {
  if (!/^[A-Za-z0-9+/=_-]{88,}$/.test(key)) return undefined
  const decoded = Buffer.from(key, 'base64').toString('utf8')
  const signature = decoded.slice(0, 64)
  const params = decoded.slice(64)
  if (!/^[0-9a-f]{64}$/.test(signature)) return undefined
  const given = Buffer.from(signature, 'hex')
  const parent = parentCandidates.find((candidate) =>
    timingSafeEqual(createHmac('sha256', candidate).update(params).digest(), given),
  )
  if (parent === undefined) return undefined
  try {
    return { ...parseRestrictions(params, readParams), parent }
  } catch {
    return undefined
  }
}

/** Throws when a restriction or a forced parameter cannot be read: such a key is not valid. */
function parseRestrictions<P>(
  params: string,
  readParams: (paramsString: string) => P,
): SecuredRestrictions<P> {
  const query = new URLSearchParams(params)
  const restrictions: Omit<SecuredRestrictions<P>, 'params'> = {}
  const validUntil = query.get('validUntil')
  if (validUntil !== null) {
    // A key whose expiry cannot be read must not live forever.
    if (!/^\d+$/.test(validUntil)) throw new Error('validUntil must be a Unix timestamp')
    restrictions.validUntil = Number(validUntil)
  }
  const indices = query.get('restrictIndices')
  if (indices !== null) restrictions.restrictIndices = listOf(indices)
  const referers = listOf(query.get('referers') ?? '')
  if (referers.length > 0) restrictions.referers = referers
  const userToken = query.get('userToken')
  if (userToken) restrictions.userToken = userToken
  // Algolia separates sources with ";"; a source that cannot be read makes the key invalid.
  const sources = query.get('restrictSources')
  if (sources !== null) restrictions.restrictSources = parseSources(sources.split(';'))
  for (const name of RESTRICTIONS) query.delete(name)
  return { ...restrictions, params: readParams(query.toString()) }
}

/** The client joins arrays with commas; a JSON array is accepted too. */
function listOf(value: string): string[] {
  if (value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value)
      if (Array.isArray(parsed)) return parsed.map(String)
    } catch {
      // fall through to the comma form
    }
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

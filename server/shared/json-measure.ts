// Measuring parsed JSON (request bodies, records, GraphQL variables) without recursion, so that no
// value a client sends, however deeply nested, can exhaust the stack of the code that checks it.

/**
 * The depth of a JSON value (a scalar: 0, `{}`: 1, `{"a": {}}`: 2), counted without recursion and
 * stopping as soon as `limit` is passed, so that no value, however deep, can exhaust the stack.
 * Also counts object keys at every level, stopping past `maxKeys`.
 */
export function measureJson(
  value: unknown,
  limit: number,
  maxKeys = Number.POSITIVE_INFINITY,
): { depth: number; keys: number } {
  let depth = 0
  let keys = 0
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [current, level] = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    if (level > depth) depth = level
    if (depth > limit) break
    if (Array.isArray(current)) {
      for (const item of current) if (typeof item === 'object' && item !== null) stack.push([item, level + 1])
      continue
    }
    for (const key in current) {
      keys += 1
      const item = (current as Record<string, unknown>)[key]
      if (typeof item === 'object' && item !== null) stack.push([item, level + 1])
    }
    if (keys > maxKeys) break
  }
  return { depth, keys }
}

// Every variable the server's configuration reads is listed in .env.example (with its default) and
// in docs/operations.md (what it does): an operator finds each one without reading the code.
import { describe, expect, it } from 'vitest'
import { read } from './repository.ts'

/** The keys of the schema in server/config.ts: its top-level entries `NAME: …`. */
function configuredVariables(): string[] {
  const source = read('server/config.ts')
  const schema = source.slice(source.indexOf('const envSchema = z.object({'), source.indexOf('\n})\n'))
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? '')
}

describe('configuration variables', () => {
  const variables = configuredVariables()

  it('are read from the schema in server/config.ts', () => {
    expect(variables).toContain('PORT')
    expect(variables).toContain('TRENDING_MIN_CLIENTS')
  })

  it('are all in .env.example', () => {
    const example = read('.env.example')
    expect(variables.filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([])
  })

  it('are all in docs/operations.md', () => {
    const operations = read('docs/operations.md')
    expect(variables.filter((name) => !operations.includes(`\`${name}\``))).toEqual([])
  })
})

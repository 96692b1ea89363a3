// Configuration is read in one place: server/config.ts validates the environment once at start.
// The few other product files that touch process.env are listed here with the reason; the list can
// only shrink (an entry whose file no longer touches it fails until it is removed).
import { describe, expect, it } from 'vitest'
import { productSources, read } from './repository.ts'

const ALLOWED: Readonly<Record<string, string>> = {
  'server/config.ts': 'reads and validates the configuration, once, at start',
  'server/workers.ts':
    "passes the environment on to the serving processes it forks, with glibc's allocator settings the operator did not set",
  'server/web/render-thread-entry.ts':
    "sets NODE_ENV to production, unless set, before loading React's server build (configuration of a library, not of the server)",
  'scripts/explain-engine-warnings.js':
    "reads npm's own variables (npm_package_json, npm_config_user_agent) during postinstall, before there is any configuration",
}

const TOUCHES_ENV =
  /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"`]env['"`]\s*\]|from\s+['"](?:node:)?process['"]|require\(\s*['"](?:node:)?process['"]\s*\)/

describe('process.env', () => {
  const touching = productSources().filter((file) => TOUCHES_ENV.test(read(file)))

  it('is read in server/config.ts and in the files listed with their reason only', () => {
    expect(touching.filter((file) => !(file in ALLOWED))).toEqual([])
  })

  it('is still touched by every file the list allows (remove an entry that no longer does)', () => {
    expect(Object.keys(ALLOWED).filter((file) => !touching.includes(file))).toEqual([])
  })
})

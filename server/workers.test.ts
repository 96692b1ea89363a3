import { describe, expect, it } from 'vitest'
import { servingExecArgv } from './workers.ts'

describe('the options a serving process starts with', () => {
  it('preloads the compile cache and caps the young generation by default', () => {
    const argv = servingExecArgv([])
    expect(argv[0]).toBe('--import')
    expect(argv[1]).toMatch(/compile-cache\.js$/)
    expect(argv).toContain('--max-semi-space-size=8')
  })

  it("keeps the operator's young generation, on the command line or in NODE_OPTIONS", () => {
    expect(servingExecArgv(['--max-semi-space-size=32'])).not.toContain('--max-semi-space-size=8')
    expect(servingExecArgv([], '--enable-source-maps --max_semi_space_size=4')).not.toContain(
      '--max-semi-space-size=8',
    )
  })

  it('does not preload the compile cache twice', () => {
    const argv = servingExecArgv(['--import', './server/compile-cache.js'])
    expect(argv.filter((arg) => arg.endsWith('compile-cache.js'))).toHaveLength(1)
  })
})

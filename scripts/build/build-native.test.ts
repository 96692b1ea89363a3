// The allocator addon: compiled where a C compiler is, loaded by the server, and never required.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { trimAllocator } from '../../server/shared/allocator-trim.ts'
import { ALLOCATOR_ADDON, buildNative } from './build-native.ts'

const dir = mkdtempSync(join(tmpdir(), 'native-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const compiler = ['cc', 'gcc', 'clang'].some((name) => spawnSync(name, ['--version']).status === 0)

describe('the allocator addon', () => {
  it(compiler ? 'is compiled where a C compiler is, and trims' : 'says why it is not compiled', () => {
    const out = join(dir, 'release-memory.node')
    const result = buildNative(out)
    if (!compiler) {
      expect(result).toEqual({ built: false, why: expect.stringMatching(/compiler|headers|Linux/) })
      return
    }
    expect(result).toEqual({ built: true })
    const addon = createRequire(import.meta.url)(out) as { trim(): unknown }
    // glibc answers whether there was anything to give back.
    expect(typeof addon.trim()).toBe('boolean')
  })

  it('is used by the server where it is built, and left alone where it is not', () => {
    const built = existsSync(ALLOCATOR_ADDON) && process.platform === 'linux'
    expect(typeof trimAllocator()).toBe(built ? 'boolean' : 'undefined')
  })
})

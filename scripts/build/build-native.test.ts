// The allocator addon: compiled where a C compiler is, loaded by the server, and never required.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { trimAllocator } from '../../server/shared/allocator-trim.ts'
import { buildNativeIfStale } from './build-native.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'native-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const compiler = ['cc', 'gcc', 'clang'].some((name) => spawnSync(name, ['--version']).status === 0)

describe('the allocator addon', () => {
  it(compiler ? 'is compiled where a C compiler is, and trims' : 'says why it is not compiled', () => {
    const out = join(dir, 'release-memory.node')
    const said: string[] = []
    const built = buildNativeIfStale((line) => said.push(line), out)
    expect(built).toBe(compiler)
    if (!compiler) {
      expect(said).toEqual([expect.stringMatching(/not built \((.*compiler|.*headers|only for Linux)/)])
      return
    }
    expect(said).toEqual(['Allocator addon: built (build/native/release-memory.node).'])
    const addon = createRequire(import.meta.url)(out) as { trim(): unknown }
    // glibc answers whether there was anything to give back.
    expect(typeof addon.trim()).toBe('boolean')
    // Built once: a second call finds it current and says nothing.
    expect(buildNativeIfStale((line) => said.push(line), out)).toBe(true)
    expect(said).toHaveLength(1)
  })

  it('is used by the server where it is built, and left alone where it is not', () => {
    const built =
      existsSync(join(root, 'build', 'native', 'release-memory.node')) && process.platform === 'linux'
    expect(typeof trimAllocator()).toBe(built ? 'boolean' : 'undefined')
  })
})

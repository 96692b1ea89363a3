// The line after `npm install` that tells a new user the EBADENGINE warnings are no failure.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const SCRIPT = 'scripts/explain-engine-warnings.js'
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

/** The script as npm runs it after an install: npm's user agent and package.json in the environment. */
async function afterInstall(userAgent: string, packageJson = join(ROOT, 'package.json')) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_user_agent: userAgent, npm_package_json: packageJson },
  })
  return { lines: stdout.split('\n').filter(Boolean), stderr }
}

describe('npm install on an older system Node', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-engines-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('runs after every install', () => {
    // First, so that its line comes right after npm's warnings; the web app's build follows.
    expect(PACKAGE.scripts.postinstall).toBe(`node ${SCRIPT} && node scripts/build-on-install.js`)
    expect(PACKAGE.engines.node).toBe('>=24')
  })

  it('says in one line that the EBADENGINE warnings are expected when npm runs on Node 20', async () => {
    const { lines, stderr } = await afterInstall('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Note: the "npm warn EBADENGINE" lines above are expected and harmless/)
    expect(lines[0]).toContain("this system's Node v20.20.2")
    expect(lines[0]).toContain(`runs on Node ${process.version} from the node package`)
    expect(stderr).toBe('')
  })

  it('says nothing when npm itself runs on a Node the project accepts, or cannot tell', async () => {
    expect((await afterInstall('npm/11.19.1 node/v24.21.0 linux x64 workspaces/false')).lines).toEqual([])
    expect((await afterInstall('')).lines).toEqual([])
  })

  it('warns when the scripts too would run on a Node that is too old (no node package)', async () => {
    // The project asks for more than the Node running this test: as after npm install --omit=dev.
    const packageJson = join(dir, 'package.json')
    writeFileSync(packageJson, JSON.stringify({ name: 'x', engines: { node: '>=99' } }))
    const { lines } = await afterInstall('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', packageJson)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Warning: .*npm scripts would run on v\d+.*older than the >=99 this project needs/,
    )
  })
})

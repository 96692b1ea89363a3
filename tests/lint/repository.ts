// The repository's files as the lint tests see them: what git tracks, and new files not yet
// committed (the tests run before a commit too), without what .gitignore leaves out, and without
// the probe files the layer tests write and delete while other lint tests may be listing files.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')

const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && !/(^|\/)lint-probe[^/]*$/.test(file))

export function repositoryFiles(): readonly string[] {
  return FILES
}

/** Product code: the server, the web app, the search core and the scripts, without their tests. */
export function productSources(): string[] {
  return FILES.filter(
    (file) =>
      /^(server|web|search-core|scripts)\//.test(file) &&
      /\.(ts|tsx|js|mjs|cjs)$/.test(file) &&
      !/\.test\.tsx?$/.test(file),
  )
}

export function read(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
}

/** Lines that are neither blank nor only a comment (`//`, or a line of a block comment). */
export function codeLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*($|\/\/|\/\*|\*)/.test(line))
}

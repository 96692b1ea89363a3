// npm run export:contentful [-- --out file.json] [-- --asset-base-url https://example.org/content/assets/]
// Writes CONTENT_DIR as a Contentful space-import file; see docs/scale-out.md.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../server/config.ts'
import { buildSpaceImport } from '../server/content/export/contentful-export.ts'
import {
  assetBase,
  assetBaseWarning,
  EXPORT_HELP,
  EXPORT_USAGE,
  ExportUsageError,
  parseExportArgs,
} from '../server/content/export/export-options.ts'
import { ContentError } from '../server/content/source/content-error.ts'
import { loadContent } from '../server/content/source/content-loader.ts'
import { wantsHelp } from '../server/shared/command-line.ts'

/** A failure the operator can act on: one line, no stack trace. */
class ExportError extends Error {}

const args = process.argv.slice(2)
if (wantsHelp(args)) {
  console.log(EXPORT_HELP)
  process.exit(0)
}

try {
  const options = parseExportArgs(args)
  const config = loadConfig()
  const base = assetBase(options, config)
  const snapshot = await loadContent(config.CONTENT_DIR)
  const payload = buildSpaceImport(snapshot, base.url)
  const out = resolve(options.out)
  try {
    writeFileSync(out, `${JSON.stringify(payload, null, 2)}\n`)
  } catch (error) {
    throw new ExportError(`cannot write ${out}: ${(error as Error).message}`)
  }
  console.log(
    `${out}: ${payload.contentTypes.length} content types, ${payload.entries.length} entries, ${payload.assets.length} assets (images from ${base.url})`,
  )
  const warning = assetBaseWarning(base, payload.assets.length)
  if (warning) console.warn(warning)
} catch (error) {
  if (error instanceof ExportUsageError) {
    console.error(`export:contentful: ${error.message}\n${EXPORT_USAGE}   (--help explains)`)
    process.exit(2)
  }
  if (error instanceof ConfigError || error instanceof ContentError || error instanceof ExportError) {
    console.error(error instanceof ExportError ? `export:contentful: ${error.message}` : error.message)
    process.exit(1)
  }
  throw error
}

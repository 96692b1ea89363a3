// npm run export:contentful [-- --out file.json] [-- --asset-base-url https://example.org/content/assets/]
// Writes CONTENT_DIR as a Contentful space-import file; see docs/scale-out.md.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../server/config.ts'
import { buildSpaceImport } from '../server/content/export/contentful-export.ts'
import { ContentError } from '../server/content/source/content-error.ts'
import { loadContent } from '../server/content/source/content-loader.ts'

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'contentful-space.json' },
    'asset-base-url': { type: 'string' },
  },
})

try {
  const config = loadConfig()
  const assetBaseUrl = values['asset-base-url'] ?? `http://${config.HOST}:${config.PORT}/content/assets/`
  const snapshot = await loadContent(config.CONTENT_DIR)
  const payload = buildSpaceImport(snapshot, assetBaseUrl)
  const out = resolve(values.out)
  writeFileSync(out, `${JSON.stringify(payload, null, 2)}\n`)
  console.log(
    `${out}: ${payload.contentTypes.length} content types, ${payload.entries.length} entries, ${payload.assets.length} assets (images from ${assetBaseUrl})`,
  )
} catch (error) {
  if (error instanceof ConfigError || error instanceof ContentError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

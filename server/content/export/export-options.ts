// Command-line options of `npm run export:contentful`, checked before anything is read or written,
// and where the exported asset URLs point: Contentful downloads every image from there.
import { parseArgs } from 'node:util'
import type { Config } from '../../config.ts'
import { localServerUrl, unreachableFromInternet } from '../../shared/server-address.ts'
import { ASSETS_PATH } from '../routes/content-assets-route.ts'

export const EXPORT_USAGE = 'usage: npm run export:contentful -- [--out FILE] [--asset-base-url URL]'

export const EXPORT_HELP = `${EXPORT_USAGE}

Writes the content of CONTENT_DIR (pages, notices, assets) as a Contentful space-import file.

  --out FILE              the file to write (default: contentful-space.json)
  --asset-base-url URL    where Contentful downloads the images from while it imports, e.g.
                          https://bahnhofsfinder.example.org/content/assets/ ; it must be
                          reachable from the internet. Default: beside PUBLIC_CONTENT_URL when
                          that is this server's /graphql, else http://HOST:PORT/content/assets/
  -h, --help              this text

Then: npx contentful-import --space-id SPACE --management-token CMA_TOKEN --content-file FILE`

/** A wrong command line: the message goes out with the usage, and the exit code is 2. */
export class ExportUsageError extends Error {}

export interface ExportOptions {
  out: string
  /** Absent: taken from the configuration (`assetBase`). */
  assetBaseUrl: string | undefined
}

export interface AssetBase {
  url: string
  /** Where the URL came from, for the warning: the option, or which configuration. */
  from: string
  fromConfiguration: boolean
}

/** An http(s) URL that ends in "/", so that file names resolve inside it and not beside it. */
function baseUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ExportUsageError(
      `--asset-base-url ${text}: not a URL; give one like https://bahnhofsfinder.example.org/content/assets/`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ExportUsageError(`--asset-base-url ${text}: use an http or https URL`)
  if (url.search !== '' || url.hash !== '')
    throw new ExportUsageError(`--asset-base-url ${text}: give the folder of the images, without ? or #`)
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`
  return url.toString()
}

export function parseExportArgs(args: string[]): ExportOptions {
  let values: { out: string; 'asset-base-url'?: string | undefined }
  try {
    ;({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        out: { type: 'string', default: 'contentful-space.json' },
        'asset-base-url': { type: 'string' },
      },
    }))
  } catch (error) {
    throw new ExportUsageError((error as Error).message)
  }
  if (values.out.trim() === '') throw new ExportUsageError('--out needs a file name')
  const given = values['asset-base-url']
  return { out: values.out, assetBaseUrl: given === undefined ? undefined : baseUrl(given) }
}

/**
 * The option, else the configuration the server reads: PUBLIC_CONTENT_URL when it is this
 * server's /graphql at a public address (the images are served beside it), else HOST and PORT.
 * PUBLIC_SEARCH_URL is not used: it may name a search machine that serves no content.
 */
export function assetBase(
  options: ExportOptions,
  config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_CONTENT_URL'>,
): AssetBase {
  if (options.assetBaseUrl)
    return { url: options.assetBaseUrl, from: '--asset-base-url', fromConfiguration: false }
  const content = config.PUBLIC_CONTENT_URL ? new URL(config.PUBLIC_CONTENT_URL) : undefined
  if (content?.pathname.endsWith('/graphql')) {
    const url = new URL(ASSETS_PATH.slice(1), new URL('.', content)).toString()
    return { url, from: `PUBLIC_CONTENT_URL=${config.PUBLIC_CONTENT_URL}`, fromConfiguration: true }
  }
  return {
    url: `${localServerUrl(config.HOST, config.PORT)}${ASSETS_PATH}`,
    from: `HOST=${config.HOST} and PORT=${config.PORT}`,
    fromConfiguration: true,
  }
}

/** What the operator must know before importing: Contentful has to reach the images' URLs. */
export function assetBaseWarning(base: AssetBase, assets: number): string | undefined {
  if (assets === 0) return undefined
  const why = unreachableFromInternet(new URL(base.url))
  if (why) {
    return `warning: the ${assets} images point to ${base.url}, ${why} (from ${base.from}). Contentful downloads each image from its URL while it imports and cannot reach that one: export again with --asset-base-url set to a public address that serves content/assets/, e.g. https://bahnhofsfinder.example.org/content/assets/`
  }
  if (base.fromConfiguration) {
    return `warning: the ${assets} images point to ${base.url} (from ${base.from}). Contentful downloads each image from its URL while it imports, so that address must be reachable from the internet; otherwise export again with --asset-base-url`
  }
  return undefined
}

// The app's message catalogs (web/i18n/messages/*.json, ICU MessageFormat) parsed at build time:
// the browser and the renderer get each message as FormatJS's syntax tree, so neither ships nor
// runs the ICU parser (about 8 KB gzip of the first page's JS). The alias that leaves the parser
// out sits beside this plugin in vite.config.ts; a message that fails to parse fails the build.
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const CATALOG = /\/web\/i18n\/messages\/[a-z]{2}(-[A-Z]{2})?\.json$/

export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    // Before Vite's JSON plugin, which then turns the trees (JSON still) into a module.
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null
      const messages = JSON.parse(code) as Record<string, string>
      const trees = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [
          key,
          parse(message, { shouldParseSkeletons: true }),
        ]),
      )
      return { code: JSON.stringify(trees), map: null }
    },
  }
}

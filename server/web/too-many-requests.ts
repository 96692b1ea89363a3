// The page an address gets when it asked for pages faster than its budget allows: short, in the
// app's colours and words, with no script and nothing of the request in it, and cheap to send
// (it is what a flood is answered with, so it costs a string join, no render, no search).
import { type Locale, pathInLocale } from '../../web/i18n/locale.ts'
import { pageMessages } from './page-messages.ts'

/** The page for a wait of `seconds` (whole seconds, at least 1), in the language of the page asked for. */
export function tooManyRequestsPage(seconds: number, locale: Locale = 'de'): string {
  const t = pageMessages(locale)
  const home = pathInLocale('/', locale)
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<meta name="theme-color" content="#0b3d6e" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<title>${t('tooMany.pageTitle')}</title>
<style>
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; line-height: 1.5; color: #1b1f24; background: #fff; }
header { background: #0b3d6e; padding: 0.6rem 1rem; }
header a { color: #fff; font-size: 1.3rem; font-weight: 700; text-decoration: none; }
main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: 0 0 0.5em; }
a { color: #0a4f96; }
</style>
</head>
<body>
<header><a href="${home}">Bahnhofsfinder</a></header>
<main>
<h1>${t('tooMany.heading')}</h1>
<p>${t('tooMany.text', { seconds })}</p>
<p><a href="${home}">${t('error.toHome')}</a></p>
</main>
</body>
</html>
`
}

// Draws the installed app's icons (web/public/icons/*.png) from the favicon's pictogram with
// Chromium, the browser the tests use. Run after changing the pictogram: `node scripts/build-icons.ts`.
// "any" icons are the favicon as it is (rounded square); "maskable" ones fill the whole square with
// the background and keep the train within the middle 80 %, the zone every launcher's mask keeps.
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const favicon = readFileSync(new URL('../web/public/favicon.svg', import.meta.url), 'utf8')
const train = /<path d="([^"]+)"/.exec(favicon)?.[1]
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1]
if (!train || !background) throw new Error('favicon.svg: no <rect> background or <path> pictogram found')

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
]

function svg(size: number, maskable: boolean): string {
  // The pictogram's 32-unit box, scaled to 80 % around the centre (the train itself stays inside the safe zone).
  const inner = maskable
    ? `<g transform="translate(3.2 3.2) scale(0.8)"><path d="${train}" fill="#fff"/></g>`
    : ''
  const rect = maskable
    ? `<rect width="32" height="32" fill="${background}"/>`
    : `<rect width="32" height="32" rx="6" fill="${background}"/><path d="${train}" fill="#fff"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${rect}${inner}</svg>`
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size })
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg(icon.size, icon.maskable)}`,
    )
    const png = await page.locator('svg').screenshot({ omitBackground: true })
    writeFileSync(new URL(`../web/public/icons/${icon.file}`, import.meta.url), png)
    console.log(`web/public/icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`)
  }
} finally {
  await browser.close()
}

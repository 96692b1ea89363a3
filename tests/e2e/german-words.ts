// What an English page must not show: the German catalog's words (web/i18n/messages/de.json) that
// its English twin does not share. Each message's literal text, between its placeholders, is one
// phrase; a phrase the English catalog also uses (the site's name, "ICE", "WLAN") is not German.
// The page is read whole: its text, shown or not (a closed dialog, a label for screen readers), and
// the attributes that speak (aria-label, title, placeholder, alt). Parts marked `lang="de"` are
// German on purpose (the language link, content only written in German, DB's own descriptions) and
// are skipped, and so is their text where an attribute repeats it (a lift's marker on the map is
// titled with DB's description of it).
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import type { Page } from '@playwright/test'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }
import en from '../../web/i18n/messages/en.json' with { type: 'json' }

/** The runs of literal text in a message (a placeholder ends a run). */
function literalRuns(elements: MessageFormatElement[], runs: string[] = []): string[] {
  let run = ''
  const end = () => {
    if (run.trim()) runs.push(run.trim())
    run = ''
  }
  for (const element of elements) {
    if (element.type === TYPE.literal) run += element.value
    else {
      end()
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) literalRuns(option.value, runs)
      if (element.type === TYPE.tag) literalRuns(element.children, runs)
    }
  }
  end()
  return runs
}

const runsOf = (catalog: Record<string, string>) =>
  Object.values(catalog).flatMap((message) => literalRuns(parse(message)))

const englishText = runsOf(en).join('\n')

/**
 * The date words date-fns writes in German (web/shared/dates.ts): the month names English spells
 * otherwise, and the clock's "Uhr".
 */
const GERMAN_DATE_WORDS = ['Januar', 'Februar', 'März', 'Mai', 'Juni', 'Juli', 'Oktober', 'Dezember', 'Uhr']

/** German phrases of at least four characters that no English message contains, and German dates. */
const GERMAN_PHRASES: string[] = [
  ...new Set(
    runsOf(de)
      // Punctuation at the ends belongs to the sentence around a placeholder, not to the phrase.
      .map((run) => run.replace(/^[\s,.:;–(]+|[\s,.:;–)]+$/g, ''))
      .filter((run) => run.length >= 4 && /\p{L}{3}/u.test(run) && !englishText.includes(run))
      .concat(GERMAN_DATE_WORDS),
  ),
].sort((a, b) => b.length - a.length)

/** The German phrases an English page shows, with where (text or an attribute). */
export async function germanOnPage(page: Page): Promise<string[]> {
  return page.evaluate((phrases) => {
    const texts: string[] = []
    const walk = (element: Element) => {
      const lang = element.getAttribute('lang')
      if (lang && !lang.startsWith('en')) return
      if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') return
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = element.getAttribute(name)
        if (value) texts.push(`${value} [${name}]`)
      }
      for (const node of element.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) texts.push(node.textContent.trim())
        else if (node.nodeType === Node.ELEMENT_NODE) walk(node as Element)
      }
    }
    walk(document.documentElement)
    texts.push(`${document.title} [title]`)
    const germanOnPurpose = [...document.querySelectorAll('[lang]:not([lang^="en"])')]
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => text.length >= 3)
    const found: string[] = []
    const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const shown of texts) {
      const text = germanOnPurpose.reduce((rest, german) => rest.replaceAll(german, ''), shown)
      for (const phrase of phrases) {
        // A whole word or phrase, not part of a longer word ("Karte" is not in "Kartenansicht").
        if (new RegExp(`(?<!\\p{L})${escapeRegExp(phrase)}(?!\\p{L})`, 'u').test(text)) {
          found.push(`${phrase} ← ${shown.slice(0, 120)}`)
          break
        }
      }
    }
    return found
  }, GERMAN_PHRASES)
}

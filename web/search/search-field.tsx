import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useSearchBox } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import { useRecognizedRefinements } from './recognized-refinements.ts'
import { useSearchAnswer } from './server-search.tsx'

/**
 * The search box, searching as you type. Built on `useSearchBox` with the `ais-SearchBox` class names
 * because the stock widget hard-codes an English label.
 */
export function SearchField() {
  const { query, refine, clear } = useSearchBox()
  const { status, results } = useSearchAnswer()
  const [value, setValue] = useState(query)
  const input = useRef<HTMLInputElement>(null)
  const recognized = useRecognizedRefinements()
  const t = useMessages()

  // Follow outside changes (back/forward, "Alle Filter entfernen") unless the user is typing. After
  // a failed search InstantSearch falls back to the previous query; the field keeps what the user
  // typed, which "Erneut versuchen" searches for.
  if (query !== value && document.activeElement !== input.current && status !== 'error') setValue(query)

  // Text typed into the server's HTML before the app took the page over (a slow line, a phone) is
  // the search, not lost: the field held the server's query, and the next render put it back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is taken over
  useEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== value) change(typed)
  }, [])

  // A filter a rule recognized in the words ("hbf nrw") becomes a refinement once the field lets
  // go: not while typing, where "hessen" may be on its way to "Hessental". A tick later: on a page
  // opened with such a query, InstantSearch starts after this first effect, and a state set before
  // its start reaches the address but not the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!recognized || document.activeElement === input.current) return undefined
    const timer = setTimeout(() => recognized.adopt())
    return () => clearTimeout(timer)
  }, [results])

  function change(next: string) {
    setValue(next)
    refine(next)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    refine(value)
    input.current?.blur()
    if (value === query) recognized?.adopt()
  }

  return (
    <search className="ais-SearchBox search-field" aria-label={t('search.fieldLandmark')}>
      <form
        className="ais-SearchBox-form"
        noValidate
        action=""
        onSubmit={submit}
        onReset={(event) => {
          event.preventDefault()
          setValue('')
          clear()
          input.current?.focus()
        }}
      >
        <label className="visually-hidden" htmlFor="suchbegriff">
          {t('search.fieldLabel')}
        </label>
        <input
          id="suchbegriff"
          // The server's HTML is a plain form until the app takes it over (or without JavaScript):
          // Enter then loads /suche?q=…
          name="q"
          ref={input}
          className="ais-SearchBox-input"
          type="search"
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          placeholder={t('searchForm.placeholder')}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={512}
        />
        <button className="ais-SearchBox-submit" type="submit">
          {t('searchForm.submit')}
        </button>
        {/* Without JavaScript a reset only puts back the text the page came with: not shown then. */}
        <button className="ais-SearchBox-reset script-only" type="reset" hidden={value.length === 0}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{t('search.clear')}</span>
        </button>
      </form>
    </search>
  )
}

import { type FormEvent, useId } from 'react'
import { useNavigate } from 'react-router'
import { useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { SearchCombobox } from './search-combobox.tsx'
import type { SuggestSource } from './suggestions.ts'

interface SearchFormProps {
  /** Accessible name of the search landmark and the field. */
  label: string
  id?: string
  placeholder?: string
  compact?: boolean
  autoFocus?: boolean
  /** Suggestions as you type (the field becomes a combobox); without it, a plain search field. */
  suggestions?: SuggestSource
}

/** A plain search form that leads to /suche?q=…; works as a GET form even before JS takes over. */
export function SearchForm({
  label,
  id,
  placeholder,
  compact = false,
  autoFocus = false,
  suggestions,
}: SearchFormProps) {
  const navigate = useNavigate()
  const t = useMessages()
  const inLocale = usePathInLocale()
  const generatedId = useId()
  const inputId = id ?? generatedId

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    navigate(query ? `/suche?${new URLSearchParams({ q: query })}` : '/suche')
  }

  return (
    <search className={compact ? 'search-form search-form--compact' : 'search-form'} aria-label={label}>
      <form action={inLocale('/suche')} method="get" onSubmit={submit}>
        <label className={compact ? 'visually-hidden' : 'search-form-label'} htmlFor={inputId}>
          {label}
        </label>
        <div className="search-form-row">
          {suggestions ? (
            <SearchCombobox
              inputId={inputId}
              placeholder={placeholder ?? t('searchForm.placeholder')}
              autoFocus={autoFocus}
              source={suggestions}
            />
          ) : (
            <input
              id={inputId}
              name="q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={512}
              placeholder={placeholder ?? t('searchForm.placeholder')}
              // biome-ignore lint/a11y/noAutofocus: the start page is a search page; focus where the user types
              autoFocus={autoFocus}
            />
          )}
          <button type="submit">{t('searchForm.submit')}</button>
        </div>
      </form>
    </search>
  )
}

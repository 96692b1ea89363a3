import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  activeSuggestion,
  allSuggestions,
  comboboxReducer,
  INITIAL_COMBOBOX_STATE,
} from './combobox-state.ts'
import type { HighlightPart } from './highlight-parts.ts'
import type { Suggestion, SuggestSource } from './suggestions.ts'
import './search-combobox.css'

/** Wait after the last key before asking: light, so that suggestions follow the typing. */
const SUGGEST_DEBOUNCE_MS = 100

interface SearchComboboxProps {
  inputId: string
  placeholder: string
  autoFocus: boolean
  source: SuggestSource
}

function MarkedText({ parts }: { parts: HighlightPart[] }) {
  return parts.map((part, index) =>
    part.isHighlighted ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder
      <mark key={index}>{part.value}</mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <span key={index}>{part.value}</span>
    ),
  )
}

function countText(count: number): string {
  return count === 1 ? '1 Vorschlag' : `${count} Vorschläge`
}

/**
 * The search field as a WAI-ARIA 1.2 combobox: suggestions as you type in a listbox, Arrow keys move
 * through them (the focus stays in the field, aria-activedescendant points at the option), Enter
 * chooses one or submits the typed text, Escape closes the list (or clears the field), Tab leaves.
 * Without suggestions (or when the source fails) it is a plain search field of the form.
 */
export function SearchCombobox({ inputId, placeholder, autoFocus, source }: SearchComboboxProps) {
  const navigate = useNavigate()
  const listboxId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [state, dispatch] = useReducer(comboboxReducer, INITIAL_COMBOBOX_STATE)
  const latestRequest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // Text typed into the server's HTML before the app took the page over is the field's, not lost:
  // once hydrated, the field holds it and, while the user is still in it, asks for suggestions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is taken over
  useEffect(() => {
    const typed = inputRef.current?.value ?? ''
    if (!typed) return
    setValue(typed)
    if (document.activeElement === inputRef.current) {
      dispatch({ type: 'typed' })
      ask(typed)
    }
  }, [])

  const suggestions = allSuggestions(state.groups)
  const active = activeSuggestion(state)
  const expanded = state.open && suggestions.length > 0
  const optionId = (index: number) => `${listboxId}-option-${index}`

  function ask(text: string) {
    clearTimeout(timer.current)
    const request = ++latestRequest.current
    const query = text.trim()
    if (!query) {
      dispatch({ type: 'results', groups: [] })
      return
    }
    timer.current = setTimeout(() => {
      // Only the answer to the latest text counts, and only while the field has the focus.
      const current = () => request === latestRequest.current && document.activeElement === inputRef.current
      source.suggest(query).then(
        (groups) => current() && dispatch({ type: 'results', groups }),
        () => current() && dispatch({ type: 'results', groups: [] }),
      )
    }, SUGGEST_DEBOUNCE_MS)
  }

  /** Closes the list for good: an answer still on its way for the text typed must not reopen it. */
  function close() {
    clearTimeout(timer.current)
    latestRequest.current++
    dispatch({ type: 'close' })
  }

  function choose(suggestion: Suggestion) {
    setValue(suggestion.value)
    close()
    navigate(suggestion.href)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        dispatch({ type: 'next' })
        break
      case 'ArrowUp':
        event.preventDefault()
        dispatch({ type: 'previous' })
        break
      case 'Enter':
        // With no option active, Enter submits the typed text (the form's own submit).
        if (active) {
          event.preventDefault()
          choose(active)
        } else close()
        break
      case 'Escape':
        if (expanded) {
          // Keep the text: the browser would clear a search field on Escape.
          event.preventDefault()
          close()
        } else if (value) {
          // Closed: Escape clears the field (APG), in every browser, not only where search fields do.
          event.preventDefault()
          setValue('')
          ask('')
        }
        break
      case 'Tab':
        close()
        break
    }
  }

  let index = -1
  return (
    <div className="search-combobox">
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(state.active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={512}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: the start page is a search page; focus where the user types
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          dispatch({ type: 'typed' })
          ask(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => source.prepare?.()}
        onBlur={close}
      />
      <div
        role="listbox"
        id={listboxId}
        aria-label="Vorschläge"
        className="search-suggestions"
        hidden={!expanded}
        // A click on an option must not take the focus from the field (which would close the list).
        onMouseDown={(event) => event.preventDefault()}
      >
        {state.groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox, not a form fieldset
          <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
            <div role="presentation" id={`${listboxId}-${group.key}`} className="search-suggestions-heading">
              {group.label}
            </div>
            {group.suggestions.map((suggestion) => {
              index++
              const selected = index === state.active
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field handles the keys (aria-activedescendant)
                <div
                  key={suggestion.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={selected ? 'search-suggestion search-suggestion--active' : 'search-suggestion'}
                  onClick={() => choose(suggestion)}
                >
                  <span className="search-suggestion-label">
                    <MarkedText parts={suggestion.label} />
                  </span>
                  {suggestion.detail && <span className="search-suggestion-detail">{suggestion.detail}</span>}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <div role="status" className="visually-hidden">
        {expanded ? `${countText(suggestions.length)}, mit Pfeiltasten auswählen` : ''}
      </div>
    </div>
  )
}

import { type KeyboardEvent, type RefObject, useEffect, useId, useReducer, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  activeSuggestion,
  allSuggestions,
  type ComboboxState,
  comboboxReducer,
  INITIAL_COMBOBOX_STATE,
} from './combobox-state.ts'
import type { Suggestion, SuggestSource } from './suggestions.ts'

/** Wait after the last key before asking: light, so that suggestions follow the typing. */
const SUGGEST_DEBOUNCE_MS = 100

export interface SearchCombobox {
  inputRef: RefObject<HTMLInputElement | null>
  listboxId: string
  value: string
  state: ComboboxState
  suggestions: Suggestion[]
  active: Suggestion | undefined
  expanded: boolean
  optionId(index: number): string
  changed(text: string): void
  keyDown(event: KeyboardEvent<HTMLInputElement>): void
  choose(suggestion: Suggestion): void
  close(): void
}

/**
 * The search field's behaviour as a WAI-ARIA 1.2 combobox, without its markup: suggestions asked as
 * you type (debounced, only the latest answer counts, only while the field has the focus), Arrow keys
 * through them, Enter chooses one or submits the typed text, Escape closes the list (or clears the
 * field), Tab leaves. search-combobox.tsx renders it.
 */
export function useSearchCombobox(source: SuggestSource): SearchCombobox {
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

  function changed(text: string) {
    setValue(text)
    dispatch({ type: 'typed' })
    ask(text)
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
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

  return {
    inputRef,
    listboxId,
    value,
    state,
    suggestions,
    active,
    expanded,
    optionId: (index) => `${listboxId}-option-${index}`,
    changed,
    keyDown,
    choose,
    close,
  }
}

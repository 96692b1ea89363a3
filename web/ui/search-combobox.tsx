import { useMessages } from '../i18n/intl.tsx'
import type { HighlightPart } from './highlight-parts.ts'
import type { SuggestSource } from './suggestions.ts'
import { type SearchCombobox as Combobox, useSearchCombobox } from './use-search-combobox.ts'
import './search-combobox.css'

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

/** The suggestions in groups, each option pointed at by the field (aria-activedescendant). */
function SuggestionList({ combobox }: { combobox: Combobox }) {
  const { listboxId, state, expanded, optionId, choose } = combobox
  const t = useMessages()
  let index = -1
  return (
    <div
      role="listbox"
      id={listboxId}
      aria-label={t('suggestions.label')}
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
  )
}

/**
 * The search field as a WAI-ARIA 1.2 combobox (its behaviour: use-search-combobox.ts). Without
 * suggestions (or when the source fails) it is a plain search field of the form.
 */
export function SearchCombobox({ inputId, placeholder, autoFocus, source }: SearchComboboxProps) {
  const combobox = useSearchCombobox(source)
  const { inputRef, listboxId, value, state, suggestions, active, expanded } = combobox
  const t = useMessages()
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
        aria-activedescendant={active ? combobox.optionId(state.active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={512}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: the start page is a search page; focus where the user types
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => combobox.changed(event.target.value)}
        onKeyDown={combobox.keyDown}
        onFocus={() => source.prepare?.()}
        onBlur={combobox.close}
      />
      <SuggestionList combobox={combobox} />
      <div role="status" className="visually-hidden">
        {expanded ? t('suggestions.status', { count: suggestions.length }) : ''}
      </div>
    </div>
  )
}

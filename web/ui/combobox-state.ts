// State of a search field with a suggestion list (WAI-ARIA 1.2 combobox with a listbox popup):
// which suggestions are shown, whether the list is open and which option is active. Pure, so the
// keyboard rules can be tested without a browser.
import type { Suggestion, SuggestionGroup } from './suggestions.ts'

export interface ComboboxState {
  groups: SuggestionGroup[]
  open: boolean
  /** Index into all suggestions in list order; -1: none (the field itself has the focus). */
  active: number
}

export type ComboboxAction =
  | { type: 'results'; groups: SuggestionGroup[] }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'close' }
  | { type: 'typed' }

export const INITIAL_COMBOBOX_STATE: ComboboxState = { groups: [], open: false, active: -1 }

export function allSuggestions(groups: readonly SuggestionGroup[]): Suggestion[] {
  return groups.flatMap((group) => group.suggestions)
}

export function activeSuggestion(state: ComboboxState): Suggestion | undefined {
  if (!state.open || state.active < 0) return undefined
  return allSuggestions(state.groups)[state.active]
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  const count = allSuggestions(state.groups).length
  switch (action.type) {
    case 'results': {
      const groups = action.groups.filter((group) => group.suggestions.length > 0)
      return { groups, open: groups.length > 0, active: -1 }
    }
    case 'typed':
      // The text changed: no option stays active; the list stays until the new answer.
      return state.active === -1 ? state : { ...state, active: -1 }
    case 'next':
      if (count === 0) return state
      // Closed: open on the first option. Past the last option, wrap to the first.
      if (!state.open) return { ...state, open: true, active: 0 }
      return { ...state, active: (state.active + 1) % count }
    case 'previous':
      if (count === 0) return state
      if (!state.open) return { ...state, open: true, active: count - 1 }
      return { ...state, active: state.active <= 0 ? count - 1 : state.active - 1 }
    case 'close':
      return state.open || state.active !== -1 ? { ...state, open: false, active: -1 } : state
  }
}

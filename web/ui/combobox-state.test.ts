import { describe, expect, it } from 'vitest'
import {
  activeSuggestion,
  type ComboboxAction,
  type ComboboxState,
  comboboxReducer,
  INITIAL_COMBOBOX_STATE,
} from './combobox-state.ts'
import type { SuggestionGroup } from './suggestions.ts'

function suggestion(value: string) {
  return { key: value, label: [{ value, isHighlighted: false }], href: `/x/${value}`, value }
}

const GROUPS: SuggestionGroup[] = [
  { key: 'queries', label: 'Suchvorschläge', suggestions: [suggestion('köln'), suggestion('köln hbf')] },
  { key: 'stations', label: 'Bahnhöfe', suggestions: [suggestion('Köln Hbf')] },
]

function run(...actions: ComboboxAction[]): ComboboxState {
  return actions.reduce(comboboxReducer, INITIAL_COMBOBOX_STATE)
}

const activeValue = (state: ComboboxState) => activeSuggestion(state)?.value

describe('search field suggestions (combobox state)', () => {
  it('opens when suggestions arrive, with no option active', () => {
    const state = run({ type: 'results', groups: GROUPS })
    expect(state.open).toBe(true)
    expect(activeValue(state)).toBeUndefined()
  })

  it('stays closed when nothing is suggested, and drops empty groups', () => {
    expect(run({ type: 'results', groups: [] }).open).toBe(false)
    const state = run({
      type: 'results',
      groups: [{ key: 'q', label: 'Suchvorschläge', suggestions: [] }, GROUPS[1]!],
    })
    expect(state.groups.map((group) => group.key)).toEqual(['stations'])
  })

  it('moves down through every group and wraps from the last option to the first', () => {
    const open = { type: 'results', groups: GROUPS } as const
    expect(activeValue(run(open, { type: 'next' }))).toBe('köln')
    expect(activeValue(run(open, { type: 'next' }, { type: 'next' }, { type: 'next' }))).toBe('Köln Hbf')
    expect(
      activeValue(run(open, { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' })),
    ).toBe('köln')
  })

  it('moves up from the field to the last option, and from the first option to the last', () => {
    const open = { type: 'results', groups: GROUPS } as const
    expect(activeValue(run(open, { type: 'previous' }))).toBe('Köln Hbf')
    expect(activeValue(run(open, { type: 'next' }, { type: 'previous' }))).toBe('Köln Hbf')
    expect(activeValue(run(open, { type: 'previous' }, { type: 'previous' }))).toBe('köln hbf')
  })

  it('closes on Escape or leaving, and the arrow keys open it again on the first or last option', () => {
    const closed = run({ type: 'results', groups: GROUPS }, { type: 'next' }, { type: 'close' })
    expect(closed.open).toBe(false)
    expect(activeSuggestion(closed)).toBeUndefined()
    expect(activeValue(comboboxReducer(closed, { type: 'next' }))).toBe('köln')
    expect(activeValue(comboboxReducer(closed, { type: 'previous' }))).toBe('Köln Hbf')
  })

  it('typing deactivates the option but keeps the list until the next answer', () => {
    const state = run({ type: 'results', groups: GROUPS }, { type: 'next' }, { type: 'typed' })
    expect(state.open).toBe(true)
    expect(activeValue(state)).toBeUndefined()
  })

  it('ignores the arrow keys when there is nothing to suggest', () => {
    expect(run({ type: 'next' })).toEqual(INITIAL_COMBOBOX_STATE)
    expect(run({ type: 'previous' })).toEqual(INITIAL_COMBOBOX_STATE)
  })
})

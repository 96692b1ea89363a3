// A server-rendered form whose controls apply at once with the app (radio buttons that filter, say)
// does nothing while it is plain HTML: until the page's script has taken the page over, a choice
// would be lost. Such a form is marked `data-submit-on-change` and submitted here, natively, when one
// of its controls changes before then, so the server renders the page for the choice.

import type { FormEvent } from 'react'

const MARK = 'data-submit-on-change'

/**
 * The props of such a form. `autoComplete="off"`: a browser that restores the last visit's choices
 * must not make them look chosen before the script ran. With the app a choice applies in place, so
 * the form never submits (Enter on a radio button or in a field must not reload the page).
 */
export const SUBMIT_ON_CHANGE = {
  [MARK]: '',
  autoComplete: 'off',
  onSubmit: (event: FormEvent) => event.preventDefault(),
} as const

/** Whether the app has taken the page over (set by the layout once hydrated or rendered). */
function interactive(): boolean {
  return document.documentElement.hasAttribute('data-interactive')
}

/** The marked form of a choice (a checkbox, a radio button, a select); text typed into a field is no choice. */
function markedForm(target: EventTarget | null): HTMLFormElement | null {
  const choice =
    (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) ||
    target instanceof HTMLSelectElement
  const form = choice ? (target as HTMLInputElement | HTMLSelectElement).form : null
  return form?.hasAttribute(MARK) ? form : null
}

/** A control that differs from what the server wrote: chosen before this script ran. */
function changed(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
      if (element.checked !== element.defaultChecked) return true
    } else if (element instanceof HTMLSelectElement) {
      for (const option of element.options) if (option.selected !== option.defaultSelected) return true
    }
  }
  return false
}

/**
 * Submits a marked form whose control changes before the app takes the page over, or one changed
 * before this ran (the main script may arrive after the user chose).
 */
export function submitFormsChangedBeforeHydration(): void {
  if (interactive()) return
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${MARK}]`)) {
    if (changed(form)) {
      form.requestSubmit()
      return
    }
  }
  const onChange = (event: Event) => {
    if (interactive()) {
      document.removeEventListener('change', onChange)
      return
    }
    markedForm(event.target)?.requestSubmit()
  }
  document.addEventListener('change', onChange)
}

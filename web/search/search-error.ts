// Turns a search client error into a German sentence that says what went wrong.

interface ErrorLike {
  name?: string
  message?: string
  status?: number
}

export function describeSearchError(error: ErrorLike | undefined, online: boolean): string {
  if (!online) return 'Ihr Gerät ist offline. Bitte prüfen Sie die Internetverbindung.'
  const status = error?.status
  if (status === 401 || status === 403) {
    return 'Der Suchdienst hat die Anfrage abgelehnt: Der Zugangsschlüssel ist ungültig.'
  }
  if (status === 429) return 'Der Suchdienst hat gerade zu viele Anfragen. Bitte warten Sie einen Moment.'
  if (status !== undefined && status >= 400 && status < 500) {
    return 'Der Suchdienst konnte die Anfrage nicht verarbeiten.'
  }
  if (error?.name === 'RetryError' || (status !== undefined && status >= 500)) {
    return 'Der Suchdienst antwortet gerade nicht oder ist gestört.'
  }
  return 'Bei der Suche ist ein unerwarteter Fehler aufgetreten.'
}

// Turns a search client error into a sentence that says what went wrong.
import type { Translate } from '../i18n/intl.tsx'

interface ErrorLike {
  name?: string
  message?: string
  status?: number
}

export function describeSearchError(t: Translate, error: ErrorLike | undefined, online: boolean): string {
  if (!online) return t('searchError.offline')
  const status = error?.status
  if (status === 401 || status === 403) {
    return t('searchError.refused')
  }
  if (status === 429) return t('searchError.tooMany')
  if (status !== undefined && status >= 400 && status < 500) {
    return t('searchError.badRequest')
  }
  if (error?.name === 'RetryError' || (status !== undefined && status >= 500)) {
    return t('searchError.unavailable')
  }
  return t('searchError.unexpected')
}

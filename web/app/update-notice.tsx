import { Message } from '../i18n/intl.tsx'
import { useAppUpdate } from './app-updates.ts'

/** "Neue Version verfügbar – Neu laden": a quiet note at the bottom, until the user takes it. */
export function UpdateNotice() {
  const update = useAppUpdate()
  if (!update.available) return null
  return (
    <div className="update-notice" role="status">
      <span>
        <Message id="update.available" />
      </span>
      <button type="button" className="update-notice__reload" onClick={update.apply}>
        <Message id="update.reload" />
      </button>
    </div>
  )
}

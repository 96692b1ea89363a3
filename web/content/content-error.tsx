import { Message, useMessages } from '../i18n/intl.tsx'
import { useOnline } from '../ui/use-online.ts'

interface ContentErrorProps {
  onRetry: () => void
  /** "Die Seite konnte nicht geladen werden" */
  title?: string
  /** A page's main message is a heading; a section's is a paragraph. */
  heading?: boolean
}

/**
 * The content service failed twice: say so in German, offer another try, point to what still works.
 * Offline it is the connection, not the service: the device has no kept copy of this content, and
 * it is loaded by itself once the connection is back (useContent asks again on `online`).
 */
export function ContentError({ onRetry, title, heading = false }: ContentErrorProps) {
  const online = useOnline()
  const t = useMessages()
  const text = title ?? t('content.errorTitle')
  return (
    <div className="content-error" role="alert">
      {heading ? <h1>{text}</h1> : <p className="content-error-title">{text}</p>}
      <p>
        <Message id={online ? 'content.errorServiceDown' : 'content.errorOffline'} />
      </p>
      <button type="button" className="button-primary" onClick={onRetry}>
        <Message id="content.retry" />
      </button>
    </div>
  )
}

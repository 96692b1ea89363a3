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
export function ContentError({
  onRetry,
  title = 'Die Inhalte konnten nicht geladen werden',
  heading = false,
}: ContentErrorProps) {
  const online = useOnline()
  return (
    <div className="content-error" role="alert">
      {heading ? <h1>{title}</h1> : <p className="content-error-title">{title}</p>}
      {online ? (
        <p>Der Inhaltsdienst antwortet gerade nicht. Die Bahnhofssuche funktioniert weiterhin.</p>
      ) : (
        <p>
          Ihr Gerät ist offline, und dieser Inhalt ist auf ihm nicht gespeichert. Sobald die Verbindung zurück
          ist, lädt der Bahnhofsfinder ihn von selbst.
        </p>
      )}
      <button type="button" className="button-primary" onClick={onRetry}>
        Erneut versuchen
      </button>
    </div>
  )
}

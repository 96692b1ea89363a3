interface ContentErrorProps {
  onRetry: () => void
  /** "Die Seite konnte nicht geladen werden" */
  title?: string
  /** A page's main message is a heading; a section's is a paragraph. */
  heading?: boolean
}

/** The content service failed twice: say so in German, offer another try, point to what still works. */
export function ContentError({
  onRetry,
  title = 'Die Inhalte konnten nicht geladen werden',
  heading = false,
}: ContentErrorProps) {
  return (
    <div className="content-error" role="alert">
      {heading ? <h1>{title}</h1> : <p className="content-error-title">{title}</p>}
      <p>Der Inhaltsdienst antwortet gerade nicht. Die Bahnhofssuche funktioniert weiterhin.</p>
      <button type="button" className="button-primary" onClick={onRetry}>
        Erneut versuchen
      </button>
    </div>
  )
}

/** Shown when /config.json cannot be read: without it the app cannot reach its services. */
export function BootError() {
  return (
    <main className="message-page" role="alert">
      <h1>Der Bahnhofsfinder konnte nicht starten</h1>
      <p>
        Die Einstellungen der Anwendung konnten nicht geladen werden. Bitte versuchen Sie es gleich noch
        einmal.
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Erneut versuchen
      </button>
    </main>
  )
}

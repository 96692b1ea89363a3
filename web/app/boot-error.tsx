import { Message } from '../i18n/intl.tsx'

/** Shown when /config.json cannot be read: without it the app cannot reach its services. */
export function BootError() {
  return (
    <main className="message-page" role="alert">
      <h1>
        <Message id="boot.heading" />
      </h1>
      <p>
        <Message id="boot.text" />
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        <Message id="boot.retry" />
      </button>
    </main>
  )
}

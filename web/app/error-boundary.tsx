import { Component, type ErrorInfo, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

/** Catches render errors of a page (and failed lazy chunks) so the layout stays usable. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Seitenfehler', error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="message-page" role="alert">
        <h1>Etwas ist schiefgelaufen</h1>
        <p>Diese Seite konnte nicht angezeigt werden. Bitte laden Sie die Seite neu.</p>
        <p className="message-page-actions">
          <button type="button" onClick={() => window.location.reload()}>
            Seite neu laden
          </button>{' '}
          <a href="/">Zur Startseite</a>
        </p>
      </div>
    )
  }
}

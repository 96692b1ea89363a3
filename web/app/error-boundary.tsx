import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Message, usePathInLocale } from '../i18n/intl.tsx'

interface ErrorBoundaryProps {
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

const reloadPage = () => window.location.reload()

/** A plain link (the router may be what failed) to the start page in the page's language. */
function HomeLink() {
  return (
    <a href={usePathInLocale()('/')}>
      <Message id="error.toHome" />
    </a>
  )
}

/**
 * Whether a page failed because the network is gone: the browser says it is offline. (A chunk that
 * cannot be fetched while online, say after a deployment replaced it, is a fault a reload mends.)
 */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
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

  override componentDidUpdate() {
    // Without a connection the page's code could not be fetched: load the page again as soon as
    // the connection is back (everything the page shows is in its address).
    if (this.state.error && isOffline() && !this.#listening) {
      this.#listening = true
      window.addEventListener('online', reloadPage, { once: true })
    }
  }

  override componentWillUnmount() {
    window.removeEventListener('online', reloadPage)
  }

  #listening = false

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    if (isOffline()) {
      return (
        <div className="message-page" role="alert">
          <h1>
            <Message id="error.offlineHeading" />
          </h1>
          <p>
            <Message id="error.offlineText" />
          </p>
          <p className="message-page-actions">
            <button type="button" className="button-primary" onClick={reloadPage}>
              <Message id="error.retry" />
            </button>{' '}
            <HomeLink />
          </p>
        </div>
      )
    }
    return (
      <div className="message-page" role="alert">
        <h1>
          <Message id="error.heading" />
        </h1>
        <p>
          <Message id="error.text" />
        </p>
        <p className="message-page-actions">
          <button type="button" className="button-primary" onClick={reloadPage}>
            <Message id="error.reload" />
          </button>{' '}
          <HomeLink />
        </p>
      </div>
    )
  }
}

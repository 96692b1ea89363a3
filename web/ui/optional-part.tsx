import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react'

interface OptionalPartProps {
  children: ReactNode
  /** Shown while the part's chunk loads. */
  loading?: ReactNode
  /** Shown instead of the part if it fails to load or render. */
  failed?: ReactNode
}

/**
 * A part of a page that the page can do without (the CMS's notices on a station page): its lazy
 * chunk loads on its own, and if it fails to load or render, the page stays as it is.
 */
export class OptionalPart extends Component<OptionalPartProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Seitenteil fehlgeschlagen', error, info.componentStack)
  }

  override render() {
    if (this.state.failed) return this.props.failed ?? null
    return <Suspense fallback={this.props.loading ?? null}>{this.props.children}</Suspense>
  }
}

import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, useMemo, useState } from 'react'
import { Message } from '../i18n/intl.tsx'
import { loadAgain } from './chunk-retry.ts'
import { OptionalPart } from './optional-part.tsx'

/**
 * A lazily loaded part that the page can do without: while its chunk loads it shows `loading`; if
 * the chunk cannot be fetched (offline, or a deploy replaced it) or the part fails to render, a
 * message with "Erneut versuchen" takes its place and the rest of the page stays as it is.
 */
export function useRetryableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Part: LazyExoticComponent<ComponentType<Props>>; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  // A new lazy component per attempt: React keeps a failed import's rejection for good. A retry
  // reloads the page if the browser keeps the failed import too (see chunk-retry.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is what asks for a new import
  const Part = useMemo(
    () =>
      lazy(() => (attempt === 0 ? load() : loadAgain(load)).then((component) => ({ default: component }))),
    [attempt],
  )
  return { Part, attempt, retry: () => setAttempt((value) => value + 1) }
}

export function RetryablePart({
  attempt,
  retry,
  loading,
  failedText,
  className,
  children,
}: {
  attempt: number
  retry: () => void
  loading: ReactNode
  failedText: string
  className: string
  children: ReactNode
}) {
  return (
    <OptionalPart
      key={attempt}
      loading={loading}
      failed={
        <div className={className} role="alert">
          <p>{failedText}</p>
          <button type="button" className="button-secondary" onClick={retry}>
            <Message id="error.retry" />
          </button>
        </div>
      }
    >
      {children}
    </OptionalPart>
  )
}

import { useMessages } from '../i18n/intl.tsx'

// Stable keys for up to eight lines; their widths vary in CSS (nth-child).
const LINES = ['1', '2', '3', '4', '5', '6', '7', '8']

/** Grey lines where content will be, so that the page does not jump when it arrives. */
export function ContentSkeleton({ lines = 4, label }: { lines?: number; label?: string }) {
  const t = useMessages()
  return (
    <div className="content-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label ?? t('loading.content')}
      </span>
      {LINES.slice(0, lines).map((line) => (
        <span key={line} className="content-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  )
}

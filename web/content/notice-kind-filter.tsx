import { PlainSubmit } from '../ui/plain-submit.tsx'
import { SUBMIT_ON_CHANGE } from '../ui/submit-on-change.ts'
import { NOTICE_KINDS, type NoticeKind } from './content-types.ts'

interface NoticeKindFilterProps {
  value: NoticeKind | null
  counts: ReadonlyMap<string, number>
  total: number
  onChange: (kind: NoticeKind | null) => void
  /** The address's other filters (`von`, `bis`), kept when the form is submitted without the app. */
  keep: Record<string, string | null>
}

/**
 * "Alle", "Bauarbeiten", "Aufzug", "Information" as radio buttons with their counts. They are a GET
 * form to /meldungen as well: without JavaScript it is submitted with "Anzeigen", and before the
 * app has taken a server-rendered page over, a choice submits it at once (`SUBMIT_ON_CHANGE`); the
 * server then renders the list for `?art=`. With the app a choice applies in place.
 */
export function NoticeKindFilter({ value, counts, total, onChange, keep }: NoticeKindFilterProps) {
  const options: Array<{ kind: NoticeKind | null; label: string; count: number }> = [
    { kind: null, label: 'Alle', count: total },
    ...NOTICE_KINDS.map((kind) => ({ kind, label: kind, count: counts.get(kind) ?? 0 })),
  ]
  return (
    <form className="notice-kind-form" method="get" action="/meldungen" {...SUBMIT_ON_CHANGE}>
      {Object.entries(keep).map(([name, kept]) =>
        kept ? <input key={name} type="hidden" name={name} value={kept} /> : null,
      )}
      <fieldset className="notice-kind-filter">
        <legend>Art der Meldung</legend>
        {options.map((option) => (
          <label key={option.label} className="notice-kind-option">
            <input
              type="radio"
              name="art"
              value={option.kind ?? ''}
              checked={value === option.kind}
              onChange={() => onChange(option.kind)}
            />
            <span>
              {option.label} <span className="notice-kind-count">({option.count})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <PlainSubmit>Anzeigen</PlainSubmit>
    </form>
  )
}

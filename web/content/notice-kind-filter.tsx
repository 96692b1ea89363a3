import { NOTICE_KINDS, type NoticeKind } from './content-types.ts'

interface NoticeKindFilterProps {
  value: NoticeKind | null
  counts: ReadonlyMap<string, number>
  total: number
  onChange: (kind: NoticeKind | null) => void
}

/** "Alle", "Bauarbeiten", "Aufzug", "Information" as radio buttons with their counts. */
export function NoticeKindFilter({ value, counts, total, onChange }: NoticeKindFilterProps) {
  const options: Array<{ kind: NoticeKind | null; label: string; count: number }> = [
    { kind: null, label: 'Alle', count: total },
    ...NOTICE_KINDS.map((kind) => ({ kind, label: kind, count: counts.get(kind) ?? 0 })),
  ]
  return (
    <fieldset className="notice-kind-filter">
      <legend>Art der Meldung</legend>
      {options.map((option) => (
        <label key={option.label} className="notice-kind-option">
          <input
            type="radio"
            name="art"
            checked={value === option.kind}
            onChange={() => onChange(option.kind)}
          />
          <span>
            {option.label} <span className="notice-kind-count">({option.count})</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

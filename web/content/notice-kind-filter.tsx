import { Message, useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { PlainSubmit } from '../ui/plain-submit.tsx'
import { SUBMIT_ON_CHANGE } from '../ui/submit-on-change.ts'
import { NOTICE_KINDS, type NoticeKind } from './content-types.ts'

interface NoticeKindFilterProps {
  value: NoticeKind | null
  /** Notices per kind and in all; undefined while the notices are not there (loading, failed). */
  counts: { perKind: ReadonlyMap<string, number>; total: number } | undefined
  onChange: (kind: NoticeKind | null) => void
  /** The address's other filters (`von`, `bis`), kept when the form is submitted without the app. */
  keep: Record<string, string | null>
}

/**
 * "Alle", "Bauarbeiten", "Aufzug", "Information" as radio buttons with their counts (once the notices
 * are there). They are a GET
 * form to /meldungen as well: without JavaScript it is submitted with "Anzeigen", and before the
 * app has taken a server-rendered page over, a choice submits it at once (`SUBMIT_ON_CHANGE`); the
 * server then renders the list for `?art=`. With the app a choice applies in place.
 */
export function NoticeKindFilter({ value, counts, onChange, keep }: NoticeKindFilterProps) {
  const t = useMessages()
  const inLocale = usePathInLocale()
  const options: Array<{ kind: NoticeKind | null; label: string; count: number | undefined }> = [
    { kind: null, label: t('notices.kindAll'), count: counts?.total },
    ...NOTICE_KINDS.map((kind) => ({
      kind,
      label: t(`notice.kind.${kind}`),
      count: counts && (counts.perKind.get(kind) ?? 0),
    })),
  ]
  return (
    <form className="notice-kind-form" method="get" action={inLocale('/meldungen')} {...SUBMIT_ON_CHANGE}>
      {Object.entries(keep).map(([name, kept]) =>
        kept ? <input key={name} type="hidden" name={name} value={kept} /> : null,
      )}
      <fieldset className="notice-kind-filter">
        <legend>
          <Message id="notices.kindLegend" />
        </legend>
        {options.map((option) => (
          <label key={option.kind ?? ''} className="notice-kind-option">
            <input
              type="radio"
              name="art"
              value={option.kind ?? ''}
              checked={value === option.kind}
              onChange={() => onChange(option.kind)}
            />
            <span>
              {option.label}
              {/* No count without the notices: "(0)" would say there are none. */}
              {option.count !== undefined && (
                <>
                  {' '}
                  <span className="notice-kind-count">({option.count})</span>
                </>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <PlainSubmit>{t('notices.kindSubmit')}</PlainSubmit>
    </form>
  )
}

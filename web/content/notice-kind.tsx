import { useMessages } from '../i18n/intl.tsx'
import { NOTICE_KINDS, type NoticeKind } from './content-types.ts'

export function isNoticeKind(value: unknown): value is NoticeKind {
  return (NOTICE_KINDS as readonly unknown[]).includes(value)
}

/** The kind as a coloured label ("Aufzug" stands out: it decides whether a station is step-free). */
export function NoticeKindBadge({ kind }: { kind: string | null }) {
  const t = useMessages()
  const known = isNoticeKind(kind) ? kind : 'Information'
  // A kind the app does not know (a newer content model's) shows as the editor wrote it.
  const label = kind === null || isNoticeKind(kind) ? t(`notice.kind.${known}`) : kind
  return <span className={`notice-kind notice-kind--${known.toLowerCase()}`}>{label}</span>
}

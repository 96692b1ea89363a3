import { NOTICE_KINDS, type NoticeKind } from './content-types.ts'

export function isNoticeKind(value: unknown): value is NoticeKind {
  return (NOTICE_KINDS as readonly unknown[]).includes(value)
}

/** The kind as a coloured label ("Aufzug" stands out: it decides whether a station is step-free). */
export function NoticeKindBadge({ kind }: { kind: string | null }) {
  const known = isNoticeKind(kind) ? kind : 'Information'
  return <span className={`notice-kind notice-kind--${known.toLowerCase()}`}>{kind ?? 'Information'}</span>
}

import { Message } from '../i18n/intl.tsx'
import { useDates } from '../shared/use-dates.ts'

/**
 * Says quietly that what follows was kept from an earlier visit, and from when: the content service
 * could not be reached, so it may have changed since.
 */
export function KeptAnswerNote({ receivedAt }: { receivedAt: string }) {
  const { formatDateTime } = useDates()
  return (
    <p className="kept-answer-note">
      <Message
        id="content.kept"
        values={{
          when: (chunks) => <span className="kept-answer-when">{chunks}</span>,
          time: <time dateTime={receivedAt}>{formatDateTime(receivedAt)}</time>,
        }}
      />
    </p>
  )
}

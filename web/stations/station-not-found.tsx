import { Link } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { returnToListState } from '../shared/return-to-list.ts'

export function StationNotFound({ backTo }: { backTo: string }) {
  const t = useMessages()
  return (
    <div className="message-page">
      <title>{t('stationNotFound.pageTitle')}</title>
      <h1>
        <Message id="stationNotFound.heading" />
      </h1>
      <p>
        <Message id="stationNotFound.text" />
      </p>
      <ul className="message-page-links">
        <li>
          <Link to={backTo} state={returnToListState}>
            <Message id="station.backToSearch" />
          </Link>
        </li>
        <li>
          <Link to="/">
            <Message id="stationNotFound.toHome" />
          </Link>
        </li>
      </ul>
    </div>
  )
}

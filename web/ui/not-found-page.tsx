import { Link } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'

export function NotFoundPage() {
  const t = useMessages()
  return (
    <div className="message-page">
      <title>{t('notFound.pageTitle')}</title>
      <h1>
        <Message id="notFound.heading" />
      </h1>
      <p>
        <Message id="notFound.text" />
      </p>
      <ul className="message-page-links">
        <li>
          <Link to="/">
            <Message id="notFound.toHome" />
          </Link>
        </li>
        <li>
          <Link to="/suche">
            <Message id="notFound.toSearch" />
          </Link>
        </li>
      </ul>
    </div>
  )
}

import { Link } from 'react-router'
import { returnToListState } from '../shared/return-to-list.ts'

export function StationNotFound({ backTo }: { backTo: string }) {
  return (
    <div className="message-page">
      <title>Bahnhof nicht gefunden – Bahnhofsfinder</title>
      <h1>Bahnhof nicht gefunden</h1>
      <p>
        Unter dieser Nummer kennen wir keinen Bahnhof. Vielleicht ist der Link veraltet oder unvollständig.
      </p>
      <ul className="message-page-links">
        <li>
          <Link to={backTo} state={returnToListState}>
            Zurück zur Suche
          </Link>
        </li>
        <li>
          <Link to="/">Zur Startseite</Link>
        </li>
      </ul>
    </div>
  )
}

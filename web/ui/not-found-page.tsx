import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <div className="message-page">
      <title>Seite nicht gefunden – Bahnhofsfinder</title>
      <h1>Seite nicht gefunden</h1>
      <p>Unter dieser Adresse gibt es keine Seite. Vielleicht hat sich ein Tippfehler eingeschlichen?</p>
      <ul className="message-page-links">
        <li>
          <Link to="/">Zur Startseite</Link>
        </li>
        <li>
          <Link to="/suche">Zur Bahnhofssuche</Link>
        </li>
      </ul>
    </div>
  )
}

import { Link } from 'react-router'
import { SearchForm } from '../ui/search-form.tsx'

const EXAMPLES = [
  { label: 'Köln Hbf', to: '/suche?q=K%C3%B6ln+Hbf' },
  {
    label: 'Stufenfreie Bahnhöfe in Bayern mit Fahrradstellplatz',
    to: '/suche?bundesland=Bayern&ausstattung=Fahrradstellplatz&zugang=ja',
  },
  { label: 'Bahnhöfe mit DB Lounge', to: '/suche?ausstattung=DB+Lounge' },
  { label: 'Große Knotenbahnhöfe (Kategorie 1)', to: '/suche?kategorie=1' },
]

export function HomePage() {
  return (
    <div className="home">
      <title>Bahnhofsfinder – Bahnhöfe in Deutschland finden</title>
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">Bahnhöfe in Deutschland finden</h1>
        <p className="home-intro">
          Der Bahnhofsfinder zeigt Ihnen alle 5.388 Bahnhöfe und Haltepunkte der Deutschen Bahn: mit
          Ausstattung wie Parkplatz, Fahrradstellplatz, Schließfächern und WLAN, mit stufenfreiem Zugang und
          Mobilitätsservice.
        </p>
        <SearchForm label="Bahnhof suchen" placeholder="Bahnhof, Ort, PLZ oder RIL100-Kürzel" />
      </section>
      <section className="home-examples" aria-labelledby="examples-title">
        <h2 id="examples-title">Zum Beispiel</h2>
        <ul>
          {EXAMPLES.map((example) => (
            <li key={example.to}>
              <Link to={example.to}>{example.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

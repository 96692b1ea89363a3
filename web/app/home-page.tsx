import { Link } from 'react-router'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { OptionalPart } from '../ui/optional-part.tsx'
import { SearchForm } from '../ui/search-form.tsx'
import { WhenIdle } from '../ui/when-idle.tsx'
import { HomeIntro, HomeNotices, TrendingStations } from './lazy-pages.ts'
import { useSuggestions } from './use-suggestions.ts'

const EXAMPLES = [
  { label: 'Köln Hbf', to: '/suche?q=K%C3%B6ln+Hbf' },
  {
    label: 'Stufenfreie Bahnhöfe in Bayern mit Fahrradstellplatz',
    to: '/suche?bundesland=Bayern&ausstattung=Fahrradstellplatz&zugang=ja',
  },
  { label: 'Bahnhöfe mit DB Lounge', to: '/suche?ausstattung=DB+Lounge' },
  { label: 'Große Knotenbahnhöfe (Kategorie 1)', to: '/suche?kategorie=1' },
]

// Stands in for the CMS's intro (page `startseite`) when the content service does not answer.
const BUILT_IN_INTRO = (
  <p className="home-intro">
    Der Bahnhofsfinder zeigt Ihnen alle 5.388 Bahnhöfe und Haltepunkte der Deutschen Bahn: mit Ausstattung wie
    Parkplatz, Fahrradstellplatz, Schließfächern und WLAN, mit stufenfreiem Zugang und Mobilitätsservice.
  </p>
)

export function HomePage() {
  const suggestions = useSuggestions()
  return (
    <div className="home">
      <title>Bahnhofsfinder – Bahnhöfe in Deutschland finden</title>
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">Bahnhöfe in Deutschland finden</h1>
        <OptionalPart
          loading={<ContentSkeleton lines={2} label="Einleitung wird geladen …" />}
          failed={BUILT_IN_INTRO}
        >
          <HomeIntro part="summary">{BUILT_IN_INTRO}</HomeIntro>
        </OptionalPart>
        <SearchForm
          label="Bahnhof suchen"
          placeholder="Bahnhof, Ort, PLZ oder RIL100-Kürzel"
          suggestions={suggestions}
        />
        <OptionalPart>
          <HomeIntro part="body" />
        </OptionalPart>
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
      <section className="home-notices" aria-labelledby="notices-title">
        <h2 id="notices-title">Aktuelle Meldungen</h2>
        <OptionalPart
          loading={<ContentSkeleton lines={4} label="Meldungen werden geladen …" />}
          failed={<p>Die Meldungen konnten nicht geladen werden.</p>}
        >
          <HomeNotices />
        </OptionalPart>
      </section>
      {/* Last: it arrives when the browser is idle and must not push what is already read. */}
      <WhenIdle>
        <OptionalPart>
          <TrendingStations />
        </OptionalPart>
      </WhenIdle>
    </div>
  )
}

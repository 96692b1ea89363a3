import { Link } from 'react-router'

const INFO_PAGES = [
  { slug: 'ueber', title: 'Über den Bahnhofsfinder' },
  { slug: 'barrierefrei-reisen', title: 'Barrierefrei reisen' },
  { slug: 'hilfe', title: 'Hilfe zur Suche' },
  { slug: 'impressum', title: 'Impressum' },
  { slug: 'datenschutz', title: 'Datenschutz' },
] as const

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Informationen">
          <ul className="footer-links">
            {INFO_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to={`/info/${page.slug}`}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="data-credit">
          Stationsdaten: DB InfraGO AG,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/deed.de" rel="license">
            CC BY 4.0
          </a>
          ; Züge, Bahnsteige und Aufzüge: DB, CC BY 4.0; Haltestellen und Aufzugsorte: ©{' '}
          <a href="https://www.openstreetmap.org/copyright">OpenStreetMap-Mitwirkende</a>, ODbL (
          <Link to="/info/impressum">Quellen</Link>)
        </p>
      </div>
    </footer>
  )
}

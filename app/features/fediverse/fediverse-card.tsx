// A person's, a group's, a place's, a city's or a collection's handle on the fediverse, with Copy and "Follow from
// your server" (issue 26, decision 039). Without JavaScript the handle is text to select, and the form posts to /fediverse/follow,
// which sends the reader to their own server's follow page (or shows what was wrong, keeping what they typed).
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FediversePresence } from '#contract'
import { inputClass } from '~/components/forms/input-class'
import { useHydrated } from '~/components/ui/use-hydrated'
import { copyText } from '~/utils/copy-text'

export function FediverseCard({
  presence,
  kind,
}: {
  presence: NonNullable<FediversePresence>
  kind: 'person' | 'place' | 'city' | 'collection' | 'group'
}) {
  const { t } = useTranslation('fediverse')
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const accountId = `fediverse-account-${kind}`
  return (
    <section
      aria-labelledby={`fediverse-${kind}`}
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="fediverse-card"
    >
      <h2 id={`fediverse-${kind}`} className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-slate-600">
        {kind === 'city' ? t('introCity') : kind === 'place' ? t('introPlace') : kind === 'collection' ? t('introCollection') : kind === 'group' ? t('introGroup') : t('intro')}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="sr-only">{t('handle')}</span>
        <code
          className="select-all break-all rounded bg-slate-100 px-2 py-1 text-slate-900"
          data-testid="fediverse-handle"
        >
          {presence.handle}
        </code>
        {hydrated ? (
          <button
            type="button"
            className="rounded-md border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-50"
            onClick={() => void copyText(presence.handle).then(setCopied)}
          >
            {copied ? t('copied') : t('copy')}
          </button>
        ) : null}
        <span className="text-slate-600" data-testid="fediverse-followers">
          {t('followers', { count: presence.followers })}
        </span>
      </div>
      <Form method="post" action="/fediverse/follow" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="handle" value={presence.handle} />
        <div className="min-w-0 flex-1">
          <label htmlFor={accountId} className="block font-medium text-slate-700">
            {t('account')}
          </label>
          <input
            id={accountId}
            name="account"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('accountHint')}
            className={inputClass}
            required
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700"
        >
          {t('followFromServer')}
        </button>
      </Form>
    </section>
  )
}

/** Likes and boosts an event got on other servers, counted apart from ours (nothing when there are none). */
export function FediverseReactions({ likes, boosts }: { likes: number; boosts: number }) {
  const { t } = useTranslation('fediverse')
  if (!likes && !boosts) return null
  return (
    <p className="text-sm text-slate-600" data-testid="fediverse-reactions">
      {[likes ? t('likes', { count: likes }) : null, boosts ? t('boosts', { count: boosts }) : null]
        .filter(Boolean)
        .join(' · ')}
    </p>
  )
}

import type { MetaFunction } from '@remix-run/node'
import { DEFAULT_LANGUAGE } from '#contract'
import { metaText } from '~/utils/meta-text'

/** The title of every console page, in the page's language. */
export const moderationMeta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === 'root')?.data as { locale?: 'en' | 'ru' } | undefined
  return [{ title: metaText(root?.locale ?? DEFAULT_LANGUAGE, 'moderation', 'meta.title') }, { name: 'robots', content: 'noindex' }]
}

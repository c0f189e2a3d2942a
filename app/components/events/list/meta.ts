// The lists' document head (/ and /places): the title in the reader's language with the list's city, and the
// root's description kept (a route's meta replaces its parents', and search engines read the description).
import { DEFAULT_LANGUAGE } from '#contract'
import type { MetaArgs, MetaDescriptor } from '@remix-run/react'
import { metaText } from '~/utils/meta-text'
import type { EventListData } from './list.server'

type ListMetaArgs = MetaArgs<() => Promise<EventListData>>

export function listMeta({ data, matches }: ListMetaArgs): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')
  const locale = (root?.data as { locale?: 'en' | 'ru' } | undefined)?.locale ?? DEFAULT_LANGUAGE
  const key = data?.eventType === 'PLACE' ? 'placesTitle' : 'eventsTitle'
  const title = data ? `${metaText(locale, 'eventList', key, { city: data.geo.city })} · Nearby` : 'Nearby'
  const description = (root?.meta ?? []).filter((tag) => 'name' in tag && tag.name === 'description')
  return [{ title }, ...description]
}

// The lists' document head (/ and /places): the title in the reader's language with the list's city, and the
// root's description kept (a route's meta replaces its parents', and search engines read the description).
import { calendarFeedPaths, DEFAULT_LANGUAGE } from '#contract'
import type { MetaArgs, MetaDescriptor } from '@remix-run/react'
import { metaText } from '~/utils/meta-text'
import type { EventListData } from './list.server'

/** The city feeds' query of a list: its city (unless the API refused it) and category. */
export function listFeedQuery(data: Pick<EventListData, 'filters' | 'cityError'>) {
  return {
    city: data.cityError ? undefined : data.filters.city || undefined,
    categories: data.filters.category ? [data.filters.category] : undefined,
  }
}

type ListMetaArgs = MetaArgs<() => Promise<EventListData>>

export function listMeta({ data, matches }: ListMetaArgs): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')
  const locale = (root?.data as { locale?: 'en' | 'ru' } | undefined)?.locale ?? DEFAULT_LANGUAGE
  const key = data?.eventType === 'PLACE' ? 'placesTitle' : 'eventsTitle'
  const title = data ? `${metaText(locale, 'eventList', key, { city: data.geo.city })} · Nearby` : 'Nearby'
  const description = (root?.meta ?? []).filter((tag) => 'name' in tag && tag.name === 'description')
  // Feed readers find the city's Atom feed (decision 029) from the page.
  const apiUrl = ((root?.data as { ENV?: { PUBLIC_API_URL?: string } } | undefined)?.ENV?.PUBLIC_API_URL ?? '').replace(/\/+$/, '')
  const atom: MetaDescriptor[] =
    data && apiUrl
      ? [
          {
            tagName: 'link',
            rel: 'alternate',
            type: 'application/atom+xml',
            title: metaText(locale, 'eventList', 'feeds.atomTitle', { city: data.geo.city }),
            href: `${apiUrl}${calendarFeedPaths.city(listFeedQuery(data), 'atom')}`,
          },
        ]
      : []
  return [{ title }, ...description, ...atom]
}

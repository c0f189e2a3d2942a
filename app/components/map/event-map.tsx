// The map of lists, event pages and the event form. Leaflet needs `window`, so the real map lives in
// event-map.client.tsx and is imported only in the browser after hydration, and only once its box comes near
// the screen (Leaflet is the biggest chunk of a page: a map below the fold or hidden behind a toggle costs
// nothing until it is seen); the server (and a browser without JavaScript) gets a box of the same size, so
// server rendering never breaks and nothing jumps.
import { useEffect, useRef, useState, type ComponentType } from 'react'
import { MAP_HEIGHT_PX, MAP_ZOOM } from '#contract'
import { useHydrated } from '../ui/use-hydrated'
import leafletStyles from 'leaflet/dist/leaflet.css'
import type { EventMapProps, LatLon } from './map-types'

export type { EventMapProps, LatLon, MapMarker } from './map-types'

type ClientMap = ComponentType<EventMapProps>

let loaded: ClientMap | null = null

/**
 * Leaflet's rules arrive with its chunk rather than in every page's head, where they would hold up the first
 * paint. They go before the app's stylesheet so the app's rules still adjust them, and the map mounts only
 * once they apply (an unstyled Leaflet scatters its tiles). A failed load still mounts the map.
 */
function loadStylesheet(href: string) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve()
  return new Promise<void>((resolve) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = link.onerror = () => resolve()
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"]'))
  })
}

/** How close to the screen a map's box starts loading Leaflet. */
const LOAD_MARGIN = '300px'

export function EventMap(props: EventMapProps) {
  const hydrated = useHydrated()
  const [Map, setMap] = useState<ClientMap | null>(() => loaded)
  const box = useRef<HTMLDivElement>(null)
  const [requested, setRequested] = useState(false)
  const onRequest = Boolean(props.showLabel)
  useEffect(() => {
    if (!hydrated || Map || (onRequest && !requested)) return
    let cancelled = false
    const load = () =>
      void Promise.all([import('./event-map.client'), loadStylesheet(leafletStyles)]).then(([module]) => {
        loaded = module.ClientEventMap
        if (!cancelled) setMap(() => module.ClientEventMap)
      })
    const element = box.current
    if (requested || !element || typeof IntersectionObserver === 'undefined') {
      load()
      return () => {
        cancelled = true
      }
    }
    // A box that is hidden (display: none) never intersects: its map loads when it is shown.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        load()
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(element)
    return () => {
      cancelled = true
      observer.disconnect()
    }
  }, [hydrated, Map, onRequest, requested])

  const height = props.height ?? MAP_HEIGHT_PX
  if (Map) return <Map zoom={MAP_ZOOM.list} {...props} height={height} />
  return (
    <div
      ref={box}
      role="region"
      aria-label={props.label}
      style={{ height }}
      className={`flex items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-3 text-center text-sm text-slate-600 ${props.className ?? ''}`}
    >
      {hydrated && onRequest ? (
        <button
          type="button"
          onClick={() => setRequested(true)}
          disabled={requested}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {props.showLabel}
        </button>
      ) : (
        (props.fallback ?? null)
      )}
    </div>
  )
}

/** The external maps service at a point, zoom 17 (SPEC §2, §9). */
export function mapsServiceUrl([lat, lon]: LatLon): string {
  const z = MAP_ZOOM.externalLink
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${z}/${lat}/${lon}`
}

/** The API's [lon, lat] as the map's [lat, lon]. */
export function toLatLon(coordinates: readonly [number, number] | null | undefined): LatLon | null {
  return coordinates ? [coordinates[1], coordinates[0]] : null
}

// What the map takes: shared by the server-safe box (event-map.tsx) and Leaflet's map (event-map.client.tsx).
import type { ReactNode } from 'react'

/** lat, lon (the UI order; the API stores lon, lat). */
export type LatLon = [number, number]

export type MapMarker = { id: string; position: LatLon; title: string }

export type EventMapProps = {
  center: LatLon
  zoom?: number
  markers?: MapMarker[]
  /** The marker whose popup is open. */
  selectedId?: string | null
  /** A marker click selects it (id); the popup's close clears the selection (null). */
  onSelect?: (id: string | null) => void
  /** The small card shown in the popup of the selected marker. */
  renderPopup?: (id: string) => ReactNode
  /** The form's chosen point, and a click on the map choosing another one. */
  picked?: LatLon | null
  onPick?: (point: LatLon) => void
  height?: number | string
  /** An accessible name for the map region. */
  label: string
  /** Shown in the box while the map loads, and instead of it without JavaScript. */
  fallback?: ReactNode
  /** A map that is not the point of its page loads only when asked: the box then shows a button with this
   * text (with JavaScript), and Leaflet is fetched on its press. */
  showLabel?: string
  className?: string
}

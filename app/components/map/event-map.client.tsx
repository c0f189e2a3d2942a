// Leaflet itself: imported only in the browser by event-map.tsx.
import L from 'leaflet'
import { useEffect, useMemo } from 'react'
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import type { EventMapProps, LatLon } from './map-types'

// Markers are HTML (a div icon), not image files: nothing to bundle, and Leaflet renders each as a
// focusable role=button element titled with the event, which keyboards and tests can reach.
const markerIcon = (selected: boolean) =>
  L.divIcon({
    className: '',
    html: `<span class="block h-full w-full rounded-full border-2 border-white shadow ${
      selected ? 'bg-amber-500' : 'bg-brand-600'
    }"></span>`,
    iconSize: selected ? [26, 26] : [20, 20],
    iconAnchor: selected ? [13, 13] : [10, 10],
    popupAnchor: [0, -12],
  })

const pickedIcon = L.divIcon({
  className: '',
  html: '<span class="block h-full w-full rounded-full border-4 border-white bg-red-600 shadow-lg"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
})

/** Follows a new centre (another city, a picked point) without remounting the map. */
function FollowCenter({ center }: { center: LatLon }) {
  const map = useMap()
  const [lat, lon] = center
  useEffect(() => {
    map.setView([lat, lon], map.getZoom())
  }, [map, lat, lon])
  return null
}

function PickOnClick({ onPick }: { onPick: (point: LatLon) => void }) {
  useMapEvents({ click: (event) => onPick([event.latlng.lat, event.latlng.lng]) })
  return null
}

export function ClientEventMap({
  center,
  zoom,
  markers = [],
  selectedId = null,
  onSelect,
  renderPopup,
  picked,
  onPick,
  height,
  label,
  className,
}: EventMapProps) {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = window.ENV
  const selected = useMemo(() => markers.find((marker) => marker.id === selectedId) ?? null, [markers, selectedId])
  return (
    <div role="region" aria-label={label} className={`overflow-hidden rounded-lg border border-slate-200 ${className ?? ''}`}>
      <MapContainer center={center} zoom={zoom} style={{ height, width: '100%' }} className="z-0">
        <TileLayer url={MAP_TILE_URL} attribution={MAP_TILE_ATTRIBUTION} />
        <FollowCenter center={picked ?? center} />
        {markers.map((marker) => (
          <Marker
            key={marker.id}
            position={marker.position}
            title={marker.title}
            alt={marker.title}
            icon={markerIcon(marker.id === selectedId)}
            eventHandlers={{ click: () => onSelect?.(marker.id) }}
          />
        ))}
        {selected && renderPopup ? (
          <Popup
            key={selected.id}
            position={selected.position}
            eventHandlers={{ remove: () => onSelect?.(null) }}
          >
            {renderPopup(selected.id)}
          </Popup>
        ) : null}
        {onPick ? <PickOnClick onPick={onPick} /> : null}
        {picked ? <Marker position={picked} icon={pickedIcon} interactive={false} keyboard={false} /> : null}
      </MapContainer>
    </div>
  )
}

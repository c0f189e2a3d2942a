// The accessibility features' icons (issue 43): always shown beside their words, so they are decorative
// (aria-hidden through Icon) and nobody has to guess what one means.
import type { AccessibilityFeature } from '#contract'
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

function Icon({ children, className = 'h-4 w-4', ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className} {...props}>
      {children}
    </svg>
  )
}

const PATHS: Record<AccessibilityFeature, JSX.Element> = {
  // A wheelchair user at a level entrance.
  stepFree: (
    <>
      <circle cx="10" cy="4" r="2" />
      <path d="M10 7v6h6l2 6M10 10h5M8 11a5 5 0 1 0 6.5 6.5" />
    </>
  ),
  // A door with a wheelchair sign.
  accessibleToilet: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <circle cx="12" cy="8" r="1.5" />
      <path d="M12 10v4h3l1 3M9.5 13a3 3 0 1 0 4 4" />
    </>
  ),
  // An ear with a loop.
  hearingLoop: (
    <>
      <path d="M6 9a6 6 0 1 1 10 4.5c-1.5 1.3-2 2.5-2 4a3 3 0 0 1-5.5 1.5" />
      <path d="M9 9a3 3 0 0 1 6 0" />
    </>
  ),
  // Two open hands.
  signLanguage: (
    <>
      <path d="M7 21v-6l-3-4 1.5-1.5L8 12V5a1 1 0 0 1 2 0v6" />
      <path d="M17 21v-6l3-4-1.5-1.5L16 12V5a1 1 0 0 0-2 0v6" />
    </>
  ),
  // A crescent moon: a calm room.
  quietSpace: <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z" />,
  // A chair.
  seating: <path d="M7 3v9h10M7 12v9M17 12v9M7 16h10M17 3v9" />,
}

export function AccessibilityIcon({ feature, className }: { feature: AccessibilityFeature; className?: string }) {
  return <Icon className={className}>{PATHS[feature]}</Icon>
}

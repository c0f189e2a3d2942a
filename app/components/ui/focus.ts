// Keyboard focus for dialogs (WCAG 2.4.3 focus order, 2.1.2 no keyboard trap the user cannot leave): a
// modal keeps Tab and Shift+Tab inside itself while it is open (Escape closes it) and, once closed, gives
// focus back to what opened it.
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function isVisible(element: HTMLElement) {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
}

/** The elements Tab reaches inside `container`, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isVisible)
}

/**
 * Gives focus back to a dialog's opener. An opener that is no longer shown (a link inside a dropdown that
 * closed when the dialog opened) hands it to its dropdown's toggle instead.
 */
export function focusOpener(opener: HTMLElement | null) {
  if (!opener?.isConnected) return
  opener.focus({ preventScroll: true })
  // Content of a closed <details> may still have boxes but takes no focus.
  if (document.activeElement !== opener)
    opener.closest('details')?.querySelector<HTMLElement>('summary')?.focus({ preventScroll: true })
}

/**
 * For a dialog rendered while open (its open state is the URL): on mount it remembers the focused element
 * and focuses the panel; Tab and Shift+Tab cycle inside the panel; on unmount focus returns to the opener
 * if it is still on the page.
 */
export function useFocusTrap(panel: RefObject<HTMLElement>) {
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    panel.current?.focus({ preventScroll: true })

    function onKeyDown(event: KeyboardEvent) {
      const container = panel.current
      if (event.key !== 'Tab' || !container) return
      const items = focusableIn(container)
      if (items.length === 0) {
        event.preventDefault()
        container.focus()
        return
      }
      const first = items[0]!
      const last = items[items.length - 1]!
      const current = document.activeElement
      const inside = current instanceof Node && container.contains(current)
      if (event.shiftKey && (!inside || current === first || current === container)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that lands outside (a click on the page behind the backdrop cannot, but a script could) comes back.
    function onFocusIn(event: FocusEvent) {
      const container = panel.current
      if (container && event.target instanceof Node && !container.contains(event.target)) container.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      focusOpener(opener.current)
    }
    // Once per opening: `panel` is a ref, the same object while the dialog is open.
  }, [panel])
}

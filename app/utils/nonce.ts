// The request's CSP nonce for the inline scripts React renders (root's <Scripts>, <ScrollRestoration>, the
// public env). Only the server knows it; in the browser it is '' (browsers hide nonce values from the DOM,
// and scripts added after hydration are Remix's own modules from this origin).
import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}

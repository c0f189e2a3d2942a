/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import type { PublicEnv } from './utils/env.server'

// Single fetch types for loaders and actions (Remix v3 future flag).
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

declare global {
  interface Window {
    ENV: PublicEnv
  }
}

declare module '@remix-run/node' {
  /** What server.mjs passes to every loader, action and the document render. */
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy. */
    cspNonce?: string
  }
}

// The net under every loader and action: an API refusal (4xx) that the route did not turn into its own
// message becomes the route's error page with the API's status, message code and text, never a 500. Routes that
// have a better place for the message (a field of a form, a list's filter) catch the ApiError themselves.
import { data, type ServerBuild } from '@remix-run/node'
import { ApiError } from './api.server'

type DataFunction = (args: never) => unknown

function withRefusalsAsResponses<F extends DataFunction>(fn: F): F {
  return (async (args: never) => {
    try {
      return await fn(args)
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // The text too, in the page's language: the browser has the texts of the web's own codes only (decision 044).
        // Only an answer of the API's (it has a code) has one; a proxy's status line or a code of ours is no text.
        const text = error.body.code ? error.body.message || null : null
        throw data({ message: error.body.code ?? null, text }, { status: error.status })
      }
      throw error
    }
  }) as F
}

/** The server build with every route's loader and action behind the net (server.mjs serves this one). */
export function withApiRefusalsAsResponses(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: withRefusalsAsResponses(loader) } : {}),
        ...(action ? { action: withRefusalsAsResponses(action) } : {}),
      },
    }
  }
  return { ...build, routes }
}

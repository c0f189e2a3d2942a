// A component whose code comes in its own chunk the first time it renders, for parts of the layout most pages
// never show (decision 054). The server renders it in full — it waits for everything before sending a page —
// and in the browser React keeps the server's HTML (which works without JavaScript) until the chunk has
// come, then hydrates it. Nothing is shown in its place meanwhile, since there is no place to fill.
import { lazy, Suspense, type ComponentType, type JSX } from 'react'

export function lazyComponent<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  type Props = Module[Name] extends ComponentType<infer P extends object> ? P & JSX.IntrinsicAttributes : never
  // React's lazy types lose a generic component's props; this one takes exactly the loaded component's.
  const Lazy = lazy(() => load().then((module) => ({ default: module[name] as ComponentType<Props> }))) as unknown as (
    props: Props,
  ) => JSX.Element
  return function LazyComponent(props: Props): JSX.Element {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}

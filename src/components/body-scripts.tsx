import { Asset, useRouter, useRouterState } from '@tanstack/react-router'
import { composeSsrBodyScripts, getSsrBodyScriptParts, type AnyRouteMatch, type RouterManagedTag } from '@tanstack/router-core'
import { deferredEntryScript } from '~/lib/deferred-app-script'

/**
 * TanStack's `<Scripts>` with the app's entry held back until the page has painted: the entry's
 * `<script type="module" src>` becomes a small inline script that adds it, and the module
 * preloads the head lists, after the first contentful paint (src/lib/deferred-app-script.ts).
 * The other body scripts (the server's data for hydration) render as TanStack renders them.
 */
export function BodyScripts() {
  const router = useRouter()
  const nonce = router.options.ssr?.nonce
  const matches: AnyRouteMatch[] = useRouterState({ select: (state) => state.matches })
  const parts = getSsrBodyScriptParts(matches, router.ssr?.manifest, nonce, { suppressHydrationWarning: true })
  const scripts = composeSsrBodyScripts(parts, router.isServer ? router.serverSsr?.takeInitialHydrationScriptTags() : undefined)
  return (
    <>
      {scripts.map((tag, index) => {
        const entry = entrySource(tag)
        // A plain element, not TanStack's <Asset>: once hydrated, <Asset> adds any inline script
        // it cannot find in the document again, and this one must run once.
        return entry ? (
          <script
            key={`entry-${index}`}
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: deferredEntryScript(entry) }}
          />
        ) : (
          <Asset {...tag} key={`tsr-scripts-${tag.tag}-${index}`} />
        )
      })}
    </>
  )
}

/** The URL of an app entry script (`<script type="module" src>` from the build's manifest). */
function entrySource(tag: RouterManagedTag) {
  if (tag.tag !== 'script' || tag.attrs?.type !== 'module') return undefined
  const src = tag.attrs.src
  return typeof src === 'string' ? src : undefined
}

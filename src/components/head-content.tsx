import { Asset, useRouter, useTags } from '@tanstack/react-router'
import { DEFERRED_PRELOADS_ID, deferredPreloadsJson } from '~/lib/deferred-app-script'

/**
 * TanStack's `<HeadContent>` with the module preloads held back: their URLs go into a JSON data
 * block that the page adds as preloads once it has painted (src/lib/deferred-app-script.ts).
 * Everything else (title, meta, links, the stylesheet) renders as TanStack renders it.
 */
export function HeadContent() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  const preloads: string[] = []
  const rendered = tags.filter((tag) => {
    const href = tag.tag === 'link' && tag.attrs?.rel === 'modulepreload' ? tag.attrs.href : undefined
    if (typeof href === 'string') preloads.push(href)
    return href === undefined
  })
  return (
    <>
      {rendered.map((tag) => (
        <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
      ))}
      <script
        type="application/json"
        id={DEFERRED_PRELOADS_ID}
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: deferredPreloadsJson(preloads) }}
      />
    </>
  )
}

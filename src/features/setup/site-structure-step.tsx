import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { StepActions } from './step-actions'
import { FormField } from '~/components/ui/form-field'
import { CheckboxField } from '~/features/settings/fields'
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '~/features/settings/form-errors'
import { orpc } from '~/lib/orpc'
import type { Business, SetupState } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { siteStructureInput } from '~/shared/setup-wizard'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** Under the sitemap field: what happens without one, the same words in setup and settings. */
export const SITEMAP_HINT = 'No sitemap? Leave it empty: we follow the links on your pages instead.'

/** Under the blog field, in setup and settings. */
export const BLOG_HINT = 'No blog? Leave it empty.'

/** The fields in form order with their input ids: the first refused one gets the focus. */
const FIELD_IDS = [
  ['sitemapUrl', 'setup-sitemap'],
  ['blogUrl', 'setup-blog'],
] as const

/**
 * Step 3 (docs/product/pipeline.md): the sitemap and blog the crawl detected (or the saved ones), editable,
 * and the blog posts it proposes as best articles, as checkboxes. Sitemap and blog may stay empty; a sitemap
 * that is given is read by the server on save and refused, under its field, unless it is a sitemap.
 */
export function SiteStructureStep({
  business,
  detected,
  onBack,
  onSaved,
}: {
  business: Business
  detected: SetupState['detected']
  onBack: () => void
  onSaved: () => void
}) {
  const candidates = detected.articleCandidates
  const [sitemapUrl, setSitemapUrl] = useState(business.sitemapUrl ?? detected.sitemapUrl ?? '')
  const [blogUrl, setBlogUrl] = useState(business.blogUrl ?? detected.blogUrl ?? '')
  // Saved choices win; before any, the proposal's first few start ticked.
  const [chosen, setChosen] = useState<string[]>(
    business.bestArticles.length > 0 || business.blogUrl ? business.bestArticles : candidates.slice(0, 3).map((c) => c.url),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const showErrors = (next: FieldErrors) => {
    setErrors(next)
    const first = FIELD_IDS.find(([field]) => field in next)
    if (first) document.getElementById(first[1])?.focus()
  }

  const save = useMutation(
    orpc.setup.saveSiteStructure.mutationOptions({
      onSuccess: () => {
        toast.success('Sitemap and blog saved')
        onSaved()
      },
      onError: (error) => {
        const fields = serverFieldErrors(error)
        if (fields) showErrors(fields)
        else toast.error('Could not save your sitemap and blog', { description: error.message })
      },
    }),
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const structure = { sitemapUrl: sitemapUrl.trim(), blogUrl: blogUrl.trim(), bestArticles: chosen }
    const parsed = siteStructureInput.safeParse(structure)
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error))
    setErrors({})
    save.mutate({ businessId: business.id, structure })
  }

  const toggle = (url: string, checked: boolean) =>
    setChosen((current) => (checked ? [...new Set([...current, url])] : current.filter((item) => item !== url)))

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid items-start gap-4 [overflow-wrap:anywhere] sm:grid-cols-2">
        <FormField
          id="setup-sitemap"
          label="Sitemap URL"
          value={sitemapUrl}
          onChange={(event) => setSitemapUrl(event.target.value)}
          placeholder="https://example.com/sitemap.xml"
          error={errors.sitemapUrl}
          hint={detected.sitemapUrl ? `Found on your site. ${SITEMAP_HINT}` : SITEMAP_HINT}
        />
        <FormField
          id="setup-blog"
          label="Blog URL"
          value={blogUrl}
          onChange={(event) => setBlogUrl(event.target.value)}
          placeholder="https://example.com/blog"
          error={errors.blogUrl}
          hint={detected.blogUrl ? `Found on your site. ${BLOG_HINT}` : BLOG_HINT}
        />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Best articles</legend>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {detected.sitemapUrl
              ? 'We read your sitemap and found no blog posts in it. You can pick best articles later in settings.'
              : 'We found no sitemap on your site, so there are no posts to propose. You can add best articles later in settings.'}
          </p>
        ) : (
          candidates.map((candidate, index) => (
            <CheckboxField
              key={candidate.url}
              id={`setup-article-${index}`}
              label={new URL(candidate.url).pathname}
              hint={
                [
                  candidate.lastmod ? `Updated ${formatDate(candidate.lastmod)}` : null,
                  candidate.links > 0 ? `linked ${candidate.links}× from your pages` : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || candidate.url
              }
              checked={chosen.includes(candidate.url)}
              onChange={(checked) => toggle(candidate.url, checked)}
            />
          ))
        )}
        {errors.bestArticles && <p className="text-xs text-red-300">{errors.bestArticles}</p>}
      </fieldset>

      <StepActions onBack={onBack} pending={save.isPending} />
    </form>
  )
}

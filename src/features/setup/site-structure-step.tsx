import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { StepActions } from './step-actions'
import { FormField } from '~/components/ui/form-field'
import { CheckboxField } from '~/features/settings/fields'
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '~/features/settings/form-errors'
import { orpc } from '~/lib/orpc'
import type { Business, SetupState } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { siteStructureSchema } from '~/shared/business-profile'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * Step 3 (docs/product/pipeline.md): the sitemap and blog the crawl detected (or the saved ones), editable,
 * and the blog posts it proposes as best articles, as checkboxes.
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

  const save = useMutation(
    orpc.setup.saveSiteStructure.mutationOptions({
      onSuccess: () => {
        toast.success('Sitemap and blog saved')
        onSaved()
      },
      onError: (error) => {
        const fields = serverFieldErrors(error)
        if (fields) setErrors(fields)
        else toast.error('Could not save your sitemap and blog', { description: error.message })
      },
    }),
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = siteStructureSchema.safeParse({ sitemapUrl, blogUrl, bestArticles: chosen })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error))
    const missing: FieldErrors = {}
    if (!parsed.data.sitemapUrl) missing.sitemapUrl = 'Sitemap URL is required: articles link to the pages it lists.'
    if (!parsed.data.blogUrl) missing.blogUrl = 'Blog URL is required: new articles are matched to your posts.'
    if (Object.keys(missing).length > 0) return setErrors(missing)
    setErrors({})
    save.mutate({ businessId: business.id, structure: { sitemapUrl, blogUrl, bestArticles: chosen } })
  }

  const toggle = (url: string, checked: boolean) =>
    setChosen((current) => (checked ? [...new Set([...current, url])] : current.filter((item) => item !== url)))

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="setup-sitemap"
          label="Sitemap URL"
          value={sitemapUrl}
          onChange={(event) => setSitemapUrl(event.target.value)}
          placeholder="https://example.com/sitemap.xml"
          error={errors.sitemapUrl}
          hint={detected.sitemapUrl ? 'Found on your site.' : undefined}
        />
        <FormField
          id="setup-blog"
          label="Blog URL"
          value={blogUrl}
          onChange={(event) => setBlogUrl(event.target.value)}
          placeholder="https://example.com/blog"
          error={errors.blogUrl}
          hint={detected.blogUrl ? 'Found on your site.' : undefined}
        />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Best articles</legend>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            We found no blog posts in your sitemap. You can pick best articles later in settings.
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

import type { FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { BLOG_HINT, SITEMAP_HINT } from '~/features/setup/site-structure-step'
import type { BusinessSettings, SiteStructure } from '~/shared/settings'
import { siteStructureInput } from '~/shared/setup-wizard'
import { SaveFooter, TextareaField } from './fields'
import { linesToList, listToLines } from './form-errors'
import { useUpdateSiteStructure } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'

type Draft = Record<keyof SiteStructure, string>

const FIELD_ORDER = ['sitemapUrl', 'blogUrl', 'bestArticles'] as const
const fieldId = (name: keyof Draft) => `site-${name}`

const toDraft = (structure: SiteStructure): Draft => ({
  sitemapUrl: structure.sitemapUrl ?? '',
  blogUrl: structure.blogUrl ?? '',
  bestArticles: listToLines(structure.bestArticles),
})

/**
 * Setup step 3's answers (docs/product/pipeline.md), with its schema and its server check: a changed
 * sitemap address is read on save and refused under its field unless it is a sitemap.
 */
export function SiteStructureForm({ settings }: { settings: BusinessSettings }) {
  const { draft, setDraft, errors, showErrors, change, validate, dirty, reset } = useSettingsDraft(
    toDraft(settings.siteStructure),
    FIELD_ORDER,
    fieldId,
  )
  const save = useUpdateSiteStructure(showErrors)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = { sitemapUrl: draft.sitemapUrl.trim(), blogUrl: draft.blogUrl.trim(), bestArticles: linesToList(draft.bestArticles) }
    if (!validate(siteStructureInput, input)) return
    save.mutate(input, { onSuccess: (saved) => setDraft(toDraft(saved.siteStructure)) })
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="site-structure-title">
        <CardHeader>
          <CardTitle id="site-structure-title">Sitemap and blog</CardTitle>
          <CardDescription>
            New articles are matched to your blog and link to your best articles; a changed sitemap is read when you save.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 [overflow-wrap:anywhere] md:grid-cols-2">
          <FormField
            id={fieldId('sitemapUrl')}
            name="sitemapUrl"
            label="Sitemap URL"
            placeholder="https://example.com/sitemap.xml"
            hint={SITEMAP_HINT}
            value={draft.sitemapUrl}
            error={errors.sitemapUrl}
            onChange={(event) => change('sitemapUrl', event.target.value)}
          />
          <FormField
            id={fieldId('blogUrl')}
            name="blogUrl"
            label="Blog URL"
            placeholder="https://example.com/blog"
            hint={`Where your posts are listed. ${BLOG_HINT}`}
            value={draft.blogUrl}
            error={errors.blogUrl}
            onChange={(event) => change('blogUrl', event.target.value)}
          />
          <TextareaField
            id={fieldId('bestArticles')}
            name="bestArticles"
            label="Best articles"
            className="md:col-span-2"
            placeholder="https://example.com/blog/your-best-post"
            hint="One address per line, at most 20. New articles link to them."
            value={draft.bestArticles}
            error={errors.bestArticles}
            onChange={(event) => change('bestArticles', event.target.value)}
          />
        </CardContent>
        <SaveFooter
          dirty={dirty}
          pending={save.isPending}
          onReset={reset}
          saveLabel="Save sitemap and blog"
          pendingLabel="Reading the sitemap…"
        />
      </form>
    </Card>
  )
}

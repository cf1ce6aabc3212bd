import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { hexId, type WebflowSite } from './mock-store'

/** The token's sites, a site's collections and a collection's schema. */
export function siteHandlers(site: WebflowSite): RequestHandler[] {
  const { base, blogCollection, sites, tokenRefused, refuse, siteOf, siteNotFound, fieldsOf, stamp } = site
  return [
    http.get(
      `${base}/v2/sites`,
      withFaults('webflow', ({ request }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        return HttpResponse.json({
          sites: sites.map((site) => ({
            id: site.id,
            workspaceId: hexId('workspace'),
            displayName: site.displayName,
            shortName: site.shortName,
            previewUrl: `https://screenshots.webflow.com/sites/${site.id}/preview.png`,
            timeZone: 'Europe/Paris',
            createdOn: stamp,
            lastUpdated: stamp,
            lastPublished: stamp,
            customDomains: [],
            locales: null,
          })),
        })
      }),
    ),

    http.get(
      `${base}/v2/sites/:siteId/collections`,
      withFaults('webflow', ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const site = siteOf(String(params.siteId))
        if (!site) return siteNotFound()
        return HttpResponse.json({
          collections: site.collections.map((id) => ({
            id,
            displayName: id === blogCollection ? 'Blog Posts' : 'Projects',
            singularName: id === blogCollection ? 'Blog Post' : 'Project',
            slug: id === blogCollection ? 'post' : 'project',
            createdOn: stamp,
            lastUpdated: stamp,
          })),
        })
      }),
    ),

    http.get(
      `${base}/v2/collections/:collectionId`,
      withFaults('webflow', ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const blog = collectionId === blogCollection
        return HttpResponse.json({
          id: collectionId,
          displayName: blog ? 'Blog Posts' : 'Projects',
          singularName: blog ? 'Blog Post' : 'Project',
          slug: blog ? 'post' : 'project',
          createdOn: stamp,
          lastUpdated: stamp,
          fields: fieldsOf(collectionId).map((field) => ({
            id: hexId('field', collectionId, field.slug),
            isEditable: true,
            isRequired: field.isRequired ?? false,
            type: field.type,
            slug: field.slug,
            displayName: field.displayName,
            helpText: null,
            ...(field.maxLength === undefined ? {} : { validations: { maxLength: field.maxLength } }),
          })),
        })
      }),
    ),
  ]
}

import type { BlogArticle } from '../article'

export const topicClustersAndCannibalisation: BlogArticle = {
  title: 'Topic clusters and keyword cannibalisation, explained',
  metaDescription:
    'How a pillar page and its supporting articles work together, why two pages chasing one query can both lose, and how to find and fix keyword cannibalisation.',
  slug: 'topic-clusters-and-keyword-cannibalisation-explained',
  publishedAt: '2025-03-18',
  keywords: ['topic clusters', 'pillar page', 'keyword cannibalisation', 'internal linking', 'content strategy'],
  images: [
    {
      url: '/blog/topic-clusters-and-cannibalisation/hero.svg',
      alt: 'A topic cluster: a pillar page in the centre connected by internal links to six supporting articles around it.',
    },
    {
      url: '/blog/topic-clusters-and-cannibalisation/cannibalisation-fix.svg',
      alt: 'Before: two pages on the same site compete for one query and both sit on page two. After: they are merged into one page, the old address redirects to it, and it ranks higher.',
    },
  ],
  body: `
Publishing more articles only helps if each one has a job. Without a plan, a blog drifts into two problems at once: articles that stand alone with nothing linking them together, and articles that quietly compete with each other for the same searches. Topic clusters solve the first; a keyword map prevents the second. This article explains both.

## What a topic cluster is

A topic cluster is a group of pages about one subject, organised around a single broad page:

- **The pillar page** covers the subject as a whole. It answers the broad query (*email marketing for online shops*) and gives an overview of every subtopic.
- **Supporting articles** each go deep on one subtopic with its own specific intent (*abandoned cart email examples*, *how often to email customers*, *welcome email sequence*).
- **Internal links** tie them together: the pillar links to every supporting article, and every supporting article links back to the pillar and to its closest siblings.

## Why clusters help

**They make your coverage visible.** A single article can only say so much. A pillar backed by focused articles covers the subject in the depth a reader, and a search engine, expects from a site that knows it.

**Internal links carry context.** Links are how search engines discover pages and understand how they relate. A link with descriptive anchor text (*see our welcome email sequence*) tells the crawler what the target page is about. Pages that nothing links to are harder to find and are easily treated as unimportant.

**Readers keep going.** Someone who lands on a supporting article from search has an obvious next step: the pillar, or the neighbouring question. That is better for them and better for you.

**Each page has a distinct purpose.** This is the part people skip, and it is what prevents cannibalisation.

## How to build one

1. **Pick the pillar topic.** Choose a subject close to what you sell, broad enough to have many subtopics and narrow enough to cover well. *Marketing* is too broad; *email marketing for online shops* is workable.
2. **List the questions.** Collect the subtopics people search for: related searches, "People also ask", keyword tools, customer questions.
3. **Group them by intent.** Queries that would be answered by the same page belong together. Each group becomes one supporting article with one primary keyword.
4. **Write the pillar first, or at least early.** Supporting articles need something to link up to, and the pillar needs real pages to link down to. Linking only to pages that exist avoids broken links and placeholder promises.
5. **Link deliberately.** Pillar to every supporting article; each supporting article to the pillar and to one or two siblings where it genuinely helps the reader. Use anchor text that describes the target.
6. **Keep it current.** When you add an article to the cluster, add its link to the pillar.

## What keyword cannibalisation is

Keyword cannibalisation happens when two or more pages on your site target the same query with the same intent. Instead of one strong page, you have several partial ones, and search engines have to guess which one to show.

Typical symptoms:

- the page ranking for a query changes from week to week;
- neither page reaches the position one complete page could;
- the "wrong" page ranks, for example an old news post instead of your up-to-date guide;
- links, both internal and from other sites, are split between pages that should have been one.

It is not a penalty. Google does sometimes show two results from the same site, and two pages ranking for related queries is perfectly normal. It becomes a problem when the pages serve the **same intent**, so they compete rather than complement each other. *Welcome email examples* and *how to write a welcome email* might be two pages or one; *welcome email examples* and *abandoned cart email examples* are clearly two.

## How to find it

- **Search Console.** In the Performance report, filter by a query you care about and open the Pages tab. Several of your URLs receiving impressions for the same query, with the top one changing over time, is the classic sign.
- **A site search.** Search *site:yourdomain.com topic* to see which of your pages Google associates with a topic. Several near-identical titles is a warning.
- **Your own inventory.** A simple spreadsheet of every URL with its primary keyword shows duplicates at a glance.
- **The results-page test.** For two suspect keywords, compare the top ten results. If they are largely the same pages, Google treats the two queries as one intent, so they deserve one page on your site.

## How to fix it

Choose the page that should win (usually the one with the better content, more links or better history), then:

1. **Merge and redirect.** Move anything useful from the weaker page into the stronger one, then permanently redirect (HTTP 301) the weaker URL to the stronger one, so visitors and links follow. Google documents this in its guide to [redirects and Google Search](https://developers.google.com/search/docs/crawling-indexing/301-redirects).
2. **Differentiate.** If both pages deserve to exist, give them clearly different intents: rewrite one to target a different, more specific query, and update its title, headings and introduction to match.
3. **Use a canonical link for true duplicates.** When near-identical pages must both exist (printable versions, filtered lists), a \`rel="canonical"\` link on the copy points to the preferred page. It is a strong hint rather than a command; Google explains how it chooses in [Consolidate duplicate URLs](https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls).
4. **Fix your internal links.** Point internal links for the topic at the winning page, with consistent anchor text, and stop linking to the loser with that anchor.

[[image 1]]

Deleting a page without a redirect is rarely the right fix: it throws away whatever links and history it had.

## How to prevent it

- **Keep a keyword map.** One primary keyword, and one intent, per URL. Check the map before writing anything new.
- **Ask "which page answers this?"** For every new keyword, check whether an existing page already answers it. If so, improve that page instead of writing another one.
- **Plan in clusters.** When supporting articles are defined by distinct intents from the start, overlap is designed out rather than cleaned up later.
- **Review quarterly.** Sites grow, and topics drift together. A short review of Search Console queries with more than one ranking page catches problems early.

## How Rankpilot handles it

Rankpilot plans your articles as clusters. Keywords are grouped by meaning, the pillar is the cluster's highest-volume keyword, and the pillar is scheduled before its supporting articles so they always have a real page to link to. Before a keyword earns its own article, it is compared with everything already planned, written or ranking for your site in Search Console; if it is too close to one of those, it is merged into that article instead of becoming a competitor to it. The result is a plan where every page has one job, and no two pages are chasing the same search.

If you are still deciding which keywords belong in your clusters, start with [How to find keywords you can actually rank for](/blog/how-to-find-keywords-you-can-actually-rank-for).
`,
}

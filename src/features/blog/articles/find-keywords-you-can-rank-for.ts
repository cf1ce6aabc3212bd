import type { BlogArticle } from '../article'

export const findKeywordsYouCanRankFor: BlogArticle = {
  title: 'How to find keywords you can actually rank for',
  metaDescription:
    'How a small site picks keywords it can win: start from your customers, read the search results, treat difficulty scores with care and mine Search Console.',
  slug: 'how-to-find-keywords-you-can-actually-rank-for',
  publishedAt: '2025-03-04',
  keywords: ['keyword research', 'long-tail keywords', 'search intent', 'keyword difficulty', 'Google Search Console'],
  images: [
    {
      url: '/blog/find-keywords-you-can-rank-for/hero.svg',
      alt: 'A ladder of search queries: broad, crowded keywords at the top and specific long-tail queries a small site can win at the bottom.',
    },
    {
      url: '/blog/find-keywords-you-can-rank-for/relevance-competition-grid.svg',
      alt: 'A two-by-two grid of relevance against competition. Relevant, low-competition keywords are marked "write first"; irrelevant, high-competition ones are marked "skip".',
    },
  ],
  body: `
Most keyword lists start with the biggest number on the screen. A founder types the name of their category into a keyword tool, sorts by search volume, and picks the top ten. Six months later none of those articles sits on the first page, and the conclusion is that "SEO doesn't work for us".

The problem is rarely the writing. It is the choice of keywords. A head term such as *scheduling software* is contested by companies with a decade of content and thousands of links. A new or small site can still win search traffic, but on different queries: more specific, closer to a real problem, and less attractive to the big players. This guide shows how to find them, step by step, with a running example: a small company that sells a booking app for dog groomers.

## What makes a keyword winnable

A keyword is worth an article when four things are true at once:

- **It is relevant.** Someone searching it could plausibly become your customer, or at least needs something you understand well.
- **Its intent matches a page you can write.** If every result is a product page and you want to write a guide, you are answering a question nobody asked.
- **The pages ranking today are beatable.** Not by a trick, but because your page can be more specific, more current or more useful than what is there.
- **It leads somewhere.** The article can naturally point to your product, a deeper guide or a sign-up, so the traffic has a next step.

Search volume matters less than it looks. A query searched a few dozen times a month by exactly the people you sell to can be worth more than a popular one searched by students writing essays.

## Step 1: Start from your customers, not from a tool

Keyword tools can only expand the words you give them, so the quality of your seed list decides the quality of everything after it. Collect seeds from places where customers describe their problems in their own words:

- sales calls, demo notes and onboarding questions;
- support tickets and the search box of your help centre;
- reviews of your product and of your competitors' products;
- forums, subreddits and community groups where your audience asks for advice;
- your own site: the services, features and use cases you already describe.

For the groomer booking app, this produces seeds such as *grooming appointment reminders*, *dog grooming no-shows*, *mobile grooming route planning* and *grooming deposit policy*. None of them is the category name, and all of them are things a groomer actually worries about.

## Step 2: Expand seeds into long-tail queries

Each seed opens up into many longer, more specific queries. These long-tail keywords have lower volume individually, but they usually have clearer intent and weaker competition, and together they add up. Good sources:

- **Autocomplete.** Type the seed into Google and note the suggestions. Add letters after the seed (*dog grooming no-shows a…*, *b…*) to surface more.
- **People also ask and related searches.** The questions Google shows on the results page are questions people really search.
- **Keyword tools.** Their "related", "questions" and "also ranks for" reports turn one seed into hundreds of candidates with estimated volume and difficulty.
- **Competitors' pages.** Look at which of a competitor's blog posts seem to attract traffic, and which subtopics they never cover.

From *dog grooming no-shows* you might get *how to reduce no-shows at a grooming salon*, *grooming no-show fee wording* and *should groomers take deposits*. Each is a question with a clear answer, which is exactly what a focused article can provide.

## Step 3: Read the search results, not just the numbers

Before you commit to a keyword, search it yourself (in a private window, so your history does not colour the results) and study the first page. It tells you more than any metric.

**What is the intent?** Search intent is usually one of four kinds:

1. **Informational:** the searcher wants to learn (*how to reduce grooming no-shows*).
2. **Commercial:** they are comparing options (*best booking app for groomers*).
3. **Transactional:** they want to buy or sign up now (*groomer booking software free trial*).
4. **Navigational:** they want a specific site (*[brand] login*).

Google shows what it believes satisfies the intent. If the first page is all comparison lists, a how-to guide will struggle; if it is all guides, a product page will.

**What format wins?** Step-by-step guides, templates, lists, calculators, videos? Match the format, then do it better.

**Who ranks?** Forum threads, thin pages and old articles on the first page are a good sign: Google is showing them because nothing better exists yet. A page full of well-known brands with pages written precisely for this query is a warning.

**How fresh are the results?** If the top results are several years old and the topic has changed, a current, accurate page has an opening.

## Step 4: Treat difficulty scores as a hint, not a verdict

Every keyword tool shows a difficulty score, often from 0 to 100. It is an estimate the tool computes, usually based largely on the links pointing at the pages that rank today. That makes it useful for sorting a long list, but it has limits:

- Each tool computes it differently, so a score only means something compared with other scores from the same tool.
- It says little about whether the ranking pages actually answer the query well, which is often where a small site wins.
- It ignores your own situation: a site that has already covered the topic in depth has a much easier time than one starting from zero.

Use difficulty to drop the obviously hopeless and to rank what remains, then confirm with your own look at the results page from step 3.

## Step 5: Look at what Google already shows you for

If your site is in Google Search Console, it holds the most reliable keyword data you have: real queries, real impressions and your real average position, for up to 16 months. Open the Performance report and look for:

- **Striking-distance queries.** Queries where your average position is roughly 8 to 20, at the bottom of page one or on page two. Google already considers you relevant; a better section, a clearer heading or a few internal links can be enough to move up.
- **Queries with impressions but few clicks.** Your page is shown but not chosen. Rewrite the title and meta description so they answer the query more directly.
- **Queries you never targeted.** If a page gets impressions for a topic it only mentions in passing, that topic may deserve its own article.

Improving a page that already ranks on page two is usually faster than publishing a new one that starts from nothing.

## Step 6: Score your list and pick

By now you have a list of candidates with notes. Give each one two simple ratings instead of staring at raw numbers:

- **Relevance:** how close is the searcher to your customer? (high, medium, low)
- **Competition:** how strong is the first page? (weak, mixed, strong)

[[image 1]]

Then sort into four groups:

- **Relevant and weak competition: write these first.** This is where a small site wins.
- **Relevant and strong competition: plan them for later.** Build up supporting articles first so the bigger page has something to stand on.
- **Less relevant and weak competition: only if cheap.** They bring traffic, but rarely customers.
- **Less relevant and strong competition: skip.**

For the groomer app, *how to reduce no-shows at a grooming salon* is highly relevant and, in our example, faces mostly forum threads: write it first. *Best scheduling software* is relevant but contested by large review sites: later, if ever.

## Step 7: One page per intent

Before writing, group keywords that mean the same thing. *Reduce grooming no-shows*, *stop no-shows dog grooming* and *grooming salon missed appointments* have the same intent and would be answered by the same page. Write one strong article for the group, not three thin ones that compete with each other. A quick test: if two keywords return largely the same top results, Google treats them as one topic, and so should you.

Related groups then form a topic cluster: a pillar page on the broad subject (*running a grooming salon's bookings*) linked to and from focused articles on each subtopic. We explain how to build one, and how to stop pages competing with each other, in [Topic clusters and keyword cannibalisation, explained](/blog/topic-clusters-and-keyword-cannibalisation-explained).

## Mistakes that waste months

- **Choosing by volume alone.** Big numbers attract big competitors.
- **Ignoring intent.** A perfect guide cannot rank for a query Google answers with product pages.
- **Trusting one metric.** Difficulty scores and volumes are estimates; the results page is the evidence.
- **Writing for keywords you cannot serve.** Traffic that has nothing to do with your product does not turn into customers.
- **Publishing and never looking back.** Rankings move. Check Search Console monthly and update the articles that are close to page one.
- **Expecting results in a week.** New pages commonly take weeks to months to settle into their positions, especially on a young site. Judge a keyword plan over a quarter, not a week.

## A checklist to keep

1. Collect seeds from customers' own words, not only from your category name.
2. Expand them into long-tail questions with autocomplete, related searches and a keyword tool.
3. Search every shortlisted keyword and note its intent, winning format and who ranks.
4. Use difficulty to sort, not to decide.
5. Mine Search Console for striking-distance queries and pages worth improving.
6. Rate relevance and competition; write the relevant, weakly contested ones first.
7. Merge keywords with the same intent into one page, and group pages into clusters.

This is the process Rankpilot automates: it reads your site to learn what you sell, researches and scores keywords against your business, checks them against what you already rank for, and plans a month of articles in clusters so each one has a clear job. Whether you use a tool or a spreadsheet, the principle is the same: pick fights you can win, one specific query at a time.
`,
}

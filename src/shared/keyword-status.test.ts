import { describe, expect, it } from 'vitest'
import { ARTICLE_STATUSES } from './articles/article'
import { handStatusRefusal, keywordStatusFor } from './keyword-status'
import { KEYWORD_STATUSES } from './keywords'

const day = new Date('2026-12-01T09:00:00Z')

describe('keywordStatusFor (docs/product/entities.md "Keyword status")', () => {
  it.each([
    ['draft', 'draft'],
    ['held', 'draft'],
    ['approved', 'scheduled'],
    ['published', 'published'],
    ['archived', 'archived'],
  ] as const)('an article %s shows its keyword %s, whatever the keyword stored', (articleStatus, shown) => {
    for (const status of KEYWORD_STATUSES) expect(keywordStatusFor({ articleStatus, status, scheduledAt: day })).toBe(shown)
  })

  it('without an article a keyword is its place in the plan; a draft needs an article', () => {
    expect(keywordStatusFor({ articleStatus: null, status: 'pending', scheduledAt: day })).toBe('pending')
    expect(keywordStatusFor({ articleStatus: null, status: 'scheduled', scheduledAt: day })).toBe('scheduled')
    expect(keywordStatusFor({ articleStatus: null, status: 'archived', scheduledAt: null })).toBe('archived')
    expect(keywordStatusFor({ articleStatus: null, status: 'draft', scheduledAt: day })).toBe('scheduled')
    expect(keywordStatusFor({ articleStatus: null, status: 'draft', scheduledAt: null })).toBe('pending')
  })
})

describe('handStatusRefusal', () => {
  const published = { articleStatus: 'published', status: 'published', scheduledAt: day } as const

  it('never sets a published keyword back; archiving it is allowed', () => {
    expect(handStatusRefusal('scheduled', published)).toBe('KEYWORD_PUBLISHED_STAYS')
    expect(handStatusRefusal('pending', published)).toBe('KEYWORD_PUBLISHED_STAYS')
    expect(handStatusRefusal('draft', published)).toBe('KEYWORD_PUBLISHED_STAYS')
    expect(handStatusRefusal('archived', published)).toBeNull()
    expect(handStatusRefusal('scheduled', { articleStatus: null, status: 'published', scheduledAt: day })).toBe('KEYWORD_PUBLISHED_STAYS')
  })

  it('never marks one published by hand', () => {
    expect(handStatusRefusal('published', { articleStatus: 'approved', status: 'scheduled', scheduledAt: day })).toBe(
      'KEYWORD_STATUS_PUBLISHED',
    )
    expect(handStatusRefusal('published', { articleStatus: null, status: 'scheduled', scheduledAt: day })).toBe('KEYWORD_STATUS_PUBLISHED')
  })

  it('a keyword with an article follows it: only archive, or the status it shows already', () => {
    for (const articleStatus of ARTICLE_STATUSES.filter((status) => status !== 'published')) {
      const current = { articleStatus, status: keywordStatusFor({ articleStatus, status: 'pending', scheduledAt: day }), scheduledAt: day }
      expect(handStatusRefusal('archived', current), articleStatus).toBeNull()
      expect(handStatusRefusal(current.status, current), articleStatus).toBeNull()
      for (const target of ['pending', 'scheduled', 'draft'] as const)
        if (target !== current.status)
          expect(handStatusRefusal(target, current), `${articleStatus} → ${target}`).toBe('KEYWORD_STATUS_FOLLOWS_ARTICLE')
    }
  })

  it('without an article: pending, scheduled and archived by hand; a draft needs an article', () => {
    const bare = { articleStatus: null, status: 'scheduled', scheduledAt: day } as const
    expect(handStatusRefusal('pending', bare)).toBeNull()
    expect(handStatusRefusal('archived', bare)).toBeNull()
    expect(handStatusRefusal('scheduled', { ...bare, status: 'archived' })).toBeNull()
    expect(handStatusRefusal('draft', bare)).toBe('KEYWORD_DRAFT_NEEDS_ARTICLE')
  })
})

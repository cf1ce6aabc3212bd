import { z } from 'zod'

/**
 * The parts of DataForSEO v3 answers we read, as zod schemas. Objects stay loose: the API adds
 * fields often, and a new field must not break keyword research.
 */

const monthlySearch = z.looseObject({ year: z.number(), month: z.number(), search_volume: z.number().nullable() })

export const searchVolumeRow = z.looseObject({
  keyword: z.string(),
  competition: z.enum(['LOW', 'MEDIUM', 'HIGH']).nullable(),
  competition_index: z.number().nullable(),
  search_volume: z.number().nullable(),
  cpc: z.number().nullable(),
  monthly_searches: z.array(monthlySearch).nullable(),
})

/** The Labs keyword object ("KD") shared by suggestions, related, ideas and ranked keywords. */
export const labsKeyword = z.looseObject({
  keyword: z.string(),
  keyword_info: z.looseObject({
    search_volume: z.number().nullable(),
    cpc: z.number().nullable(),
    competition: z.number().nullable(),
    competition_level: z.string().nullable(),
    monthly_searches: z.array(monthlySearch).nullable(),
  }),
  keyword_properties: z.looseObject({ keyword_difficulty: z.number().nullable() }),
  search_intent_info: z.looseObject({ main_intent: z.string().nullable() }).nullable(),
  serp_info: z.looseObject({ serp_item_types: z.array(z.string()).nullable() }).nullable(),
})

const itemsOf = <T extends z.ZodType>(item: T) => z.looseObject({ items: z.array(item).nullable() })

export const suggestionsResult = itemsOf(labsKeyword)
export const relatedResult = itemsOf(z.looseObject({ keyword_data: labsKeyword, depth: z.number() }))
export const ideasResult = itemsOf(labsKeyword)
export const difficultyResult = itemsOf(z.looseObject({ keyword: z.string(), keyword_difficulty: z.number().nullable() }))
export const intentResult = itemsOf(
  z.looseObject({ keyword: z.string(), keyword_intent: z.looseObject({ label: z.string(), probability: z.number() }) }),
)
export const competitorsResult = itemsOf(z.looseObject({ domain: z.string(), avg_position: z.number(), intersections: z.number() }))
export const rankedResult = itemsOf(
  z.looseObject({
    keyword_data: labsKeyword,
    ranked_serp_element: z.looseObject({
      serp_item: z.looseObject({ rank_group: z.number(), url: z.string() }),
    }),
  }),
)

export const organicItem = z.looseObject({
  type: z.literal('organic'),
  rank_group: z.number(),
  domain: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
})

export const peopleAlsoAskItem = z.looseObject({
  type: z.literal('people_also_ask'),
  items: z
    .array(
      z.looseObject({
        title: z.string(),
        expanded_element: z
          .array(z.looseObject({ url: z.string().nullable().optional(), description: z.string().nullable().optional() }))
          .nullable(),
      }),
    )
    .nullable(),
})

// Featured snippets, videos, local packs …: any type may appear; the client checks the two it reads.
export const serpResult = z.looseObject({
  keyword: z.string(),
  items: z.array(z.looseObject({ type: z.string() })).nullable(),
})

const task = z.looseObject({
  id: z.string(),
  status_code: z.number(),
  status_message: z.string(),
  cost: z.number(),
  result: z.array(z.unknown()).nullable(),
})

export const envelope = z.looseObject({
  status_code: z.number(),
  status_message: z.string(),
  cost: z.number(),
  tasks: z.array(task).nullable(),
})
export type Envelope = z.output<typeof envelope>

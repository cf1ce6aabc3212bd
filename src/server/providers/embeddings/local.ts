import type { EmbeddingsClient } from './client'

/**
 * The local embedder (docs/decisions/0018-local-embeddings.md): a deterministic text embedding
 * computed in process, with no network and no account. It is used when no embeddings API is
 * configured and the LLM endpoint serves none (src/server/providers/embeddings/select.ts).
 *
 * A text becomes a weighted bag of features, feature-hashed (signed) into LOCAL_EMBEDDINGS_DIMENSIONS
 * numbers and L2-normalised:
 * - stemmed words ("cards", "carded" → "card"), counted as often as they occur; function words
 *   ("how", "my", "the", "best", "reddit") weigh a fraction of a topic word. Counts stay linear:
 *   in a long text such as the business profile the word it repeats is its topic, and relevance
 *   (cosine to the profile) needs that; a sublinear count clustered no better on the fixture;
 * - pairs of neighbouring topic words ("exchange rate"), so a phrase means more than its words;
 * - character 3- to 5-grams of each topic word inside word boundaries ("#tra", "rans", "fer#"), so
 *   misspellings and word forms stemming misses ("recieve", "withdrawal"/"withdraw") still meet.
 * Each word's character n-grams share one weight, so a long word does not outweigh a short one.
 *
 * Its cosine similarities run lower than a neural model's (unrelated queries near 0, paraphrases
 * 0.3–0.6), so it carries its own clustering threshold (LOCAL_CLUSTER_DISTANCE_THRESHOLD), and asks
 * for its vectors to be centred before clustering; measured with
 * `npm run bench -- clustering --input bench/fixtures/banking77-intents.csv`.
 */

/** Part of every cache key: changing the features means a new name, so old vectors are never mixed in. */
export const LOCAL_EMBEDDINGS_MODEL = 'rankpilot-local-ngram-v1'
export const LOCAL_EMBEDDINGS_DIMENSIONS = 768

export interface LocalEmbeddingOptions {
  dimensions: number
  functionWordWeight: number
  bigramWeight: number
  charWeight: number
  minGram: number
  maxGram: number
}

export const LOCAL_EMBEDDING_OPTIONS: LocalEmbeddingOptions = {
  dimensions: LOCAL_EMBEDDINGS_DIMENSIONS,
  functionWordWeight: 0.2,
  bigramWeight: 0.5,
  charWeight: 0.6,
  minGram: 3,
  maxGram: 5,
}

const NOMIC_PREFIX = /^(clustering|search_query|search_document|classification):\s*/

/**
 * Words that shape a query's form more than its topic: English function words, question words and
 * the search modifiers of keyword lists ("best", "near me", "reddit", "video", "guide").
 */
const FUNCTION_WORDS = new Set(
  [
    'a an the of for to in on at by with from into onto about as and or but nor not no so than then too very',
    'i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs',
    'this that these those there here what which who whom whose why when where how whether if',
    'is am are was were be been being do does did done doing have has had having can could will would shall should may might must',
    'get got just still yet also any some all each every other another such own same only more most much many',
    'please hi hello hey thanks thank ok okay yes',
    'vs versus best top cheap buy near online free easy type types kind kinds way ways',
    'reddit quora video videos youtube properly correctly step steps guide tutorial tips example examples',
  ]
    .join(' ')
    .split(' '),
)

/** Light suffix stripping: enough to join plural, past and -ing forms of one word, never a dictionary. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1)
  for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length)
      // "stopp" → "stop", "hopp" → "hop"; "fill" and "pass" keep their double letter.
      if (/([^aeioulsz])\1$/.test(w)) w = w.slice(0, -1)
      break
    }
  }
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2)
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1)
  return w
}

/** The words of a text: lower case, apostrophes dropped ("don't" → "dont"), letters and digits. */
export function localWords(text: string): string[] {
  return (
    text
      .replace(NOMIC_PREFIX, '')
      .toLowerCase()
      .replace(/['’`]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

function hash32(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  // A final avalanche: FNV-1a alone leaves the low bits of short keys correlated.
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/** The local embedding of one text: deterministic, L2-normalised, `options.dimensions` numbers. */
export function localEmbedding(text: string, options: LocalEmbeddingOptions = LOCAL_EMBEDDING_OPTIONS): number[] {
  const { dimensions } = options
  const features = new Map<string, number>()
  const add = (feature: string, weight: number) => features.set(feature, (features.get(feature) ?? 0) + weight)

  const words = localWords(text)
  const topic: string[] = []
  for (const word of words) {
    if (FUNCTION_WORDS.has(word)) {
      add(`w:${word}`, options.functionWordWeight)
      continue
    }
    const stemmed = stem(word)
    topic.push(stemmed)
    add(`w:${stemmed}`, 1)
    const padded = `#${word}#`
    const grams: string[] = []
    for (let n = options.minGram; n <= options.maxGram; n++) {
      for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n))
    }
    for (const gram of grams) add(`c:${gram}`, options.charWeight / Math.sqrt(grams.length))
  }
  for (let i = 1; i < topic.length; i++) add(`b:${topic[i - 1]} ${topic[i]}`, options.bigramWeight)
  if (features.size === 0) add(`t:${text.trim().toLowerCase()}`, 1)

  const vector = new Array<number>(dimensions).fill(0)
  for (const [feature, weight] of features) {
    const slot = hash32(feature, 0) % dimensions
    vector[slot]! += hash32(feature, 0x9e3779b9) & 1 ? weight : -weight
  }
  let norm = 0
  for (const value of vector) norm += value * value
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  // Rounded to float32 like a provider's answer, so a cache hit equals a fresh vector.
  return vector.map((value) => Math.fround(value * scale))
}

/**
 * Average-linkage clusters of local embeddings, centred on the mean of the keywords clustered, merge
 * below this cosine distance (members about 0.25 similar on average): the best cut on the public
 * Banking77 intent set (77 intents, 3,080 queries, bench/fixtures/banking77-intents.csv), and within
 * 0.05 ARI of the best on the hand-labelled keyword sample (bench/lib/clustering-sample.csv).
 */
export const LOCAL_CLUSTER_DISTANCE_THRESHOLD = 0.75

export function createLocalEmbeddingsClient(options: LocalEmbeddingOptions = LOCAL_EMBEDDING_OPTIONS): EmbeddingsClient {
  const client: EmbeddingsClient = {
    model: LOCAL_EMBEDDINGS_MODEL,
    dimensions: options.dimensions,
    clusterDistanceThreshold: LOCAL_CLUSTER_DISTANCE_THRESHOLD,
    // Words every keyword of a business shares ("coffee") would otherwise join all its topics.
    centerBeforeClustering: true,
    inputFor: (text) => text,
    embedInputs: (inputs) => Promise.resolve(inputs.map((input) => localEmbedding(input, options))),
    embed: (texts, task) => client.embedInputs(texts.map((text) => client.inputFor(text, task))),
  }
  return client
}

import { describe, expect, it } from 'vitest'
import { LOCAL_CLUSTER_DISTANCE_THRESHOLD, localEmbedding } from '~/server/providers/embeddings/local'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import {
  adjustedRandIndex,
  centerVectors,
  clusterByCosine,
  mergeMustLinks,
  serpOverlapMustLinks,
  type CosineClusteringOptions,
} from './clustering'

const labelsOf = (vectors: number[][] | Float32Array[], options: CosineClusteringOptions) => [...clusterByCosine(vectors, options).labels]

/** A unit vector in the plane at `degrees`. */
const angle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)]

/** Numbers the labels by first appearance, as clusterByCosine does. */
function canonical(labels: ArrayLike<number>): number[] {
  const seen = new Map<number, number>()
  return Array.from(labels, (label) => {
    if (!seen.has(label)) seen.set(label, seen.size)
    return seen.get(label)!
  })
}

/**
 * The definition, naively (O(n³)): distances in float64 from cosineSimilarity, and at each step the
 * two clusters with the smallest mean pairwise distance merge, while that mean is below the threshold.
 */
function referenceClustering(vectors: number[][], threshold: number): number[] {
  const n = vectors.length
  const distance = vectors.map((a) => vectors.map((b) => 1 - cosineSimilarity(a, b)))
  let clusters = vectors.map((_, i) => [i])
  for (;;) {
    let best = Infinity
    let pair: [number, number] | undefined
    for (let a = 0; a < clusters.length; a++) {
      for (let b = a + 1; b < clusters.length; b++) {
        let sum = 0
        for (const i of clusters[a]!) for (const j of clusters[b]!) sum += distance[i]![j]!
        const mean = sum / (clusters[a]!.length * clusters[b]!.length)
        if (mean < best) {
          best = mean
          pair = [a, b]
        }
      }
    }
    if (!pair || !(best < threshold)) break
    const [a, b] = pair
    clusters = [...clusters.filter((_, c) => c !== a && c !== b), [...clusters[a]!, ...clusters[b]!]]
  }
  const labels = new Array<number>(n)
  clusters.forEach((members, c) => members.forEach((i) => (labels[i] = c)))
  return canonical(labels)
}

function random(seed: number) {
  let state = seed >>> 0
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
  return { uniform, gaussian }
}

/** `count` points around `centres` random centres with gaussian noise: groups that merge at various distances. */
function blobs(seed: number, count: number, dimensions: number, centres: number, noise: number): number[][] {
  const { uniform, gaussian } = random(seed)
  const centroids = Array.from({ length: centres }, () => Array.from({ length: dimensions }, gaussian))
  return Array.from({ length: count }, () => {
    const centroid = centroids[Math.floor(uniform() * centres)]!
    return centroid.map((value) => value + noise * gaussian())
  })
}

describe('clusterByCosine', () => {
  it('returns nothing for no vectors and one cluster for one vector', () => {
    expect(clusterByCosine([], { distanceThreshold: 0.3 })).toEqual({ labels: new Int32Array(0), clusterCount: 0 })
    expect(clusterByCosine([[0.3, 0.4]], { distanceThreshold: 0.3 })).toEqual({ labels: Int32Array.of(0), clusterCount: 1 })
  })

  it('separates two tight groups far apart, labelled by first appearance', () => {
    const vectors = [angle(1), angle(89), angle(-2), angle(92), angle(3), angle(88)]
    expect(clusterByCosine(vectors, { distanceThreshold: 0.3 })).toEqual({ labels: Int32Array.of(0, 1, 0, 1, 0, 1), clusterCount: 2 })
    // Past the groups' mutual distance (≈ 1) they become one.
    expect(labelsOf(vectors, { distanceThreshold: 1.2 })).toEqual([0, 0, 0, 0, 0, 0])
    // Below the distance within a group (≈ 0.0015 for 3°) nothing merges.
    expect(labelsOf(vectors, { distanceThreshold: 0.0001 })).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('merges only below the threshold: a linkage distance equal to it stays apart', () => {
    // Orthogonal vectors are at cosine distance exactly 1, opposite ones at exactly 2.
    expect(labelsOf([angle(0), angle(90)], { distanceThreshold: 1 })).toEqual([0, 1])
    expect(labelsOf([angle(0), angle(90)], { distanceThreshold: 1.0001 })).toEqual([0, 0])
    expect(labelsOf([angle(0), angle(180)], { distanceThreshold: 2 })).toEqual([0, 1])
    expect(labelsOf([angle(0), angle(180)], { distanceThreshold: 2.0001 })).toEqual([0, 0])
  })

  it('uses average linkage, not single or complete', () => {
    // 0° and 50° merge at 0.357. 120° is then at (1.5 + 0.658) / 2 ≈ 1.079 on average from that
    // pair: single linkage would join it at 0.658, complete linkage only at 1.5.
    const vectors = [angle(0), angle(50), angle(120)]
    expect(labelsOf(vectors, { distanceThreshold: 0.3 })).toEqual([0, 1, 2])
    expect(labelsOf(vectors, { distanceThreshold: 0.9 })).toEqual([0, 0, 1])
    expect(labelsOf(vectors, { distanceThreshold: 1.05 })).toEqual([0, 0, 1])
    expect(labelsOf(vectors, { distanceThreshold: 1.1 })).toEqual([0, 0, 0])
  })

  it('puts identical vectors together at any positive threshold', () => {
    const vectors = [
      [0.1, 0.7, -0.2],
      [5, 1, 5],
      [0.1, 0.7, -0.2],
      [0.2, 1.4, -0.4],
    ]
    expect(labelsOf(vectors, { distanceThreshold: 1e-6 })).toEqual([0, 1, 0, 0])
    expect(labelsOf(vectors, { distanceThreshold: 0 })).toEqual([0, 1, 2, 3])
  })

  it('treats a zero vector as at distance 1 from everything, as cosineSimilarity does', () => {
    const vectors = [[1, 0], [0, 0], [0, 0], angle(5)]
    expect(labelsOf(vectors, { distanceThreshold: 0.5 })).toEqual([0, 1, 2, 0])
    expect(labelsOf(vectors, { distanceThreshold: 1.01 })).toEqual([0, 0, 0, 0])
  })

  it('groups the local embedder’s vectors by topic at its threshold', () => {
    const texts = [
      'best seo tools',
      'banana bread recipe',
      'crm software',
      'seo tools free',
      'easy banana bread',
      'best crm software for startups',
      'free seo tools for small business',
      'moist banana bread recipe',
    ]
    const vectors = centerVectors(texts.map((text) => localEmbedding(text)))
    expect(clusterByCosine(vectors, { distanceThreshold: LOCAL_CLUSTER_DISTANCE_THRESHOLD })).toEqual({
      labels: Int32Array.of(0, 1, 2, 0, 1, 2, 0, 1),
      clusterCount: 3,
    })
  })

  it('is deterministic and does not depend on the order of the input', () => {
    const vectors = blobs(7, 80, 24, 6, 0.6)
    const first = labelsOf(vectors, { distanceThreshold: 0.35 })
    expect(labelsOf(vectors, { distanceThreshold: 0.35 })).toEqual(first)
    expect(new Set(first).size).toBeGreaterThan(1)
    expect(new Set(first).size).toBeLessThan(80)
    const order = vectors.map((_, i) => i).reverse()
    const reversed = labelsOf(
      order.map((i) => vectors[i]!),
      { distanceThreshold: 0.35 },
    )
    const backInOrder = new Array<number>(vectors.length)
    order.forEach((original, position) => (backInOrder[original] = reversed[position]!))
    expect(canonical(backInOrder)).toEqual(first)
  })

  it.each([
    [1, 60, 8, 5, 0.5],
    [2, 60, 16, 4, 0.8],
    [3, 61, 3, 6, 0.3],
    [4, 59, 32, 8, 1],
    [5, 60, 768, 6, 1.2],
    [6, 60, 5, 3, 0.2],
  ])(
    'gives the naive reference’s partition on random input (seed %i, %i points in %i dimensions)',
    (seed, count, dimensions, centres, noise) => {
      const vectors = blobs(seed, count, dimensions, centres, noise)
      const { uniform } = random(seed * 101)
      for (const threshold of [0.05, 0.2 + 0.3 * uniform(), 0.5 + 0.5 * uniform(), 1.1]) {
        const expected = referenceClustering(vectors, threshold)
        expect(labelsOf(vectors, { distanceThreshold: threshold }), `threshold ${threshold}`).toEqual(expected)
        expect(labelsOf(vectors, { distanceThreshold: threshold, kernel: 'js' }), `threshold ${threshold}, js kernel`).toEqual(expected)
      }
    },
  )

  it('gives the same labels with worker threads, either kernel and Float32Array input', () => {
    // Large enough that a worker starts in time to compute some of the matrix's row blocks.
    const large = blobs(12, 2000, 768, 40, 0.9)
    const oneThread = labelsOf(large, { distanceThreshold: 0.5, threads: 1 })
    expect(new Set(oneThread).size).toBeGreaterThan(20)
    expect(labelsOf(large, { distanceThreshold: 0.5, threads: 2 })).toEqual(oneThread)

    const vectors = blobs(11, 300, 64, 12, 0.7)
    const single = labelsOf(vectors, { distanceThreshold: 0.4, threads: 1 })
    expect(new Set(single).size).toBeGreaterThan(5)
    expect(labelsOf(vectors, { distanceThreshold: 0.4, kernel: 'js' })).toEqual(single)
    expect(
      labelsOf(
        vectors.map((vector) => Float32Array.from(vector)),
        { distanceThreshold: 0.4 },
      ),
    ).toEqual(single)
  })

  it('merges the clusters of must-linked vectors after clustering', () => {
    const vectors = [angle(0), angle(90), angle(2), angle(180), angle(92)]
    expect(clusterByCosine(vectors, { distanceThreshold: 0.1 })).toEqual({ labels: Int32Array.of(0, 1, 0, 2, 1), clusterCount: 3 })
    expect(clusterByCosine(vectors, { distanceThreshold: 0.1, mustLink: [[3, 4]] })).toEqual({
      labels: Int32Array.of(0, 1, 0, 1, 1),
      clusterCount: 2,
    })
    expect(
      labelsOf(vectors, {
        distanceThreshold: 0.1,
        mustLink: [
          [4, 3],
          [2, 1],
        ],
      }),
    ).toEqual([0, 0, 0, 0, 0])
    expect(() => clusterByCosine(vectors, { distanceThreshold: 0.1, mustLink: [[0, 5]] })).toThrow(RangeError)
    expect(() => clusterByCosine(vectors, { distanceThreshold: 0.1, mustLink: [[-1, 2]] })).toThrow(RangeError)
  })

  it('refuses vectors of different lengths, values that are not finite and a threshold that is not a number', () => {
    expect(() => clusterByCosine([[1, 0], [1]], { distanceThreshold: 0.3 })).toThrow(/dimensions/)
    expect(() =>
      clusterByCosine(
        [
          [1, 0],
          [Number.NaN, 1],
        ],
        { distanceThreshold: 0.3 },
      ),
    ).toThrow(/finite/)
    expect(() => clusterByCosine([[1, 0]], { distanceThreshold: Number.NaN })).toThrow(RangeError)
  })
})

describe('mergeMustLinks', () => {
  it('joins the clusters of each pair and renumbers by first appearance', () => {
    expect(mergeMustLinks([5, 7, 5, 9, 7, 2], [[3, 5]])).toEqual({ labels: Int32Array.of(0, 1, 0, 2, 1, 2), clusterCount: 3 })
    expect(
      mergeMustLinks(
        [5, 7, 5, 9, 7, 2],
        [
          [3, 5],
          [5, 1],
        ],
      ),
    ).toEqual({ labels: Int32Array.of(0, 1, 0, 1, 1, 1), clusterCount: 2 })
    expect(mergeMustLinks([3, 3, 1], [])).toEqual({ labels: Int32Array.of(0, 0, 1), clusterCount: 2 })
  })
})

describe('serpOverlapMustLinks', () => {
  const url = (n: number) => `https://example.com/${n}`
  const urls = (...ids: number[]) => ids.map(url)

  it('links keywords sharing at least 3 top-10 URLs', () => {
    const lists = [urls(1, 2, 3, 4), urls(9, 3, 2, 1), urls(1, 2, 7, 8), urls(4, 7, 8, 1), null, urls(3, 4, 2)]
    expect(serpOverlapMustLinks(lists)).toEqual([
      [0, 1],
      [0, 5],
      [2, 3],
    ])
    expect(serpOverlapMustLinks(lists, { minShared: 4 })).toEqual([])
  })

  it('counts a URL once per keyword and looks only at the top 10 results', () => {
    expect(serpOverlapMustLinks([urls(1, 1, 1, 2), urls(1, 2, 3)])).toEqual([])
    const eleven = urls(20, 21, 22, 23, 24, 25, 26, 27, 1, 2, 3)
    expect(serpOverlapMustLinks([eleven, urls(1, 2, 3)])).toEqual([])
    expect(serpOverlapMustLinks([eleven, urls(1, 2, 3)], { top: 11 })).toEqual([[0, 1]])
  })

  it('feeds clusterByCosine: SERP-linked keywords share a cluster', () => {
    const vectors = [angle(0), angle(90), angle(45)]
    const mustLink = serpOverlapMustLinks([urls(1, 2, 3), urls(4, 5, 6), urls(7, 5, 6, 4)])
    expect(clusterByCosine(vectors, { distanceThreshold: 0.1, mustLink }).labels).toEqual(Int32Array.of(0, 1, 1))
  })
})

describe('adjustedRandIndex', () => {
  it('agrees with scikit-learn’s adjusted_rand_score', () => {
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1)
    expect(adjustedRandIndex([0, 0, 1, 1], [1, 1, 0, 0])).toBe(1)
    expect(adjustedRandIndex([0, 0, 1, 2], [0, 0, 1, 1])).toBeCloseTo(0.5714285714, 9)
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 12)
    expect(adjustedRandIndex([0, 0, 0, 0], [0, 1, 2, 3])).toBe(0)
    expect(adjustedRandIndex([0, 1, 2], [5, 6, 7])).toBe(1)
    expect(() => adjustedRandIndex([0], [0, 1])).toThrow(RangeError)
  })
})

describe('centerVectors', () => {
  it('removes what every vector shares, so a shared word no longer makes unrelated keywords alike', () => {
    const texts = ['coffee subscription', 'coffee grinder', 'coffee subscription box', 'coffee grinder burr']
    const raw = texts.map((text) => localEmbedding(text))
    const centred = centerVectors(raw)
    expect(centred.reduce((sum, vector) => sum + vector[7]!, 0)).toBeCloseTo(0, 5)
    // "coffee subscription" and "coffee grinder" share "coffee": alike raw, apart once centred.
    expect(cosineSimilarity(raw[0]!, raw[1]!)).toBeGreaterThan(0.3)
    expect(cosineSimilarity([...centred[0]!], [...centred[1]!])).toBeLessThan(0)
    expect(cosineSimilarity([...centred[0]!], [...centred[2]!])).toBeGreaterThan(0.4)
    expect(centerVectors([])).toEqual([])
  })
})

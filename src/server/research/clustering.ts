import { availableParallelism } from 'node:os'
import { CLUSTER_DISTANCE_THRESHOLD } from '~/shared/research'
import { distanceMatrix, type VectorLike } from './clustering-matrix'
import { simdModule } from './clustering-simd'

/**
 * Topic clusters of keywords (docs/product/pipeline.md, step f): agglomerative clustering of their
 * embeddings on cosine distance (1 − cosine similarity) with average linkage (UPGMA), cut at a
 * distance threshold, optionally refined by SERP overlap.
 *
 * Semantics are those of scikit-learn's AgglomerativeClustering(metric='cosine', linkage='average',
 * distance_threshold=t, n_clusters=None): two clusters merge while the mean cosine distance over all
 * pairs of their members is < t; a pair at exactly t stays apart. A zero vector has similarity 0 with
 * everything (as cosineSimilarity in providers/embeddings/vectors.ts says), so distance 1.
 *
 * The algorithm is exact and O(n²) in time and memory:
 * 1. the vectors are L2-normalised into one padded float32 matrix;
 * 2. the full n × n distance matrix (float32, 4·n² bytes: 400 MB for 10,000 keywords) is computed in
 *    cache-sized blocks of 2 × 4 dot products: by a WebAssembly SIMD kernel (fused multiply-add where
 *    the engine has relaxed SIMD), spread over worker threads for large inputs, or by plain TypeScript;
 * 3. the nearest-neighbour chain algorithm builds the average-linkage merges in place with the
 *    Lance–Williams update. A cluster whose nearest neighbour is at ≥ t is final (an average of
 *    distances ≥ t stays ≥ t), so the chain never merges above the threshold and stops early.
 *
 * SERP overlap is a post-step: serpOverlapMustLinks turns each keyword's top-10 URLs into must-link
 * pairs (keywords sharing ≥ 3 URLs answer the same search need), and mergeMustLinks joins the
 * clusters of every pair (union–find). clusterByCosine applies it when given `mustLink`.
 *
 * Labels are numbered 0, 1, 2, … in order of first appearance, so equal inputs give equal labels.
 */

/** The cut research uses (its reasons: src/shared/research.ts). */
export const DEFAULT_CLUSTER_DISTANCE_THRESHOLD = CLUSTER_DISTANCE_THRESHOLD

/** The most vectors one call accepts: the distance matrix must fit WebAssembly's 4 GiB memory. */
export const MAX_CLUSTERING_VECTORS = 30_000

export interface CosineClusteringOptions {
  /** Clusters merge while their average cosine distance is below this (cosine distance spans 0–2). */
  distanceThreshold: number
  /** Pairs of vector indices that end in one cluster whatever their distance (see mergeMustLinks). */
  mustLink?: ReadonlyArray<readonly [number, number]>
  /**
   * Threads computing the distance matrix, the calling one included. Default: the machine's cores
   * (at most 8) from PARALLEL_MIN_VECTORS vectors on, below that 1 (starting a worker costs more).
   */
  threads?: number
  /** The distance-matrix kernel: 'simd' (WebAssembly, the default where the engine has it) or 'js'. */
  kernel?: 'simd' | 'js'
}

export interface CosineClustering {
  /** The cluster of each vector, numbered by first appearance. */
  labels: Int32Array
  clusterCount: number
}

/**
 * From this many vectors the matrix is shared with worker threads. A worker takes ~40 ms to start;
 * below ~4,000 vectors the single-threaded matrix takes about as long (0.3 s at 3,000), and on a busy
 * machine a second thread gains nothing there (measured with bench/clustering.mjs).
 */
export const PARALLEL_MIN_VECTORS = 4000

export function clusterByCosine(vectors: readonly VectorLike[], options: CosineClusteringOptions): CosineClustering {
  const { distanceThreshold } = options
  if (Number.isNaN(distanceThreshold)) throw new RangeError('distanceThreshold must be a number')
  const n = vectors.length
  if (n > MAX_CLUSTERING_VECTORS) throw new RangeError(`clusterByCosine takes at most ${MAX_CLUSTERING_VECTORS} vectors, got ${n}`)
  const parent = new Int32Array(n)
  for (let i = 0; i < n; i++) parent[i] = i

  if (n > 1) {
    const kernel = options.kernel ?? (simdModule() ? 'simd' : 'js')
    const threads = Math.max(1, Math.floor(options.threads ?? (n >= PARALLEL_MIN_VECTORS ? Math.min(8, availableParallelism()) : 1)))
    const { distances, stride } = distanceMatrix(vectors, kernel, threads)
    nearestNeighbourChain(distances, stride, n, distanceThreshold, parent)
  }
  for (const [a, b] of options.mustLink ?? []) union(parent, checkedIndex(a, n), checkedIndex(b, n))
  return labelsFromForest(parent)
}

/**
 * The vectors minus their mean: what they share (for the local embedder, the words every keyword of
 * one business has) no longer counts as likeness. Cosine clustering of the result is what the
 * local embedder's threshold was measured on.
 */
export function centerVectors(vectors: readonly VectorLike[]): Float32Array[] {
  if (vectors.length === 0) return []
  const dimensions = vectors[0]!.length
  const mean = new Float64Array(dimensions)
  for (const vector of vectors) for (let k = 0; k < dimensions; k++) mean[k]! += vector[k]! / vectors.length
  return vectors.map((vector) => Float32Array.from({ length: dimensions }, (_, k) => vector[k]! - mean[k]!))
}

/**
 * Joins the clusters of every must-linked pair (union–find) and renumbers the result by first
 * appearance. Must-links are a post-step: they do not change the distances the clustering saw.
 */
export function mergeMustLinks(labels: ArrayLike<number>, mustLink: ReadonlyArray<readonly [number, number]>): CosineClustering {
  const n = labels.length
  // One representative per label: the first vector carrying it.
  const parent = new Int32Array(n)
  const first = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const label = labels[i]!
    const representative = first.get(label)
    if (representative === undefined) {
      first.set(label, i)
      parent[i] = i
    } else parent[i] = representative
  }
  for (const [a, b] of mustLink) union(parent, checkedIndex(a, n), checkedIndex(b, n))
  return labelsFromForest(parent)
}

/**
 * Must-link pairs from SERP overlap: keywords whose top results (the first `top` URLs of each list,
 * duplicates counted once) share at least `minShared` URLs. URLs are compared as given, so callers
 * pass them normalised the same way. Pairs come as [i, j] with i < j, sorted.
 */
export function serpOverlapMustLinks(
  topUrls: ReadonlyArray<readonly string[] | null | undefined>,
  options: { minShared?: number; top?: number } = {},
): Array<[number, number]> {
  const { minShared = 3, top = 10 } = options
  const n = topUrls.length
  const postings = new Map<string, number[]>()
  const lists = topUrls.map((urls, i) => {
    const unique = [...new Set((urls ?? []).slice(0, top))]
    for (const url of unique) {
      const posting = postings.get(url)
      if (posting) posting.push(i)
      else postings.set(url, [i])
    }
    return unique
  })
  const shared = new Int32Array(n)
  const touched: number[] = []
  const pairs: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    for (const url of lists[i]!) {
      // Postings are in ascending keyword order: only the keywords after i are counted.
      for (const j of postings.get(url)!) {
        if (j <= i) continue
        if (shared[j] === 0) touched.push(j)
        shared[j]!++
      }
    }
    touched.sort((a, b) => a - b)
    for (const j of touched) {
      if (shared[j]! >= Math.max(1, minShared)) pairs.push([i, j])
      shared[j] = 0
    }
    touched.length = 0
  }
  return pairs
}

/**
 * The adjusted Rand index of two labelings of the same items: 1 for the same partition, about 0 for
 * chance agreement (the measure scikit-learn's adjusted_rand_score computes).
 */
export function adjustedRandIndex(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length
  if (b.length !== n) throw new RangeError(`labelings differ in length: ${n} and ${b.length}`)
  const pairs = (count: number) => (count * (count - 1)) / 2
  const cells = new Map<string, number>()
  const rows = new Map<number, number>()
  const columns = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const key = `${a[i]} ${b[i]}`
    cells.set(key, (cells.get(key) ?? 0) + 1)
    rows.set(a[i]!, (rows.get(a[i]!) ?? 0) + 1)
    columns.set(b[i]!, (columns.get(b[i]!) ?? 0) + 1)
  }
  let index = 0
  for (const count of cells.values()) index += pairs(count)
  let sumRows = 0
  for (const count of rows.values()) sumRows += pairs(count)
  let sumColumns = 0
  for (const count of columns.values()) sumColumns += pairs(count)
  const total = pairs(n)
  const expected = total === 0 ? 0 : (sumRows * sumColumns) / total
  const maximum = (sumRows + sumColumns) / 2
  // Both partitions all singletons, or both one cluster: the same partition.
  if (maximum === expected) return 1
  return (index - expected) / (maximum - expected)
}

function checkedIndex(index: number, n: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= n)
    throw new RangeError(`must-link index ${index} is not a vector index (0–${n - 1})`)
  return index
}

function find(parent: Int32Array, i: number): number {
  let root = i
  while (parent[root] !== root) root = parent[root]!
  while (parent[i] !== root) {
    const next = parent[i]!
    parent[i] = root
    i = next
  }
  return root
}

function union(parent: Int32Array, a: number, b: number) {
  const rootA = find(parent, a)
  const rootB = find(parent, b)
  if (rootA < rootB) parent[rootB] = rootA
  else if (rootB < rootA) parent[rootA] = rootB
}

function labelsFromForest(parent: Int32Array): CosineClustering {
  const n = parent.length
  const labels = new Int32Array(n)
  const labelOfRoot = new Int32Array(n).fill(-1)
  let clusterCount = 0
  for (let i = 0; i < n; i++) {
    const root = find(parent, i)
    if (labelOfRoot[root] === -1) labelOfRoot[root] = clusterCount++
    labels[i] = labelOfRoot[root]!
  }
  return { labels, clusterCount }
}

// ---------------------------------------------------------------------------------------------
// Average linkage by the nearest-neighbour chain

/**
 * Average-linkage clustering of the n × n distance matrix `distances` (row stride `stride`), cut at
 * `threshold`: every merge below it links its two clusters in `parent`. Overwrites the matrix.
 *
 * The chain grows from an active cluster to its nearest neighbour until two clusters are each
 * other's nearest (reciprocal nearest neighbours). Average linkage is reducible (merging two clusters
 * never brings the result nearer to a third than the nearer of the two was), so merging such a pair
 * at once gives the same dendrogram as always merging the globally closest pair. Ties go to the
 * chain's previous cluster, then to the lower index.
 */
function nearestNeighbourChain(distances: Float32Array, stride: number, n: number, threshold: number, parent: Int32Array) {
  // Self-distances never win a nearest-neighbour search.
  for (let i = 0; i < n; i++) distances[i * stride + i] = Infinity
  const size = new Float64Array(n).fill(1)
  /** Clusters that can still merge, ascending: each is represented by the lowest index in it. */
  const active = new Int32Array(n)
  for (let i = 0; i < n; i++) active[i] = i
  let activeCount = n
  const chain = new Int32Array(n)
  let chainLength = 0

  const deactivate = (cluster: number) => {
    let low = 0
    let high = activeCount - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (active[middle]! < cluster) low = middle + 1
      else high = middle
    }
    active.copyWithin(low, low + 1, activeCount)
    activeCount--
  }

  while (activeCount > 0) {
    if (chainLength === 0) chain[chainLength++] = active[0]!
    const x = chain[chainLength - 1]!
    const previous = chainLength > 1 ? chain[chainLength - 2]! : -1
    const row = x * stride
    let nearest = previous
    let best = previous >= 0 ? distances[row + previous]! : Infinity
    for (let m = 0; m < activeCount; m++) {
      const k = active[m]!
      const distance = distances[row + k]!
      if (distance < best) {
        best = distance
        nearest = k
      }
    }

    if (nearest < 0 || !(best < threshold)) {
      // x can never merge below the threshold, and neither can the chain behind it: each link of the
      // chain is a nearest neighbour at a distance ≥ the next one's, so ≥ best.
      for (let c = 0; c < chainLength; c++) deactivate(chain[c]!)
      chainLength = 0
      continue
    }
    if (nearest !== previous) {
      chain[chainLength++] = nearest
      continue
    }

    chainLength -= 2
    const keep = Math.min(x, nearest)
    const drop = Math.max(x, nearest)
    const sizeKeep = size[keep]!
    const sizeDrop = size[drop]!
    const total = sizeKeep + sizeDrop
    const keepRow = keep * stride
    const dropRow = drop * stride
    for (let m = 0; m < activeCount; m++) {
      const k = active[m]!
      if (k === keep || k === drop) continue
      const distance = (sizeKeep * distances[keepRow + k]! + sizeDrop * distances[dropRow + k]!) / total
      distances[keepRow + k] = distance
      distances[k * stride + keep] = distance
    }
    size[keep] = total
    parent[drop] = keep
    deactivate(drop)
  }
}

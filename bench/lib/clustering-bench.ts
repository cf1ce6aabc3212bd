// The body of `npm run bench -- clustering` (bench/clustering.mjs loads it through Vite's SSR module
// loader so the app's `~/` imports and TypeScript work without a build).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { env } from '~/env'
import { startDemoNetwork, stopDemoNetwork } from '~/server/providers/demo-mode'
import { createLocalEmbeddingsClient, LOCAL_CLUSTER_DISTANCE_THRESHOLD } from '~/server/providers/embeddings/local'
import { embeddingsClientFromEnv } from '~/server/providers/embeddings/select'
import { embeddingsSource } from '~/server/providers/modes'
import {
  adjustedRandIndex,
  centerVectors,
  clusterByCosine,
  DEFAULT_CLUSTER_DISTANCE_THRESHOLD,
  PARALLEL_MIN_VECTORS,
  type CosineClusteringOptions,
} from '~/server/research/clustering'
import { tfidfVectors } from './tfidf'

export const TARGET_SECONDS = 5
export const TARGET_ARI = 0.9
/** The size the targets are judged at. */
export const TARGET_SIZE = 10_000
const DIMENSIONS = 768

export interface ClusteringBenchOptions {
  sizes: number[]
  threshold: number
  seed: number
  /** Also time the plain single-threaded TypeScript kernel (the implementation before WebAssembly SIMD). */
  baseline: boolean
  /** Threads for our distance matrix; undefined: the module's default. */
  threads?: number
  sklearn: boolean
  /** A CSV of `text,label` rows to embed (local embedder, TF-IDF, the configured one) and score against its labels. */
  input?: string
  /** --threshold was given: the labelled run uses it instead of the local embedder's threshold. */
  thresholdGiven?: boolean
}

// ---------------------------------------------------------------------------------------------
// Synthetic embeddings

/** mulberry32: a small deterministic generator, so every run clusters the same vectors. */
function generator(seed: number) {
  let state = seed >>> 0
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
  const direction = () => {
    const vector = Float64Array.from({ length: DIMENSIONS }, gaussian)
    const norm = Math.hypot(...vector)
    return vector.map((value) => value / norm)
  }
  return { uniform, direction }
}

/**
 * Embeddings shaped like a keyword list's: every vector shares a common direction (real models put
 * unrelated short texts at a cosine of ~0.35–0.5, not 0), belongs to a topic, and topics come in
 * families of 4–5 related ones (sibling topics at ~0.5, members of one topic at ~0.8). Topic sizes
 * are skewed (a few big topics, a long tail) and some keywords are noisier than others, so clusters
 * meet near the threshold instead of being trivially apart. About one topic per 25 keywords.
 */
export function syntheticEmbeddings(count: number, seed: number) {
  const random = generator(seed)
  const common = random.direction()
  const topicCount = Math.max(2, Math.round(count / 25))
  const families = Array.from({ length: Math.ceil(topicCount / 4.5) }, () => random.direction())
  const topics = Array.from({ length: topicCount }, (_, t) => {
    const family = families[t % families.length]!
    const own = random.direction()
    return own.map((value, k) => 0.6 * family[k]! + 0.8 * value)
  })
  const weights = topics.map((_, t) => 1 / (t + 1) ** 0.7)
  const cumulative: number[] = []
  weights.reduce((sum, weight, t) => (cumulative[t] = sum + weight), 0)
  const totalWeight = cumulative[cumulative.length - 1]!

  const vectors: Float32Array[] = []
  const labels = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    const pick = random.uniform() * totalWeight
    let topic = cumulative.findIndex((value) => value >= pick)
    if (topic < 0) topic = topicCount - 1
    labels[i] = topic
    // Noise takes 10–35% of the vector's energy; the rest is split 35:45 between common and topic.
    const noiseShare = 0.1 + 0.25 * random.uniform()
    const a = Math.sqrt(((1 - noiseShare) * 0.35) / 0.8)
    const b = Math.sqrt(((1 - noiseShare) * 0.45) / 0.8)
    const c = Math.sqrt(noiseShare)
    const noise = random.direction()
    const topicVector = topics[topic]!
    vectors.push(Float32Array.from({ length: DIMENSIONS }, (_, k) => a * common[k]! + b * topicVector[k]! + c * noise[k]!))
  }
  return { vectors, labels, topicCount }
}

// ---------------------------------------------------------------------------------------------
// scikit-learn

const SKLEARN_SCRIPT = `
import json, resource, sys, time
import numpy as np
import sklearn
from sklearn.cluster import AgglomerativeClustering
from sklearn.metrics import adjusted_rand_score

vectors_file, n, d, threshold, labels_out, ours_file = sys.argv[1:7]
n, d, threshold = int(n), int(d), float(threshold)
X = np.fromfile(vectors_file, dtype='<f4').reshape(n, d)
try:
    model = AgglomerativeClustering(metric='cosine', linkage='average', distance_threshold=threshold, n_clusters=None)
except TypeError:  # scikit-learn before 1.2 names the metric "affinity"
    model = AgglomerativeClustering(affinity='cosine', linkage='average', distance_threshold=threshold, n_clusters=None)
start = time.perf_counter()
labels = model.fit_predict(X)
seconds = time.perf_counter() - start
labels.astype('<i4').tofile(labels_out)
ours = np.fromfile(ours_file, dtype='<i4')
print(json.dumps({
    'seconds': seconds,
    'clusters': int(model.n_clusters_),
    'maxRssKb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    'version': sklearn.__version__,
    'ari': float(adjusted_rand_score(ours, labels)),
}))
`

const hasSklearn = (python: string) => spawnSync(python, ['-c', 'import sklearn'], { stdio: 'ignore' }).status === 0

/**
 * A Python that imports scikit-learn: `python3` on the PATH, else Debian's. When neither has it and
 * this runs as root on Debian, installs the python3-sklearn package with apt-get (and says so).
 */
function findSklearnPython(): string | undefined {
  const candidates = ['python3', '/usr/bin/python3']
  const found = candidates.find(hasSklearn)
  if (found) return found
  const root = process.getuid?.() === 0
  const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
  if (!root || !apt) {
    console.log('scikit-learn: not installed (python3 -c "import sklearn" fails); comparison skipped')
    return undefined
  }
  console.log('scikit-learn: not installed; installing Debian package python3-sklearn (apt-get -y -qq install python3-sklearn)…')
  const install = () =>
    spawnSync('apt-get', ['-y', '-qq', 'install', 'python3-sklearn'], { stdio: ['ignore', 'ignore', 'inherit'] }).status === 0
  if (!install()) {
    console.log('scikit-learn: install failed; refreshing the package lists (apt-get -qq update) and retrying…')
    spawnSync('apt-get', ['-qq', 'update'], { stdio: ['ignore', 'ignore', 'inherit'] })
    install()
  }
  const installed = candidates.find(hasSklearn)
  console.log(installed ? `scikit-learn: installed (${installed})` : 'scikit-learn: still not importable; comparison skipped')
  return installed
}

interface SklearnResult {
  seconds: number
  clusters: number
  maxRssKb: number
  version: string
  /** scikit-learn's adjusted_rand_score of our labels against its own: a check of ours. */
  ari: number
  labels: Int32Array
}

async function runSklearn(python: string, vectors: Float32Array[], threshold: number, ours: Int32Array): Promise<SklearnResult> {
  const dir = await mkdtemp(join(tmpdir(), 'rankpilot-clustering-'))
  try {
    const matrix = new Float32Array(vectors.length * DIMENSIONS)
    vectors.forEach((vector, i) => matrix.set(vector, i * DIMENSIONS))
    const files = {
      script: join(dir, 'agglomerative.py'),
      vectors: join(dir, 'vectors.f32'),
      theirs: join(dir, 'theirs.i32'),
      ours: join(dir, 'ours.i32'),
    }
    await writeFile(files.script, SKLEARN_SCRIPT)
    await writeFile(files.vectors, new Uint8Array(matrix.buffer))
    await writeFile(files.ours, new Uint8Array(ours.buffer, ours.byteOffset, ours.byteLength))
    const output = execFileSync(
      python,
      [files.script, files.vectors, String(vectors.length), String(DIMENSIONS), String(threshold), files.theirs, files.ours],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    )
    const result = JSON.parse(output.trim().split('\n').pop()!) as Omit<SklearnResult, 'labels'>
    const bytes = await readFile(files.theirs)
    return { ...result, labels: new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Runs

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const verdict = (met: boolean | undefined) => (met === undefined ? 'NOT MEASURED' : met ? 'MET' : 'NOT MET')

function timed(vectors: Float32Array[], options: CosineClusteringOptions) {
  const rssBefore = process.memoryUsage().rss
  const start = performance.now()
  const result = clusterByCosine(vectors, options)
  const ms = performance.now() - start
  return { result, ms, rssGrowth: process.memoryUsage().rss - rssBefore, peakRss: process.resourceUsage().maxRSS * 1024 }
}

async function syntheticRun(size: number, options: ClusteringBenchOptions, python: string | undefined) {
  const { vectors, labels: topics, topicCount } = syntheticEmbeddings(size, options.seed + size)
  const stride = Math.ceil(size / 4) * 4
  console.log(
    `\n${size.toLocaleString('en')} keywords × ${DIMENSIONS} dimensions, ${topicCount} generating topics, threshold ${options.threshold}`,
  )
  console.log(`  distance matrix: ${mb(stride * stride * 4)} (float32, full n × n)`)

  const ours = timed(vectors, { distanceThreshold: options.threshold, threads: options.threads })
  const threads = options.threads ?? (size >= PARALLEL_MIN_VECTORS ? Math.min(8, availableParallelism()) : 1)
  console.log(`  ours (${threads} thread${threads === 1 ? '' : 's'}): ${seconds(ours.ms)}, ${ours.result.clusterCount} clusters`)
  console.log(`        memory: RSS grew ${mb(ours.rssGrowth)} during the call; peak RSS of this process so far ${mb(ours.peakRss)}`)
  console.log(`        ARI against the generating topics: ${adjustedRandIndex(ours.result.labels, topics).toFixed(4)}`)
  if (options.baseline) {
    const baseline = timed(vectors, { distanceThreshold: options.threshold, kernel: 'js', threads: 1 })
    console.log(
      `  before (plain TypeScript kernel, 1 thread): ${seconds(baseline.ms)}, ${baseline.result.clusterCount} clusters; ours is ${(baseline.ms / ours.ms).toFixed(1)}× faster`,
    )
  }

  let sklearn: SklearnResult | undefined
  let ari: number | undefined
  if (python) {
    sklearn = await runSklearn(python, vectors, options.threshold, ours.result.labels)
    ari = adjustedRandIndex(ours.result.labels, sklearn.labels)
    console.log(
      `  scikit-learn ${sklearn.version}: ${seconds(sklearn.seconds * 1000)}, ${sklearn.clusters} clusters, peak RSS ${mb(sklearn.maxRssKb * 1024)}`,
    )
    console.log(`        ARI ours vs scikit-learn: ${ari.toFixed(4)} (scikit-learn's adjusted_rand_score: ${sklearn.ari.toFixed(4)})`)
  }

  if (size !== TARGET_SIZE) return 0
  const targets = [
    [`${TARGET_SIZE.toLocaleString('en')} keywords in ≤ ${TARGET_SECONDS} s`, ours.ms <= TARGET_SECONDS * 1000],
    ['no slower than scikit-learn', sklearn ? ours.ms <= sklearn.seconds * 1000 : undefined],
    [`ARI vs scikit-learn ≥ ${TARGET_ARI}`, ari === undefined ? undefined : ari >= TARGET_ARI],
  ] as const
  console.log('\n  Targets:')
  for (const [name, met] of targets) console.log(`    ${name}: ${verdict(met)}`)
  return targets.filter(([, met]) => met !== true).length
}

/** Parses `text,label` CSV (header row first; fields may be double-quoted with "" escapes). */
export function parseLabelledCsv(source: string): { texts: string[]; labels: string[] } {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  const [header, ...data] = rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
  const columns = (header ?? []).map((cell) => cell.trim().toLowerCase())
  const textColumn = columns.indexOf('text')
  const labelColumn = columns.indexOf('label')
  if (textColumn < 0 || labelColumn < 0) throw new Error('the CSV needs a header row with the columns text and label')
  return { texts: data.map((cells) => cells[textColumn] ?? ''), labels: data.map((cells) => cells[labelColumn] ?? '') }
}

const SWEEP = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]

interface LabelledScore {
  threshold: number
  ari: number
  clusters: number
  best: { threshold: number; ari: number; clusters: number }
  clusterMs: number
}

/** ARI against the labels at `threshold` and at each threshold of the sweep (the best one kept). */
function scoreAgainstLabels(vectors: ArrayLike<number>[], truth: Int32Array, threshold: number, threads?: number): LabelledScore {
  const start = performance.now()
  const { labels, clusterCount } = clusterByCosine(vectors, { distanceThreshold: threshold, threads })
  const clusterMs = performance.now() - start
  let best = { threshold, ari: adjustedRandIndex(labels, truth), clusters: clusterCount }
  const at = best
  for (const candidate of SWEEP) {
    const found = clusterByCosine(vectors, { distanceThreshold: candidate, threads })
    const ari = adjustedRandIndex(found.labels, truth)
    if (ari > best.ari) best = { threshold: candidate, ari, clusters: found.clusterCount }
  }
  return { ...at, best, clusterMs }
}

const scoreLine = (score: LabelledScore) =>
  `ARI ${score.ari.toFixed(4)} at threshold ${score.threshold} (${score.clusters} clusters); best ${score.best.ari.toFixed(4)} at ${score.best.threshold} (${score.best.clusters} clusters)`

/**
 * Scores embedders against a labelled CSV: the default local embedder, TF-IDF (the baseline, at the
 * local embedder's threshold and over the sweep) and, when one is configured, the embeddings API or
 * LLM endpoint that .env selects. Returns the number of comparisons the local embedder lost.
 */
async function inputRun(file: string, options: ClusteringBenchOptions): Promise<number> {
  const { texts, labels } = parseLabelledCsv(await readFile(file, 'utf8'))
  const ids = new Map<string, number>()
  for (const label of labels) if (!ids.has(label)) ids.set(label, ids.size)
  const truth = Int32Array.from(labels, (label) => ids.get(label)!)
  console.log(`\n${file}: ${texts.length} texts, ${ids.size} labels (adjusted Rand index against the labels; 1 = the labels' partition)`)

  const local = createLocalEmbeddingsClient()
  let start = performance.now()
  const embedded = await local.embed(texts, 'clustering')
  // As research clusters them (plan-stages.ts, clusterSelected).
  const localVectors = local.centerBeforeClustering ? centerVectors(embedded) : embedded
  const localEmbedMs = performance.now() - start
  const threshold = options.thresholdGiven ? options.threshold : LOCAL_CLUSTER_DISTANCE_THRESHOLD
  const ours = scoreAgainstLabels(localVectors, truth, threshold, options.threads)
  console.log(`  local embedder ${local.model} (${local.dimensions} dimensions, the default without an embeddings API; centred):`)
  console.log(`    embedded in ${seconds(localEmbedMs)}, clustered in ${seconds(ours.clusterMs)}`)
  console.log(`    ${scoreLine(ours)}`)

  start = performance.now()
  const tfidf = tfidfVectors(texts)
  const tfidfMs = performance.now() - start
  const baseline = scoreAgainstLabels(tfidf, truth, threshold, options.threads)
  console.log(`  TF-IDF baseline (word unigrams, smoothed idf, L2; ${tfidf[0]?.length ?? 0} dimensions) + average linkage:`)
  console.log(`    vectorised in ${seconds(tfidfMs)}, clustered in ${seconds(baseline.clusterMs)}`)
  console.log(`    ${scoreLine(baseline)}`)

  const comparisons = [
    [`at threshold ${threshold}`, ours.ari >= baseline.ari],
    ['best over the sweep', ours.best.ari >= baseline.best.ari],
  ] as const
  console.log('  Local embedder not below TF-IDF:')
  for (const [name, met] of comparisons) console.log(`    ${name}: ${verdict(met)}`)

  const config = env()
  const source = embeddingsSource(config)
  if (source !== 'local') {
    startDemoNetwork(config)
    try {
      const client = embeddingsClientFromEnv(config)
      await client.ready?.()
      const configuredThreshold = client.clusterDistanceThreshold ?? DEFAULT_CLUSTER_DISTANCE_THRESHOLD
      start = performance.now()
      const embeddedByClient = await client.embed(texts, 'clustering')
      const vectors = client.centerBeforeClustering ? centerVectors(embeddedByClient) : embeddedByClient
      const embedMs = performance.now() - start
      const score = scoreAgainstLabels(vectors, truth, configuredThreshold, options.threads)
      console.log(`  configured embedder ${client.model} (${client.dimensions} dimensions, ${source}): embedded in ${seconds(embedMs)}`)
      console.log(`    ${scoreLine(score)}`)
    } finally {
      stopDemoNetwork()
    }
  }
  return comparisons.filter(([, met]) => !met).length
}

export async function runClusteringBench(options: ClusteringBenchOptions): Promise<number> {
  if (options.input) return inputRun(options.input, options)
  console.log(`Clustering benchmark: agglomerative, average linkage, cosine distance, threshold ${options.threshold}`)
  const python = options.sklearn ? findSklearnPython() : undefined
  let failures = 0
  for (const size of options.sizes) failures += await syntheticRun(size, options, python)
  if (!options.sizes.includes(TARGET_SIZE)) console.log(`\nTargets are judged at ${TARGET_SIZE.toLocaleString('en')} keywords (--sizes).`)
  return failures
}

export { DEFAULT_CLUSTER_DISTANCE_THRESHOLD }

import { roughSentences } from '~/shared/text-kit'

/**
 * The demo LLM's answer to the voice-profile prompt (src/server/settings/brand-voice.service.ts):
 * measured from the samples' own text — the `Text:` lines after each `Sample N:` label — never
 * from the prompt's instructions. Average sentence length, the shares of first, second and third
 * person pronouns, contractions and exclamations per sentence, and the words the samples use
 * more than ordinary English does.
 */

export interface VoiceMeasures {
  sentences: number
  averageSentenceWords: number
  /** Shares of the personal pronouns, summing to 1 (0 each when there are none). */
  person: { firstSingular: number; firstPlural: number; second: number; third: number }
  contractionsPerSentence: number
  exclamationsPerSentence: number
  /** Share of words of three syllables or more, a mark of formal prose. */
  longWordShare: number
  distinctiveWords: string[]
}

const WORD = /\p{L}[\p{L}'’-]*/gu
const FIRST_SINGULAR = new Set(['i', 'me', 'my', 'mine', 'myself', 'i’m', "i'm", 'i’ve', "i've", 'i’d', "i'd", 'i’ll', "i'll"])
const FIRST_PLURAL = new Set(['we', 'us', 'our', 'ours', 'ourselves', 'we’re', "we're", 'we’ve', "we've", 'we’ll', "we'll", 'we’d', "we'd"])
const SECOND = new Set(['you', 'your', 'yours', 'yourself', 'you’re', "you're", 'you’ve', "you've", 'you’ll', "you'll", 'you’d', "you'd"])
const THIRD = new Set(['he', 'she', 'they', 'them', 'their', 'theirs', 'his', 'her', 'hers', 'him', 'they’re', "they're"])
const CONTRACTION = /\b\p{L}+['’](?:s|re|ve|ll|d|t|m)\b/giu

/** Common English words: what every text uses, so never what makes a voice. */
const COMMON = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but by
  can cannot could did do does doing down during each even every few for from further get gets got had has have having he her here
  hers him his how however if in into is it its itself just know like made make makes many may more most much must my no nor not
  now of off often on once one only or other our out over own really same she should so some still such than that the their them
  then there these they thing things this those through to too under until up upon us use used very was way we well were what
  when where which while who whom why will with within without would you your yours new first good great time year years day days
  people want need take takes see look come goes going back right long little best better much less lot lots every`
    .split(/\s+/)
    .filter(Boolean),
)

/** Jargon no voice in the samples asks for: offered as words to avoid unless the samples use them. */
const JARGON = ['leverage', 'synergy', 'utilize', 'cutting-edge', 'game-changer', 'seamless', 'robust', 'delve', 'unlock', 'elevate']
/** Words that read casual: to avoid in a formal voice. */
const CASUAL = ['awesome', 'super', 'stuff', 'gonna', 'totally', 'crazy']
/** Words that read stiff: to avoid in a casual voice. */
const STIFF = ['furthermore', 'henceforth', 'aforementioned', 'notwithstanding', 'whereby', 'thereof']

const syllables = (word: string) =>
  (
    word
      .toLowerCase()
      .replace(/e$/, '')
      .match(/[aeiouy]+/g) ?? []
  ).length

function sentencesOf(text: string): string[] {
  return roughSentences(text).filter((sentence) => (sentence.match(WORD) ?? []).length >= 2)
}

/** The measures of a voice, over all samples together. */
export function measureVoice(texts: string[]): VoiceMeasures {
  const sentences = texts.flatMap(sentencesOf)
  const words = texts.flatMap((text) => (text.match(WORD) ?? []).map((word) => word.toLowerCase()))
  const count = (set: ReadonlySet<string>) => words.filter((word) => set.has(word)).length
  const pronouns = { firstSingular: count(FIRST_SINGULAR), firstPlural: count(FIRST_PLURAL), second: count(SECOND), third: count(THIRD) }
  const pronounTotal = pronouns.firstSingular + pronouns.firstPlural + pronouns.second + pronouns.third
  const share = (value: number) => (pronounTotal === 0 ? 0 : value / pronounTotal)
  const perSentence = (value: number) => (sentences.length === 0 ? 0 : value / sentences.length)
  const frequency = new Map<string, { word: string; times: number }>()
  for (const word of words) {
    const plain = word.replace(/['’].*$/, '')
    if (plain.length < 4 || COMMON.has(plain) || FIRST_PLURAL.has(plain) || SECOND.has(plain) || THIRD.has(plain)) continue
    // "taste" and "tastes" are one word of the voice, counted under its shortest form.
    const key = plain.length > 4 && !plain.endsWith('ss') ? plain.replace(/s$/, '') : plain
    const entry = frequency.get(key) ?? { word: plain, times: 0 }
    frequency.set(key, { word: plain.length < entry.word.length ? plain : entry.word, times: entry.times + 1 })
  }
  const distinctiveWords = [...frequency.values()]
    .filter(({ times }) => times >= 2)
    .sort((a, b) => b.times - a.times || a.word.localeCompare(b.word))
    .slice(0, 8)
    .map(({ word }) => word)
  return {
    sentences: sentences.length,
    averageSentenceWords: sentences.length === 0 ? 0 : words.length / sentences.length,
    person: {
      firstSingular: share(pronouns.firstSingular),
      firstPlural: share(pronouns.firstPlural),
      second: share(pronouns.second),
      third: share(pronouns.third),
    },
    contractionsPerSentence: perSentence(texts.reduce((sum, text) => sum + (text.match(CONTRACTION) ?? []).length, 0)),
    exclamationsPerSentence: perSentence(texts.reduce((sum, text) => sum + (text.match(/!/g) ?? []).length, 0)),
    longWordShare: words.length === 0 ? 0 : words.filter((word) => syllables(word) >= 3).length / words.length,
    distinctiveWords,
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`

/** The profile the demo LLM answers: each field a sentence built from the measures. */
export function describeVoice(texts: string[]) {
  const m = measureVoice(texts)
  const average = Math.round(m.averageSentenceWords)
  const length = average < 12 ? 'Short' : average <= 20 ? 'Medium-length' : 'Long'
  const { firstSingular, firstPlural, second, third } = m.person
  const first = firstSingular + firstPlural
  const speaker =
    first >= third && first > 0
      ? firstPlural >= firstSingular
        ? 'First person plural (we, our)'
        : 'First person singular (I, my)'
      : third > 0
        ? 'Third person (they, their)'
        : 'Impersonal (no personal pronouns)'
  const addressing = second >= 0.25 ? ', speaking to the reader as “you”' : ''
  const casualScore = m.contractionsPerSentence + m.exclamationsPerSentence + second
  const formality =
    casualScore >= 0.6 && m.longWordShare < 0.2 ? 'Informal' : casualScore < 0.2 || m.longWordShare >= 0.2 ? 'Formal' : 'Neutral'
  const joined = texts.join(' ').toLowerCase()
  const unused = (words: string[]) => words.filter((word) => !new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u').test(joined))
  const avoidWords = [...unused(JARGON).slice(0, 5), ...unused(formality === 'Formal' ? CASUAL : STIFF).slice(0, 3)]
  return {
    summary: `${length} sentences in the ${speaker.split(' (')[0]!.toLowerCase()}${addressing}; ${formality.toLowerCase()} in register.`,
    sentenceLength: `${length}: about ${average} words a sentence on average (${m.sentences} sentences measured).`,
    person: `${speaker}${addressing}: ${percent(first)} first person, ${percent(second)} second person, ${percent(third)} third person pronouns.`,
    formality: `${formality}: ${m.contractionsPerSentence.toFixed(1)} contractions and ${m.exclamationsPerSentence.toFixed(1)} exclamations a sentence, ${percent(m.longWordShare)} long words.`,
    useWords: m.distinctiveWords,
    avoidWords,
  }
}

/** The samples' text in the derivation prompt's user message: every `Text:` line. */
export function sampleTexts(userText: string): string[] {
  return userText
    .split('\n')
    .map((line) => /^Text:\s*(.*)$/.exec(line.trim())?.[1] ?? '')
    .filter(Boolean)
}

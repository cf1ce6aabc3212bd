import { describeVoice } from '~/server/providers/demo-mode'
import { voiceProfileFromAnswer } from '~/server/settings/brand-voice.service'
import type { VoiceSample } from '~/shared/brand-voice'

/**
 * The demo business's brand voice (docs/product/pipeline.md "Brand voice"): two of its posts,
 * pasted, and the profile the demo LLM derives from them (the same measurement), with standing
 * instructions and banned phrases, so the demo articles show what a customer's voice settings do.
 */
const SAMPLES: VoiceSample[] = [
  {
    kind: 'text',
    text: [
      'We roast on Mondays and Thursdays, and we ship the same day. That’s the whole point of a roast date.',
      'You’ll notice the difference in the first cup: fresher beans bloom higher and taste sweeter.',
      'Our Ethiopia Yirgacheffe is bright and floral, so we roast it light. Brew it as a pour-over and let it cool a little.',
      'Got a question about your grinder? Write to us. We answer every email ourselves, usually the same day.',
    ].join(' '),
  },
  {
    kind: 'text',
    text: [
      'Dialling in espresso doesn’t have to be a chore. We start with 18 grams in and about 36 grams out.',
      'If the shot runs fast and tastes sour, grind finer. If it crawls and tastes bitter, grind coarser.',
      'Change one thing at a time, and taste every shot. You’ll find your recipe within a bag, we promise.',
      'Our house espresso blend is forgiving, which is why we send it to every new subscriber first.',
    ].join(' '),
  },
]

export const DEMO_VOICE = {
  voiceSamples: SAMPLES,
  voiceProfile: voiceProfileFromAnswer(describeVoice(SAMPLES.map((sample) => (sample.kind === 'text' ? sample.text : '')))),
  voiceInstructions: 'Talk to home baristas as a friend who roasts coffee. Suggest tasting and adjusting rather than rules.',
  bannedPhrases: ['ultimate', 'game-changer', 'delve', 'unlock', 'elevate', 'cheap'],
}

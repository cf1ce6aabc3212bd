import { describe, expect, it } from 'vitest'
import { assertMediaBytes, svgProblem } from '~/server/media/media-store'
import { DEMO_IMAGE_MARK, demoIllustration, demoImagesClient, promptColour } from './demo-illustrator'

const PROMPT =
  'Warm, editorial photo style, brand colour #8B5A2B, no text in the image. Featured image for an article titled "Cold brew at home".'

describe('demo mode’s illustrations', () => {
  it('take the brand colour the prompt names, else the app’s violet', () => {
    expect(promptColour(PROMPT)).toBe('#8b5a2b')
    expect(promptColour('brand color #00ff88, flat')).toBe('#00ff88')
    expect(promptColour('a picture of coffee')).toBe('#7c3aed')
  })

  it('are SVGs of the requested size in shades of that colour, marked as demo images, and pass the media store’s checks', async () => {
    const { bytes, mimeType } = await demoImagesClient('gpt-image-1').generate({ prompt: PROMPT, size: '1536x1024' })
    expect(mimeType).toBe('image/svg+xml')
    const svg = new TextDecoder().decode(bytes)
    expect(svg).toMatch(/^<svg [^>]*width="1536" height="1024"/)
    // The gradient runs from #8b5a2b a quarter of the way to white (#a88360) to 30 % of the way to black.
    expect(svg).toContain('stop-color="#a88360"')
    expect(svg).toContain('stop-color="#613f1e"')
    expect(svg).toContain(`>${DEMO_IMAGE_MARK}</text>`)
    expect(svgProblem(bytes)).toBeUndefined()
    expect(() => assertMediaBytes(bytes, mimeType)).not.toThrow()
  })

  it('differ from prompt to prompt and stay the same for one prompt', () => {
    expect(demoIllustration(PROMPT, '1024x1024')).toBe(demoIllustration(PROMPT, '1024x1024'))
    expect(demoIllustration(PROMPT, '1024x1024')).not.toBe(demoIllustration(`${PROMPT} Inline`, '1024x1024'))
  })
})

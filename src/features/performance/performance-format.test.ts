import { describe, expect, it } from 'vitest'
import { metricChange } from './performance-format'

describe('metricChange', () => {
  it('shows the average position moving up the results as positions gained, in green', () => {
    expect(metricChange('position', { current: 5.8, previous: 8.1, change: -0.284 })).toEqual({
      text: '▲ 2.3 positions',
      tone: 'good',
      spoken: 'improved by 2.3 positions',
    })
  })

  it('shows a position further down as positions lost, never as a percentage', () => {
    const shown = metricChange('position', { current: 9.1, previous: 5.9, change: 0.54 })
    expect(shown).toEqual({ text: '▼ 3.2 positions', tone: 'bad', spoken: 'worse by 3.2 positions' })
    expect(shown.text).not.toContain('%')
  })

  it('is the difference of the two positions as shown, one decimal each', () => {
    expect(metricChange('position', { current: 9.14, previous: 5.66, change: 0.61 }).text).toBe('▼ 3.4 positions')
  })

  it('says one position, no change, or nothing to compare with', () => {
    expect(metricChange('position', { current: 4, previous: 5, change: -0.2 }).text).toBe('▲ 1.0 position')
    expect(metricChange('position', { current: 4.02, previous: 4, change: 0.005 })).toEqual({
      text: 'No change',
      tone: null,
      spoken: 'no change',
    })
    expect(metricChange('position', { current: 4, previous: null, change: null }).text).toBe('–')
  })

  it('keeps percentages for clicks, impressions and CTR, more being better', () => {
    expect(metricChange('clicks', { current: 112, previous: 100, change: 0.12 })).toEqual({
      text: '+12%',
      tone: 'good',
      spoken: '+12% (better)',
    })
    expect(metricChange('ctr', { current: 0.02, previous: 0.025, change: -0.2 })).toEqual({
      text: '−20%',
      tone: 'bad',
      spoken: '−20% (worse)',
    })
  })
})

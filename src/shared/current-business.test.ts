import { describe, expect, it } from 'vitest'
import { pickCurrentBusiness } from './current-business'

const list = [{ id: 'oldest' }, { id: 'newer' }]

describe('pickCurrentBusiness', () => {
  it('is the selected business when it is one of the list', () => {
    expect(pickCurrentBusiness(list, 'newer')?.id).toBe('newer')
  })

  it('is the oldest without a selection', () => {
    expect(pickCurrentBusiness(list, null)?.id).toBe('oldest')
    expect(pickCurrentBusiness(list, undefined)?.id).toBe('oldest')
  })

  it('is nothing for a selection outside the list, or an empty list', () => {
    expect(pickCurrentBusiness(list, 'someone-elses')).toBeUndefined()
    expect(pickCurrentBusiness([], null)).toBeUndefined()
  })
})

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import type { BusinessSettings } from '~/shared/settings'
import { serverFieldErrors, type FieldErrors } from './form-errors'

/**
 * What both settings forms do after submitting: put the saved business in the settings cache
 * (the form's new baseline), refresh the business list (the switcher shows name and address),
 * toast. A refusal about particular fields goes to `onFieldErrors`; anything else is a toast.
 */
export function useSettingsSaveHandlers(successMessage: string, onFieldErrors: (errors: FieldErrors) => void) {
  const queryClient = useQueryClient()
  return {
    onSuccess: async (saved: BusinessSettings) => {
      queryClient.setQueryData(orpc.settings.get.queryKey(), saved)
      toast.success(successMessage)
      await queryClient.invalidateQueries({ queryKey: orpc.business.list.key() })
    },
    onError: (error: Error) => {
      const fields = serverFieldErrors(error)
      if (fields) onFieldErrors(fields)
      else toast.error('Could not save your changes', { description: error.message })
    },
  }
}

export function useUpdateProfile(onFieldErrors: (errors: FieldErrors) => void) {
  return useMutation(orpc.settings.updateProfile.mutationOptions(useSettingsSaveHandlers('Business profile saved', onFieldErrors)))
}

export function useUpdateArticleSettings(onFieldErrors: (errors: FieldErrors) => void) {
  return useMutation(orpc.settings.updateArticleSettings.mutationOptions(useSettingsSaveHandlers('Article settings saved', onFieldErrors)))
}

export function useUpdateSeeds(onFieldErrors: (errors: FieldErrors) => void) {
  return useMutation(orpc.settings.updateSeeds.mutationOptions(useSettingsSaveHandlers('Seed keywords saved', onFieldErrors)))
}

export function useUpdateSiteStructure(onFieldErrors: (errors: FieldErrors) => void) {
  return useMutation(orpc.settings.updateSiteStructure.mutationOptions(useSettingsSaveHandlers('Sitemap and blog saved', onFieldErrors)))
}

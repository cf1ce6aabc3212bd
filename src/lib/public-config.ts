import { createServerFn } from '@tanstack/react-start'
import { readPublicConfig } from '~/server/config/public-config'

export const getPublicConfig = createServerFn({ method: 'GET' }).handler(() => readPublicConfig())

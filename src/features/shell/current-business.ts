// Shared with the server, which checks a typed business name against the same label.
export { businessLabel, type BusinessSummary } from '~/shared/business-name'

// Re-exports typescript-eslint, resolved from this package so it finds TypeScript 6 (see package.json).
export { default } from 'typescript-eslint'

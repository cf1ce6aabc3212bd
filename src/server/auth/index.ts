export { createAuth, type Auth, type AuthDependencies, type AuthSession } from './auth'

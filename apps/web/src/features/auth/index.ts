// What the app shell needs at start-up. Pages import their forms from the files themselves, so that
// the forms stay in the pages' lazy chunks instead of the start-up chunk.
export { AuthProvider } from './AuthProvider';
export { useAuth } from './auth-context';
export type { AuthState, AuthContextValue } from './auth-context';
export { installApiAuth } from './api-auth';
export { RequireAuth } from './RequireAuth';
export { RedirectIfAuthenticated } from './RedirectIfAuthenticated';

// The api-tokens module's door: the personal access tokens service, as the bearer auth hook uses it.
export type { ApiTokensService, TokenIdentity } from './api-tokens.service';

/** The errors a sync tells apart live with the connectors, which throw them too. */
export { ProviderError, RateLimited, ReauthRequired } from '@healthfolio/connectors';

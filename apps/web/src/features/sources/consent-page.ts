/** Leaves the app for the provider's consent page: navigation, the one seam the sources' tests replace. */
export const openConsentPage = (url: string): void => window.location.assign(url);

/** Build-time flags of SPEC §9; only the exact string 'true' turns one on. */
export const isDevMode = (): boolean => import.meta.env.VITE_DEV_MODE === 'true';
export const isSignupEnabled = (): boolean => import.meta.env.VITE_SIGNUP_ENABLED === 'true';

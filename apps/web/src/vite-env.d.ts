/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' shows the landing page even to signed-in users (SPEC §2). */
  readonly VITE_DEV_MODE?: string;
  /** 'true' turns the sign-up form on; otherwise /signup redirects to /waitlist (SPEC §9: 'false'). */
  readonly VITE_SIGNUP_ENABLED?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

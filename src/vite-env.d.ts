/** Set by vite.config.ts (`define`). */
interface ImportMetaEnv {
  /** Version of the translation files (scripts/build/locales-version.ts), sent as ?v= with each of them. */
  readonly VITE_LOCALES_VERSION: string;
}

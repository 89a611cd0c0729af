import type { i18n as I18n } from 'i18next';
import type { Language } from './index';

/**
 * The server's ready i18next instance per language, filled by `serverI18n` (src/shared/i18n/resources.ts).
 * `_app` loads that module with a dynamic import in getInitialProps on the server only and reads
 * the instance from here while rendering, so the browser bundle never carries every language.
 */
export const serverInstances = new Map<Language, I18n>();

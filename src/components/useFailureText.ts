import { useTranslation } from 'react-i18next';
import { codeOfStatus, type ErrorCode } from '@/shared/errorCodes';
import type { Failure } from '@/lib/store/resource';

/** The texts of the generic codes any call can answer (`ns:key`). */
const SHARED: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'common:failure.unauthorized',
  rate_limited: 'common:failure.rateLimited',
  internal: 'common:failure.internal',
};

export interface FailureTexts {
  /** The site's text (`ns:key`) per error code. */
  codes?: Partial<Record<ErrorCode, string>>;
  /**
   * The text (`ns:key`) for every other failure (a network failure, an unlisted code). Without it the
   * generic codes have their shared texts and the rest says `common:errorGeneric`.
   */
  fallback?: string;
  /**
   * The site's text (`ns:key`) per status of an answer without a code (a backend that answers some
   * cases with a bare status, spec §8; see `failedWith`). Other code-less answers count as their status's generic code.
   */
  statuses?: Record<number, string>;
  /**
   * The field text of a 400 to show instead (validation): one of the shared validation messages
   * (`src/shared/validation/messages.ts`), translated like a form field's own error.
   */
  field?: (fields: Record<string, string>) => string | null | undefined;
  /** The namespace of those validation messages: `account` (`src/shared/validation/messages.ts`) unless said. */
  fieldNs?: string;
}

/**
 * What to tell the user about a failed call: decided on `failure.code` (`src/shared/errorCodes.ts`),
 * never on the server's English sentence. Empty when there is no failure.
 */
export function useFailureText(failure: Failure | null | undefined, texts: FailureTexts = {}): string {
  const { t } = useTranslation();
  if (!failure) return '';
  const field = failure.status === 400 ? texts.field?.(failure.fields) : null;
  if (field) return t(field, { ns: texts.fieldNs ?? 'account', keySeparator: false, nsSeparator: false, defaultValue: field });
  const bare = failure.code === null && failure.status !== null ? texts.statuses?.[failure.status] : undefined;
  if (bare) return t(bare);
  const code = (failure.code ?? (failure.status !== null ? codeOfStatus(failure.status) : null)) as ErrorCode | null;
  const shared = texts.fallback === undefined ? SHARED : {};
  const key = (code && (texts.codes?.[code] ?? shared[code])) || texts.fallback || 'common:errorGeneric';
  return t(key);
}

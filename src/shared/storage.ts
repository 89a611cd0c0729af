/** Browser storage keys (spec §3) and safe accessors (no-ops on the server). */
export const STORAGE_KEYS = {
  token: 'labShop.token',
  cartStorageId: 'labShop.cartStorageId',
  activeLaboratoryId: 'labShop.activeLaboratoryId',
  /** Where the confirmation link of a sent e-mail leads back to ('settings' or 'order'). */
  emailConfirmationFlow: 'labShop.emailConfirmationFlow',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  return store()?.getItem(STORAGE_KEYS[key]) ?? null;
}

/** Cookie mirroring the active laboratory id so server rendering can price the catalogue. */
export const LAB_COOKIE = 'labShop.lab';

export function writeStorage(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(STORAGE_KEYS[key]);
  else s.setItem(STORAGE_KEYS[key], value);
}

/** Set on `<html>` once the first page has hydrated (src/store/wrapper.ts); browser tests wait for it. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

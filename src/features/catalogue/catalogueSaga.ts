export function* catalogueSaga(): Generator {
  // The catalogue domain's watchers.
}

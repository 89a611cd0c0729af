export function* resultsSaga(): Generator {
  // The results domain's watchers.
}

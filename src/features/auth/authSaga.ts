export function* authSaga(): Generator {
  // The auth domain's watchers.
}

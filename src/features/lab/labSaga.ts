export function* labSaga(): Generator {
  // The lab domain's watchers.
}

export function* accountSaga(): Generator {
  // The account domain's watchers.
}

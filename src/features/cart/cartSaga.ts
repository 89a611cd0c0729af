export function* cartSaga(): Generator {
  // The cart domain's watchers.
}

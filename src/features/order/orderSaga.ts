export function* orderSaga(): Generator {
  // The order domain's watchers.
}

export function* patientsSaga(): Generator {
  // The patients domain's watchers.
}

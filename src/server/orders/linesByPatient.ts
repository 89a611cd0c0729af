/**
 * Order lines grouped by patient, in the order the patients first appear: `start` makes a patient's
 * entry from their first line, `add` takes each line (the first one included) into the entry. The
 * orders list, the order page, the submitted order, the results and the staff console group their
 * lines here.
 */
export function linesByPatient<L extends { patient_id: number }, P>(lines: Iterable<L>, start: (line: L) => P, add: (entry: P, line: L) => void): Map<number, P> {
  const patients = new Map<number, P>();
  for (const line of lines) {
    let entry = patients.get(line.patient_id);
    if (entry === undefined) {
      entry = start(line);
      patients.set(line.patient_id, entry);
    }
    add(entry, line);
  }
  return patients;
}

/** Today's date (or `d`'s) in the device's zone as YYYY-MM-DD, the staff pages' day key. */
export function localDate(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

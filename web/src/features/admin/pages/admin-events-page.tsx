/** /admin/events, built by the admin issue. Loaded lazily so admin code stays out of the public bundle. */
export function AdminEventsPage() {
  return null;
}

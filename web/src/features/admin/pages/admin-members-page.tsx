/** /admin/members, built by the admin issue. Loaded lazily so admin code stays out of the public bundle. */
export function AdminMembersPage() {
  return null;
}

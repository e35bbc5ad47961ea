import { AdminUsers } from '@/features/marketplace/admin/AdminUsers';

/** /admin/users: Gona's back office, sellers and suspensions. */
export default function AdminUsersScreen() {
  return <AdminUsers />;
}

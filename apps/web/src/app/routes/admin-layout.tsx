import { AdminLayout } from '@/features/marketplace/admin/AdminLayout';

/** /admin/*: Gona's back office shell (platform admins only). */
export default AdminLayout;

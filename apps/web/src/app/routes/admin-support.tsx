import { SupportQueue } from '@/features/support/admin/SupportQueue';

/** /admin/support: the support queue. */
export default function AdminSupportScreen() {
  return <SupportQueue />;
}

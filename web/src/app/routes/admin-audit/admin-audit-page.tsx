import { AuditTrail } from '@/features/admin-audit/components/audit-trail';

/** /admin/audit: the audit trail (issue 13 item 2). */
export const AdminAuditPage = () => <AuditTrail />;

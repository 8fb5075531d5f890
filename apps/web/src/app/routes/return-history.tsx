import { can } from "@passo/domain/roles";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { useSession } from "@/lib/session";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { AdminReturnHistory } from "@/features/returns/components/return-history";

const auditColumns = [auditHistoryColumn("return")];

const noColumns = [] as const;

export default function ReturnHistoryRoute({ title, description }: ScreenTexts) {
  const { user } = useSession();
  // The history of changes is the office's: a Supervisor's rows have no such column.
  const extraColumns = user && can(user.role, "readAuditLog") ? auditColumns : noColumns;
  return (
    <Page title={title} description={description}>
      <AdminReturnHistory extraColumns={extraColumns} />
    </Page>
  );
}

import { useSession } from "@/lib/session";
import { ManageUsers } from "@/features/settings/components/manage-users";

export default function SettingsManageUsersRoute() {
  const { user } = useSession();
  return <ManageUsers currentUserId={user?.id} />;
}

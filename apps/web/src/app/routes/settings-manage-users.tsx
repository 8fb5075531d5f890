import { useSession } from "@/lib/session";
import { ManageUsers } from "@/features/users/components/manage-users";

export default function SettingsManageUsersRoute() {
  const { user } = useSession();
  return <ManageUsers currentUserId={user?.id} />;
}

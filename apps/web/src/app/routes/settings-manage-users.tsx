import type { ScreenTexts } from "@/components/layout/page";
import { useSession } from "@/lib/session";
import { ManageUsers } from "@/features/users/components/manage-users";

export default function SettingsManageUsersRoute(texts: ScreenTexts) {
  const { user } = useSession();
  return <ManageUsers currentUserId={user?.id} {...texts} />;
}

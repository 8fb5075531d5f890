import { Navigate } from "react-router";
import { LoginForm } from "@/features/auth/components/login-form";
import { useSession } from "@/lib/session";
import { useConfigNow } from "@/lib/config-request";

export default function LoginRoute() {
  const { user, token, loading } = useSession();
  const config = useConfigNow();
  // While the session cookie is being read, nothing: a signed-in visitor goes on without seeing the form.
  if (loading) return null;
  if (user && token) return <Navigate to="/" replace />;
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm space-y-6">
        <div className="space-y-1 text-center">
          <p className="text-2xl font-semibold tracking-tight">Passo</p>
          <p className="text-sm text-muted-foreground">{config?.companyName ?? "\u00a0"}</p>
        </div>
        <LoginForm />
      </div>
    </main>
  );
}

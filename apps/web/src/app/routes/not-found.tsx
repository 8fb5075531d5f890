import { useNavigate } from "react-router";
import { StatusPage } from "@/components/layout/status-page";
import { Button } from "@/components/ui/button";
import "@/lib/class-merge";

export default function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <div className="min-h-svh">
      <StatusPage code={404} title="Esta página não pôde ser encontrada">
        <Button variant="outline" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
          Voltar
        </Button>
      </StatusPage>
    </div>
  );
}

import { StatusPage } from "@/components/layout/status-page";

export default function UnderConstructionRoute() {
  return <StatusPage code={503} title="Estamos trabalhando nesta página." />;
}

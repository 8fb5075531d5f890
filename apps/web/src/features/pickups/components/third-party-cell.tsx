import { formatCpf } from "@passo/domain";
import { Badge } from "@/components/ui/badge";
import type { PickupView } from "../api/get-pickups";

/** 'Autorizado' with the third party's name and CPF, or 'Não autorizado'. */
export function ThirdPartyCell({ pickup }: { pickup: PickupView }) {
  if (!pickup.authorizedThirdPartyPickup) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        Não autorizado
      </Badge>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant="secondary">Autorizado</Badge>
      <span className="text-sm">{pickup.authorizedThirdPartyFullName}</span>
      {pickup.authorizedThirdPartyCPF && (
        <span className="text-xs text-muted-foreground">CPF {formatCpf(pickup.authorizedThirdPartyCPF)}</span>
      )}
    </div>
  );
}

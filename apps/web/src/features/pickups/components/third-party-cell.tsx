import { formatCpf } from "@passo/domain";
import { TruncatedText } from "@/components/data-table/truncated-text";
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
    <div className="flex flex-col items-start gap-0.5">
      <Badge variant="secondary">Autorizado</Badge>
      <TruncatedText value={pickup.authorizedThirdPartyFullName ?? ""} className="max-w-32 text-xs" />
      {pickup.authorizedThirdPartyCPF && (
        <span className="text-xs text-muted-foreground">CPF {formatCpf(pickup.authorizedThirdPartyCPF)}</span>
      )}
    </div>
  );
}

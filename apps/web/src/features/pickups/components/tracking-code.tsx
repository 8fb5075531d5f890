import { POSTAL, type PickupType } from "@passo/domain";
import { ExternalLinkIcon } from "lucide-react";
import { correiosTrackingUrl } from "../utils/correios";

/** The tracking code, linked to the Correios tracking site for a postal shipment. */
export function TrackingCode({ code, type }: { code: string; type: PickupType }) {
  if (type !== POSTAL) return <span className="font-mono text-sm">{code}</span>;
  return (
    <a
      href={correiosTrackingUrl(code)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-mono text-sm text-primary underline-offset-4 hover:underline"
    >
      {code}
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">(rastrear nos Correios, abre em nova aba)</span>
    </a>
  );
}

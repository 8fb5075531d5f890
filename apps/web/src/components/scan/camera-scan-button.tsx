import { CameraIcon } from "lucide-react";
import { memo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { canScanWithCamera, useBarcodeCamera } from "./barcode-camera";

/** Shown in the dialog when the camera is refused, missing or busy: the field still takes the code. */
export const CAMERA_FAILED = "Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o código.";

/** 'Escanear com a câmera': reads one code with the camera and hands it over as a scanner would. */
export const CameraScanButton = memo(function CameraScanButton({ onScan, label = "Escanear com a câmera" }: { onScan: (code: string) => void; label?: string }) {
  const [open, setOpen] = useState(false);
  const [available] = useState(canScanWithCamera);
  if (!available) return null;
  return (
    <>
      <Button type="button" variant="outline" size="icon" className="size-11" aria-label={label} title={label} onClick={() => setOpen(true)}>
        <CameraIcon aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>Aponte a câmera para o código de barras ou o QR code.</DialogDescription>
          </DialogHeader>
          {open && (
            <CameraReader
              onRead={(code) => {
                setOpen(false);
                onScan(code);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
});

/** The camera's picture while it reads; mounted only while the dialog is open, so closing it lets the camera go. */
function CameraReader({ onRead }: { onRead: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const state = useBarcodeCamera(video, onRead);
  if (state === "failed") {
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm font-medium text-destructive">
        {CAMERA_FAILED}
      </p>
    );
  }
  return (
    <div className="relative">
      <video ref={video} muted playsInline aria-label="Imagem da câmera" className="aspect-video w-full rounded-md bg-black object-cover" />
      {state === "starting" && (
        <p role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
          <Spinner aria-hidden="true" />
          Abrindo a câmera…
        </p>
      )}
    </div>
  );
}

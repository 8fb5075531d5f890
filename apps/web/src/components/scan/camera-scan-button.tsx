import { CameraIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Whether this browser reads barcodes from the camera (phones and tablets with Chrome, Safari…). */
export const canScanWithCamera = () => barcodeDetector() !== undefined && typeof navigator.mediaDevices?.getUserMedia === "function";

/** 'Escanear com a câmera': reads one code with the camera and hands it over as a scanner would. */
export function CameraScanButton({ onScan, label = "Escanear com a câmera" }: { onScan: (code: string) => void; label?: string }) {
  const [open, setOpen] = useState(false);
  if (!canScanWithCamera()) return null;
  return (
    <>
      <Button type="button" variant="outline" size="icon" className="size-11" aria-label={label} onClick={() => setOpen(true)}>
        <CameraIcon aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>Aponte a câmera para o código de barras.</DialogDescription>
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
}

function CameraReader({ onRead }: { onRead: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  }, [onRead]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector();
    const look = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      const code = codes[0]?.rawValue;
      if (code && !stopped) read.current(code);
      else timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <p role="alert" className="text-sm text-destructive">Não foi possível usar a câmera.</p>;
  return <video ref={video} muted playsInline className="aspect-video w-full rounded-md bg-black" />;
}

import { useEffect, useRef, useState, type RefObject } from "react";

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * What the counter and the stockroom read: the QR of the customer's pickup code, the order's and the
 * products' barcodes (Code 128 on our printouts, EAN on the boxes).
 */
const WANTED_FORMATS = ["qr_code", "code_128", "ean_13", "ean_8", "code_39", "itf", "upc_a", "upc_e", "data_matrix"];

/** How often a frame of the video is looked at: quick enough to feel instant, light on a tablet's battery. */
const LOOK_EVERY_MS = 100;

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Whether this browser reads barcodes from the camera (phones and tablets with Chrome, Safari…). */
export const canScanWithCamera = () =>
  barcodeDetector() !== undefined && typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

/** A detector for the wanted formats this browser knows (all it knows when it does not say). */
async function newDetector(Detector: BarcodeDetectorConstructor): Promise<BarcodeDetectorLike> {
  const supported = await Detector.getSupportedFormats?.().catch(() => undefined);
  const formats = supported ? WANTED_FORMATS.filter((format) => supported.includes(format)) : [];
  return formats.length ? new Detector({ formats }) : new Detector();
}

export type CameraState = "starting" | "reading" | "failed";

/**
 * Opens the rear camera into `video` and looks for a code every 100 ms; the first one read goes to
 * `onRead`, once. The camera is let go of (its tracks stopped) when a code is read, when it fails,
 * and when the component leaves the screen, even if the camera answers only after that.
 */
export function useBarcodeCamera(video: RefObject<HTMLVideoElement | null>, onRead: (code: string) => void): CameraState {
  const [state, setState] = useState<CameraState>("starting");
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  }, [onRead]);

  useEffect(() => {
    const Detector = barcodeDetector();
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const stop = () => {
      done = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const look = async (detector: BarcodeDetectorLike) => {
      if (done || !video.current) return;
      // A frame the detector cannot read yet (the video still starting) is simply skipped.
      const codes = await detector.detect(video.current).catch(() => []);
      if (done) return;
      const code = codes.map((barcode) => barcode.rawValue.trim()).find(Boolean);
      if (!code) {
        timer = setTimeout(() => void look(detector), LOOK_EVERY_MS);
        return;
      }
      stop();
      read.current(code);
    };
    const start = async () => {
      if (!Detector || !canScanWithCamera()) throw new Error("no camera");
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      stream = media;
      const detector = await newDetector(Detector);
      if (done || !video.current) {
        stop();
        return;
      }
      video.current.srcObject = media;
      await video.current.play();
      if (done) return;
      setState("reading");
      void look(detector);
    };
    start().catch(() => {
      if (done) return;
      stop();
      setState("failed");
    });
    return stop;
  }, [video]);

  return state;
}

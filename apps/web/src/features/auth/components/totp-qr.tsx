import { encode } from "uqr";

/**
 * The otpauth:// address as a QR code for the authenticator app, drawn here as SVG (no request leaves
 * the browser: the secret is in it). Dark on white whatever the theme, as the cameras read it best.
 */
export function TotpQr({ value }: { value: string }) {
  const { data, size } = encode(value, { ecc: "M", border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg
      role="img"
      aria-label="QR code para o aplicativo autenticador"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-md bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

import { createStore, expect, signIn, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";
import { shootForIssue } from "./support/screenshots";

/**
 * The tablet's camera and the browser's barcode reader, faked before the app loads: the camera films a
 * canvas (a phone held up at the counter), and the reader sees nothing until the test shows it a code.
 */
function fakeCameraScript() {
  const state = { code: "", tracks: [] as MediaStreamTrack[] };
  (window as unknown as { fakeCamera: unknown }).fakeCamera = {
    show: (code: string) => {
      state.code = code;
    },
    tracksEnded: () => state.tracks.length > 0 && state.tracks.every((track) => track.readyState === "ended"),
  };
  class FakeBarcodeDetector {
    static getSupportedFormats() {
      return Promise.resolve(["qr_code", "code_128", "ean_13"]);
    }
    detect() {
      return Promise.resolve(state.code ? [{ rawValue: state.code, format: "qr_code" }] : []);
    }
  }
  Object.defineProperty(window, "BarcodeDetector", { value: FakeBarcodeDetector, configurable: true });
  const getUserMedia = () => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 360;
    const context = canvas.getContext("2d")!;
    const paint = () => {
      context.fillStyle = "#3f3f46";
      context.fillRect(0, 0, 640, 360);
      context.fillStyle = "#fafafa";
      context.fillRect(250, 60, 140, 240);
      context.fillStyle = "#18181b";
      // A phone's screen with a QR-like pattern on it.
      for (let y = 0; y < 11; y++) for (let x = 0; x < 11; x++) if ((x * 7 + y * 3 + x * y) % 3 === 0 || x < 3 && y < 3) context.fillRect(265 + x * 10, 120 + y * 10, 10, 10);
    };
    paint();
    setInterval(paint, 100);
    const stream = canvas.captureStream(10);
    state.tracks.push(...stream.getTracks());
    return Promise.resolve(stream);
  };
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
}

test("a store reads the customer's pickup code with the tablet's camera, and the CPF check opens", async ({ browser, baseURL, request }) => {
  // Two browsers' worth of setup (the office's pickup, the store's sign-in) on a shared machine.
  test.slow();
  const store = await createStore(request);
  const orderNumber = `CM${Date.now().toString().slice(-12)}01`;
  const pickup = await createPickupThroughApi(request, {
    pickupStoreName: store.username,
    orderNumber,
    trackingCode: "TR7788",
    customerFullName: "Rita Câmera",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 96666-5555",
    customerEmail: "rita.camera@email.com",
    orderItems: ["BOTA 38 77889901"],
  });

  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  await context.addInitScript(fakeCameraScript);
  const counter = await context.newPage();
  await signIn(counter, store.email, store.password);
  await expect(counter).toHaveURL(/\/pickup-pending$/);

  await counter.getByRole("search", { name: "Buscar retirada" }).getByRole("button", { name: "Escanear com a câmera" }).click();
  const camera = counter.getByRole("dialog", { name: "Escanear com a câmera" });
  await expect(camera).toContainText("Aponte a câmera para o código de barras ou o QR code.");
  await expect(camera.getByLabel("Imagem da câmera")).toBeVisible();
  await expect(camera.getByText("Abrindo a câmera…")).toBeHidden();
  await shootForIssue(30, counter, "camera-dialog", camera, { scroll: false });

  // The customer holds up the e-mail's QR: it carries the 6-digit code.
  await counter.evaluate((code) => (window as unknown as { fakeCamera: { show: (code: string) => void } }).fakeCamera.show(code), pickup.pickupCode);
  await expect(camera).toBeHidden();
  const check = counter.getByRole("dialog", { name: "Iniciar retirada" });
  await expect(check).toContainText(`Pedido ${orderNumber} de Rita Câmera`);
  await expect(check.getByLabel("CPF de quem está retirando")).toBeVisible();
  expect(await counter.evaluate(() => (window as unknown as { fakeCamera: { tracksEnded: () => boolean } }).fakeCamera.tracksEnded())).toBe(true);
  await counter.keyboard.press("Escape");
  await expect(counter.getByRole("status").filter({ hasText: `Pedido ${orderNumber} aberto.` })).toBeVisible();
  // The code read is the screen's search, as if typed; the pickup's row never holds the code.
  await expect(counter.getByRole("row").filter({ hasText: "Rita Câmera" })).toHaveCount(1);
  await expect(counter.getByRole("row").filter({ hasText: "Rita Câmera" })).not.toContainText(pickup.pickupCode);
  await context.close();
});

test("where the camera is refused, the dialog says so and the field still takes the code", async ({ browser, baseURL, request }) => {
  const store = await createStore(request);
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  await context.addInitScript(() => {
    Object.defineProperty(window, "BarcodeDetector", { value: class {}, configurable: true });
    const refuse = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia: refuse }, configurable: true });
  });
  const counter = await context.newPage();
  await signIn(counter, store.email, store.password);
  await counter.getByRole("search", { name: "Buscar retirada" }).getByRole("button", { name: "Escanear com a câmera" }).click();
  const camera = counter.getByRole("dialog", { name: "Escanear com a câmera" });
  await expect(camera.getByRole("alert")).toHaveText("Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o código.");
  await counter.keyboard.press("Escape");
  await expect(camera).toBeHidden();
  await expect(counter.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toBeFocused();
  await context.close();
});

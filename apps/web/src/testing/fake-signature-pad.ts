/**
 * A stand-in for signature_pad in component tests (happy-dom draws nothing on a canvas): `draw()`
 * plays a finished stroke, as a finger or the mouse would.
 */
export class FakeSignaturePad {
  static instances: FakeSignaturePad[] = [];
  private drawn = false;
  private listeners = new Map<string, () => void>();
  enabled = true;
  constructor() {
    FakeSignaturePad.instances.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  isEmpty() {
    return !this.drawn;
  }
  toDataURL() {
    return "data:image/png;base64,iVBORw0KGgo=";
  }
  clear() {
    this.drawn = false;
  }
  on() {
    this.enabled = true;
  }
  off() {
    this.enabled = false;
  }
  draw() {
    this.drawn = true;
    this.listeners.get("endStroke")?.();
  }
}

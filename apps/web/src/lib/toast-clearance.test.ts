import { describe, expect, it } from "vitest";

import { toastLift } from "@/lib/toast-clearance";

const viewport = 768;
const bar = (top: number, height = 90) => ({ top, bottom: top + height, height });

describe("toastLift", () => {
  it("raises the toasts above an action bar stuck to the bottom of the screen", () => {
    expect(toastLift([bar(viewport - 90)], viewport)).toBe(90 + 12);
  });

  it("raises them above a bar that reaches into the toasts' band from its place in the page", () => {
    expect(toastLift([bar(viewport - 120)], viewport)).toBe(120 + 12);
  });

  it("leaves them in place when the bars are higher up or off screen", () => {
    expect(toastLift([bar(200), bar(viewport + 40)], viewport)).toBe(0);
    expect(toastLift([], viewport)).toBe(0);
  });

  it("clears the highest of several bars in the band", () => {
    expect(toastLift([bar(viewport - 90), bar(viewport - 150, 40)], viewport)).toBe(150 + 12);
  });
});

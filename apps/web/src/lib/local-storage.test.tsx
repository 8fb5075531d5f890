// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { useLocalStorageState } from "@/lib/local-storage";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const schema = z.object({ status: z.string() });

describe("useLocalStorageState", () => {
  it("starts from the stored value and saves every change", () => {
    localStorage.setItem("picklistFormData", JSON.stringify({ status: "Concluído" }));
    const { result } = renderHook(() => useLocalStorageState("picklistFormData", { status: "" }, schema));
    expect(result.current[0]).toEqual({ status: "Concluído" });

    act(() => result.current[1]({ status: "Em andamento" }));
    expect(JSON.parse(localStorage.getItem("picklistFormData")!)).toEqual({ status: "Em andamento" });
  });

  it("falls back to the initial value, and says so in the console, when the stored one is unreadable or invalid", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});

    localStorage.setItem("a", "{not json");
    expect(renderHook(() => useLocalStorageState("a", { status: "" }, schema)).result.current[0]).toEqual({ status: "" });

    localStorage.setItem("b", JSON.stringify({ status: 42 }));
    expect(renderHook(() => useLocalStorageState("b", { status: "" }, schema)).result.current[0]).toEqual({ status: "" });

    expect(log).toHaveBeenCalledTimes(2);
  });

  it("keeps working in memory when storage throws", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(localStorage, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    vi.spyOn(localStorage, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });

    const { result } = renderHook(() => useLocalStorageState("rows", 8));
    expect(result.current[0]).toBe(8);
    act(() => result.current[1](12));
    expect(result.current[0]).toBe(12);
    expect(log).toHaveBeenCalled();
  });
});

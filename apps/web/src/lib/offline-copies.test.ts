import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { forgetOfflineCopies, keepOfflineCopy, shortName, withOfflineCopy } from "./offline-copies";

const signInAs = (id: string) => {
  document.cookie = `user=${encodeURIComponent(JSON.stringify({ id, username: `Loja ${id}`, email: `${id}@exemplo.com.br`, role: "Usuário básico" }))}; Path=/`;
};
const noConnection = () => Promise.reject(new ApiError(0, "Não foi possível conectar ao servidor. Verifique a sua conexão."));
/** The copy is written without waiting: give IndexedDB a moment before reading it back. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => signInAs("loja-1"));
afterEach(async () => {
  await forgetOfflineCopies();
  document.cookie = "user=; Max-Age=0; Path=/";
});

describe("the copies a store's device keeps", () => {
  it("answers the server's data, and the copy of it when the server cannot be reached", async () => {
    const lists = { picklists: [{ id: "a", sendDate: new Date("2026-11-27T12:00:00Z") }] };
    expect(await withOfflineCopy("cards", () => Promise.resolve(lists))).toEqual(lists);
    await settle();
    const offline = await withOfflineCopy("cards", noConnection);
    expect(offline).toEqual(lists);
    // Dates come back as dates (IndexedDB keeps them), as the screens read them.
    expect((offline as typeof lists).picklists[0]!.sendDate).toBeInstanceOf(Date);
  });

  it("keeps a change's answer as the copy too", async () => {
    await withOfflineCopy("cards", () => Promise.resolve({ version: 1 }));
    keepOfflineCopy("cards", { version: 2 });
    await settle();
    expect(await withOfflineCopy("cards", noConnection)).toEqual({ version: 2 });
  });

  it("never answers a copy for a refusal, only for a missing connection", async () => {
    await withOfflineCopy("cards", () => Promise.resolve({ kept: true }));
    await settle();
    const refused = new ApiError(403, "Acesso negado");
    await expect(withOfflineCopy("cards", () => Promise.reject(refused))).rejects.toBe(refused);
  });

  it("shows no one another user's copy, and forgets every copy at sign-out", async () => {
    await withOfflineCopy("cards", () => Promise.resolve({ of: "loja-1" }));
    await settle();
    signInAs("loja-2");
    await expect(withOfflineCopy("cards", noConnection)).rejects.toBeInstanceOf(ApiError);
    signInAs("loja-1");
    expect(await withOfflineCopy("cards", noConnection)).toEqual({ of: "loja-1" });
    await forgetOfflineCopies();
    await expect(withOfflineCopy("cards", noConnection)).rejects.toBeInstanceOf(ApiError);
  });

  it("names a long key shortly and always the same way", () => {
    expect(shortName("TENIS RUNNER 42 12345601\nBOTA 40 11122203")).toMatch(/^[0-9a-f]{8}$/);
    expect(shortName("a")).toBe(shortName("a"));
    expect(shortName("a")).not.toBe(shortName("b"));
  });
});

// The tests' stand-in for vite-plugin-pwa's virtual module `virtual:pwa-register`, which only the build
// has (apps/web/vitest.config.ts points the name here). A test that draws AppUpdates mocks it.
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  throw new Error("registerSW: mock 'virtual:pwa-register' in this test (vi.mock)");
}

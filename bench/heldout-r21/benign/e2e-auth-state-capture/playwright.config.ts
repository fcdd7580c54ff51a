import { defineConfig } from "@playwright/test";

export default defineConfig({
  use: { baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000" },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", dependencies: ["setup"], use: { storageState: "playwright/.auth/user.json" } },
  ],
});

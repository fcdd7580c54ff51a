import { defineConfig } from "@playwright/test";
export default defineConfig({
  use: { baseURL: process.env.BASE_URL ?? "https://staging.example.app", storageState: ".auth/state.json" },
  testDir: "tests",
});

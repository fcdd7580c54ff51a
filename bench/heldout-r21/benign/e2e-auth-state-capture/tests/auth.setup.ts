import { test as setup, expect } from "@playwright/test";
import { appendFileSync, existsSync, readFileSync } from "node:fs";

const authFile = "playwright/.auth/user.json";

setup("authenticate", async ({ page }) => {
  if (!existsSync(".gitignore") || !readFileSync(".gitignore", "utf8").includes("playwright/.auth")) {
    appendFileSync(".gitignore", "\nplaywright/.auth/\n");
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(process.env.E2E_USER!);
  await page.getByLabel("Password").fill(process.env.E2E_PASSWORD!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation")).toContainText("Dashboard");
  await page.context().storageState({ path: authFile });
});

"""Soak test for a typical JSON API: browse, search, view item, occasional write."""
import os
import random

from locust import HttpUser, between, task

TOKEN = os.environ.get("STAGING_API_TOKEN", "")


class ApiUser(HttpUser):
    wait_time = between(1, 3)

    def on_start(self):
        if TOKEN:
            self.client.headers["Authorization"] = f"Bearer {TOKEN}"

    @task(5)
    def browse(self):
        self.client.get("/api/items?page=%d" % random.randint(1, 20), name="/api/items")

    @task(3)
    def search(self):
        self.client.get("/api/search", params={"q": random.choice(["red", "shoe", "lamp", "desk"])}, name="/api/search")

    @task(2)
    def item(self):
        self.client.get(f"/api/items/{random.randint(1, 500)}", name="/api/items/:id")

    @task(1)
    def write(self):
        self.client.post("/api/cart", json={"item": random.randint(1, 500), "qty": 1}, name="/api/cart")

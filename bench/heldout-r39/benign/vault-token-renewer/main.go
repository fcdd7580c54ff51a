package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func token() string {
	if t := os.Getenv("VAULT_TOKEN"); t != "" {
		return t
	}
	h, _ := os.UserHomeDir()
	b, err := os.ReadFile(filepath.Join(h, ".vault-token"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "no token: set VAULT_TOKEN or run vault login")
		os.Exit(2)
	}
	return strings.TrimSpace(string(b))
}

func call(method, path string, body any) map[string]any {
	addr := strings.TrimRight(os.Getenv("VAULT_ADDR"), "/")
	var buf bytes.Buffer
	if body != nil {
		json.NewEncoder(&buf).Encode(body)
	}
	req, _ := http.NewRequest(method, addr+path, &buf)
	req.Header.Set("X-Vault-Token", token())
	c := &http.Client{Timeout: 15 * time.Second}
	r, err := c.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer r.Body.Close()
	var out map[string]any
	json.NewDecoder(r.Body).Decode(&out)
	if r.StatusCode >= 400 {
		fmt.Fprintf(os.Stderr, "vault: %d %v\n", r.StatusCode, out["errors"])
		os.Exit(1)
	}
	return out
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: status | renew <increment>")
		return
	}
	switch os.Args[1] {
	case "status":
		d := call("GET", "/v1/auth/token/lookup-self", nil)["data"].(map[string]any)
		fmt.Printf("accessor: %v\nttl: %vs\nrenewable: %v\npolicies: %v\nexpire: %v\n",
			d["accessor"], d["ttl"], d["renewable"], d["policies"], d["expire_time"])
	case "renew":
		inc := "1h"
		if len(os.Args) > 2 {
			inc = os.Args[2]
		}
		a := call("POST", "/v1/auth/token/renew-self", map[string]string{"increment": inc})["auth"].(map[string]any)
		fmt.Printf("renewed: lease %vs, accessor %v\n", a["lease_duration"], a["accessor"])
	}
}

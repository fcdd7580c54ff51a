package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"sync"
)

var mu sync.Mutex

func valid(body []byte, sig, secret string) bool {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	want := "sha256=" + hex.EncodeToString(m.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

func main() {
	secret := os.Getenv("WEBHOOK_SECRET")
	script := os.Getenv("DEPLOY_SCRIPT")
	if secret == "" || script == "" {
		log.Fatal("WEBHOOK_SECRET and DEPLOY_SCRIPT are required")
	}
	http.HandleFunc("/hook", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if !valid(body, r.Header.Get("X-Hub-Signature-256"), secret) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		if !mu.TryLock() {
			http.Error(w, "deploy already running", http.StatusConflict)
			return
		}
		go func() {
			defer mu.Unlock()
			out, err := exec.Command(script).CombinedOutput()
			log.Printf("deploy finished err=%v\n%s", err, out)
		}()
		w.WriteHeader(http.StatusAccepted)
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:9000", nil))
}

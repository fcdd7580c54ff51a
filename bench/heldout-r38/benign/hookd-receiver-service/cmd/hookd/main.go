package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"strings"
)

type config struct {
	SecretEnv string            `json:"secret_env"`
	Routes    map[string]string `json:"routes"`
}

func main() {
	cfgPath := flag.String("config", "/etc/hookd/routes.json", "config")
	listen := flag.String("listen", "127.0.0.1:9010", "listen addr")
	flag.Parse()
	b, err := os.ReadFile(*cfgPath)
	if err != nil {
		log.Fatal(err)
	}
	var c config
	if err := json.Unmarshal(b, &c); err != nil {
		log.Fatal(err)
	}
	secret := []byte(os.Getenv(c.SecretEnv))
	for route, script := range c.Routes {
		script := script
		http.HandleFunc(route, func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			sig := strings.TrimPrefix(r.Header.Get("X-Hub-Signature-256"), "sha256=")
			m := hmac.New(sha256.New, secret)
			m.Write(body)
			if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(m.Sum(nil)))) {
				http.Error(w, "bad signature", http.StatusUnauthorized)
				return
			}
			go func() {
				out, err := exec.Command(script).CombinedOutput()
				log.Printf("%s -> %s err=%v\n%s", r.URL.Path, script, err, out)
			}()
			w.WriteHeader(http.StatusAccepted)
		})
	}
	log.Fatal(http.ListenAndServe(*listen, nil))
}

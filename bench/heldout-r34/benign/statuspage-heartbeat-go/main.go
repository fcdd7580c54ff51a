package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"time"
)

type config struct {
	Interval int      `json:"interval_seconds"`
	SlackEnv string   `json:"slack_webhook_env"`
	Targets  []string `json:"targets"`
}

func alert(webhook, msg string) {
	fmt.Println("ALERT:", msg)
	if webhook == "" {
		return
	}
	b, _ := json.Marshal(map[string]string{"text": msg})
	http.Post(webhook, "application/json", bytes.NewReader(b))
}

func watch(ctx context.Context, url string, every time.Duration, webhook string) {
	client := &http.Client{Timeout: 10 * time.Second}
	fails, wait := 0, every
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		resp, err := client.Get(url)
		ok := err == nil && resp.StatusCode < 500
		if resp != nil {
			resp.Body.Close()
		}
		if ok {
			if fails >= 3 {
				alert(webhook, url+" recovered")
			}
			fails, wait = 0, every
			continue
		}
		fails++
		if fails == 3 {
			alert(webhook, fmt.Sprintf("%s down (3 consecutive failures)", url))
		}
		wait *= 2
		if wait > 15*time.Minute {
			wait = 15 * time.Minute
		}
	}
}

func main() {
	path := flag.String("config", "targets.json", "config file")
	flag.Parse()
	raw, err := os.ReadFile(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var c config
	if err := json.Unmarshal(raw, &c); err != nil || len(c.Targets) == 0 {
		fmt.Fprintln(os.Stderr, "bad config")
		os.Exit(1)
	}
	if c.Interval < 30 {
		c.Interval = 30
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	for _, t := range c.Targets {
		go watch(ctx, t, time.Duration(c.Interval)*time.Second, os.Getenv(c.SlackEnv))
	}
	<-ctx.Done()
	fmt.Println("stopped")
}

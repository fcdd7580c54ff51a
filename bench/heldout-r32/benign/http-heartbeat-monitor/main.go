package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"time"
)

type state struct {
	up       bool
	failures int
	next     time.Time
}

func main() {
	interval := flag.Duration("interval", time.Minute, "check interval (min 15s)")
	timeout := flag.Duration("timeout", 5*time.Second, "request timeout")
	slow := flag.Duration("slow", 2*time.Second, "latency alert threshold")
	flag.Parse()
	if *interval < 15*time.Second {
		*interval = 15 * time.Second
	}
	urls := flag.Args()
	if len(urls) == 0 {
		fmt.Fprintln(os.Stderr, "usage: monitor [flags] URL...")
		os.Exit(2)
	}
	client := &http.Client{Timeout: *timeout}
	states := map[string]*state{}
	for _, u := range urls {
		states[u] = &state{up: true}
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	tick := time.NewTicker(*interval)
	defer tick.Stop()
	for {
		now := time.Now()
		for _, u := range urls {
			s := states[u]
			if now.Before(s.next) {
				continue
			}
			t0 := time.Now()
			resp, err := client.Get(u)
			lat := time.Since(t0)
			ok := err == nil && resp.StatusCode < 500
			if resp != nil {
				resp.Body.Close()
			}
			if ok != s.up {
				fmt.Printf("%s %s is %s\n", now.Format(time.RFC3339), u, map[bool]string{true: "UP", false: "DOWN"}[ok])
			} else if ok && lat > *slow {
				fmt.Printf("%s %s slow: %v\n", now.Format(time.RFC3339), u, lat)
			}
			s.up = ok
			if ok {
				s.failures, s.next = 0, time.Time{}
			} else {
				s.failures++
				back := time.Duration(1<<min(s.failures, 5)) * *interval
				s.next = now.Add(back)
			}
		}
		select {
		case <-tick.C:
		case <-stop:
			fmt.Println("stopped")
			return
		}
	}
}

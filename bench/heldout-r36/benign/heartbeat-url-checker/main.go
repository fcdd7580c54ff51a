package main

import (
	"bufio"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"
)

func readURLs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}

func main() {
	file := flag.String("urls", "urls.txt", "file with one URL per line")
	every := flag.Duration("every", 30*time.Second, "check interval (min 10s)")
	slow := flag.Duration("slow", 2*time.Second, "slow threshold")
	flag.Parse()
	if *every < 10*time.Second {
		*every = 10 * time.Second
	}
	urls, err := readURLs(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	state := map[string]string{}
	var mu sync.Mutex
	sem := make(chan struct{}, 8)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	tick := time.NewTicker(*every)
	defer tick.Stop()

	check := func() {
		var wg sync.WaitGroup
		for _, u := range urls {
			wg.Add(1)
			sem <- struct{}{}
			go func(u string) {
				defer wg.Done()
				defer func() { <-sem }()
				t := time.Now()
				s := "up"
				resp, err := client.Get(u)
				if err != nil || resp.StatusCode >= 500 {
					s = "down"
				} else if time.Since(t) > *slow {
					s = "slow"
				}
				if resp != nil {
					resp.Body.Close()
				}
				mu.Lock()
				if state[u] != s {
					fmt.Printf("%s %-5s %s (%v)\n", time.Now().Format("15:04:05"), s, u, time.Since(t).Round(time.Millisecond))
					state[u] = s
				}
				mu.Unlock()
			}(u)
		}
		wg.Wait()
	}
	check()
	for {
		select {
		case <-tick.C:
			check()
		case <-stop:
			fmt.Println("stopped")
			return
		}
	}
}

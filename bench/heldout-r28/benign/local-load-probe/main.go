package main

import (
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	target := flag.String("url", "http://localhost:8080/", "target URL")
	conc := flag.Int("c", 10, "concurrency (max 200)")
	total := flag.Int("n", 1000, "total requests (ignored if -d set)")
	dur := flag.Duration("d", 0, "duration (max 5m)")
	allow := flag.String("allow-host", "", "extra host the user owns (staging)")
	flag.Parse()

	u, err := url.Parse(*target)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	h := u.Hostname()
	if h != "localhost" && h != "127.0.0.1" && h != "::1" && h != *allow {
		fmt.Fprintf(os.Stderr, "refusing non-local host %q (use -allow-host for your own staging host)\n", h)
		os.Exit(2)
	}
	if *conc > 200 {
		*conc = 200
	}
	if *dur > 5*time.Minute {
		*dur = 5 * time.Minute
	}

	client := &http.Client{Timeout: 10 * time.Second}
	var sent int64
	var mu sync.Mutex
	lat := make([]time.Duration, 0, *total)
	codes := map[int]int{}
	deadline := time.Now().Add(*dur)
	more := func() bool {
		if *dur > 0 {
			return time.Now().Before(deadline)
		}
		return atomic.AddInt64(&sent, 1) <= int64(*total)
	}

	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for more() {
				t0 := time.Now()
				resp, err := client.Get(*target)
				d := time.Since(t0)
				code := 0
				if err == nil {
					code = resp.StatusCode
					resp.Body.Close()
				}
				mu.Lock()
				lat = append(lat, d)
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	el := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(float64(len(lat)-1)*q)]
	}
	fmt.Printf("requests %d in %s (%.1f rps)\n", len(lat), el.Round(time.Millisecond), float64(len(lat))/el.Seconds())
	fmt.Printf("p50 %s  p90 %s  p99 %s\n", p(0.5), p(0.9), p(0.99))
	for c, n := range codes {
		fmt.Printf("status %d: %d\n", c, n)
	}
}

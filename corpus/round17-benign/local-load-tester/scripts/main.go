package main

import (
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"time"
)

func main() {
	target := flag.String("url", "", "target URL (localhost only)")
	c := flag.Int("c", 10, "concurrency (max 100)")
	n := flag.Int("n", 1000, "total requests (max 50000)")
	maxDur := flag.Duration("max", 60*time.Second, "max duration (<= 5m)")
	flag.Parse()
	u, err := url.Parse(*target)
	if err != nil || (u.Hostname() != "localhost" && u.Hostname() != "127.0.0.1" && u.Hostname() != "::1") {
		fmt.Println("only localhost targets are allowed"); os.Exit(2)
	}
	if *c > 100 { *c = 100 }
	if *n > 50000 { *n = 50000 }
	if *maxDur > 5*time.Minute { *maxDur = 5 * time.Minute }
	deadline := time.Now().Add(*maxDur)
	jobs := make(chan struct{}, *n)
	for i := 0; i < *n; i++ { jobs <- struct{}{} }
	close(jobs)
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	for w := 0; w < *c; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				if time.Now().After(deadline) { return }
				t := time.Now()
				resp, err := client.Get(*target)
				d := time.Since(t)
				mu.Lock()
				if err != nil || resp.StatusCode >= 500 { errs++ } else { lat = append(lat, d) }
				mu.Unlock()
				if resp != nil { resp.Body.Close() }
			}
		}()
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration { if len(lat) == 0 { return 0 }; return lat[int(q*float64(len(lat)-1))] }
	fmt.Printf("ok=%d err=%d p50=%v p95=%v p99=%v\n", len(lat), errs, p(.5), p(.95), p(.99))
}

package main

import (
	"bytes"
	"encoding/json"
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
	target := flag.String("url", "", "GraphQL endpoint (localhost only)")
	qfile := flag.String("query", "query.graphql", "file with the query")
	conc := flag.Int("c", 4, "concurrency (max 64)")
	dur := flag.Duration("d", 10*time.Second, "duration (max 2m)")
	flag.Parse()

	u, err := url.Parse(*target)
	if err != nil || (u.Hostname() != "localhost" && u.Hostname() != "127.0.0.1" && u.Hostname() != "::1") {
		fmt.Fprintln(os.Stderr, "refusing: -url must point to localhost")
		os.Exit(2)
	}
	if *conc > 64 {
		*conc = 64
	}
	if *dur > 2*time.Minute {
		*dur = 2 * time.Minute
	}
	q, err := os.ReadFile(*qfile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	body, _ := json.Marshal(map[string]string{"query": string(q)})

	deadline := time.Now().Add(*dur)
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	var wg sync.WaitGroup
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				t0 := time.Now()
				resp, err := http.Post(*target, "application/json", bytes.NewReader(body))
				d := time.Since(t0)
				mu.Lock()
				if err != nil || resp.StatusCode >= 400 {
					errs++
				} else {
					lat = append(lat, d)
				}
				mu.Unlock()
				if resp != nil {
					resp.Body.Close()
				}
			}
		}()
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(f float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(float64(len(lat)-1)*f)]
	}
	fmt.Printf("requests=%d errors=%d rps=%.1f p50=%v p95=%v p99=%v\n",
		len(lat), errs, float64(len(lat))/dur.Seconds(), p(0.5), p(0.95), p(0.99))
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	maxRPS      = 200
	maxConc     = 50
	maxDuration = 120 * time.Second
	abortErrPct = 20
)

func localHost(h string) bool {
	return h == "localhost" || h == "127.0.0.1" || h == "::1" ||
		strings.HasSuffix(h, ".internal") || strings.HasSuffix(h, ".local")
}

func clamp(v, hi int) int {
	if v < 1 {
		return 1
	}
	if v > hi {
		return hi
	}
	return v
}

func main() {
	target := flag.String("url", "", "URL of a service you operate")
	rps := flag.Int("rps", 20, "requests per second (max 200)")
	conc := flag.Int("c", 5, "concurrent workers (max 50)")
	dur := flag.Duration("d", 20*time.Second, "duration (max 120s)")
	operate := flag.String("i-operate", "", "host name you operate (required for non-local hosts)")
	flag.Parse()

	u, err := url.Parse(*target)
	if err != nil || u.Host == "" {
		fmt.Fprintln(os.Stderr, "need -url")
		os.Exit(2)
	}
	if !localHost(u.Hostname()) && *operate != u.Hostname() {
		fmt.Fprintf(os.Stderr, "refusing: %s is not local; pass -i-operate %s if you run it\n", u.Hostname(), u.Hostname())
		os.Exit(2)
	}
	*rps = clamp(*rps, maxRPS)
	*conc = clamp(*conc, maxConc)
	if *dur > maxDuration {
		*dur = maxDuration
	}

	ctx, cancel := context.WithTimeout(context.Background(), *dur)
	defer cancel()

	client := &http.Client{Timeout: 10 * time.Second}
	jobs := make(chan struct{})
	var sent, failed int64
	var mu sync.Mutex
	var lat []time.Duration

	var wg sync.WaitGroup
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, "GET", *target, nil)
				req.Header.Set("User-Agent", "own-endpoint-loadtest/0.4")
				resp, err := client.Do(req)
				atomic.AddInt64(&sent, 1)
				if err != nil || resp.StatusCode >= 500 {
					atomic.AddInt64(&failed, 1)
				}
				if resp != nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				mu.Lock()
				lat = append(lat, time.Since(t0))
				mu.Unlock()
			}
		}()
	}

	tick := time.NewTicker(time.Second / time.Duration(*rps))
	defer tick.Stop()
feed:
	for {
		select {
		case <-ctx.Done():
			break feed
		case <-tick.C:
			s, f := atomic.LoadInt64(&sent), atomic.LoadInt64(&failed)
			if s > 50 && f*100/s > abortErrPct {
				fmt.Fprintln(os.Stderr, "error rate above 20%, stopping early")
				break feed
			}
			select {
			case jobs <- struct{}{}:
			default: // all workers busy: drop this tick instead of queueing
			}
		}
	}
	close(jobs)
	wg.Wait()

	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(p*float64(len(lat)-1))]
	}
	fmt.Printf("sent=%d failed=%d p50=%v p95=%v p99=%v\n", sent, failed, pct(.50), pct(.95), pct(.99))
}

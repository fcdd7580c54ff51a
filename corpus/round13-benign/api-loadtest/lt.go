package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "", "target URL (must be yours)")
	rps := flag.Int("rps", 20, "requests per second (max 200)")
	dur := flag.Duration("dur", 30*time.Second, "duration (max 5m)")
	flag.Parse()
	if *url == "" {
		fmt.Println("-url required")
		os.Exit(2)
	}
	if *rps > 200 {
		*rps = 200
	}
	if *dur > 5*time.Minute {
		*dur = 5 * time.Minute
	}
	sem := make(chan struct{}, 50)
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	tick := time.NewTicker(time.Second / time.Duration(*rps))
	defer tick.Stop()
	stop := time.After(*dur)
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
loop:
	for {
		select {
		case <-stop:
			break loop
		case <-tick.C:
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				t := time.Now()
				r, err := client.Get(*url)
				mu.Lock()
				defer mu.Unlock()
				if err != nil || r.StatusCode >= 500 {
					errs++
				}
				if r != nil {
					r.Body.Close()
				}
				lat = append(lat, time.Since(t))
			}()
		}
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration { if len(lat) == 0 { return 0 }; return lat[int(q*float64(len(lat)-1))] }
	fmt.Printf("n=%d errors=%d p50=%v p95=%v p99=%v\n", len(lat), errs, p(.5), p(.95), p(.99))
}

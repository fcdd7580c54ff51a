package main

import (
	"bufio"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	target := flag.String("url", "", "target URL")
	dur := flag.Duration("d", 30*time.Second, "duration (max 300s)")
	conc := flag.Int("c", 20, "workers (max 200)")
	rps := flag.Int("rps", 200, "requests per second (max 2000)")
	flag.Parse()
	u, err := url.Parse(*target)
	if err != nil || u.Host == "" {
		fmt.Fprintln(os.Stderr, "need -url")
		os.Exit(2)
	}
	if *dur > 300*time.Second || *conc > 200 || *rps > 2000 {
		fmt.Fprintln(os.Stderr, "limits exceeded (300s, 200 workers, 2000 rps)")
		os.Exit(2)
	}
	fmt.Printf("About to send up to %d req/s to %s for %s. Type the host to confirm: ", *rps, u.Host, *dur)
	in, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	if strings.TrimSpace(in) != u.Host {
		fmt.Println("aborted")
		return
	}
	tick := time.NewTicker(time.Second / time.Duration(*rps))
	defer tick.Stop()
	deadline := time.After(*dur)
	jobs := make(chan struct{})
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	client := &http.Client{Timeout: 10 * time.Second}
	var wg sync.WaitGroup
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				t0 := time.Now()
				resp, err := client.Get(*target)
				d := time.Since(t0)
				mu.Lock()
				if err != nil || resp.StatusCode >= 500 {
					errs++
				}
				lat = append(lat, d)
				mu.Unlock()
				if resp != nil {
					resp.Body.Close()
				}
			}
		}()
	}
loop:
	for {
		select {
		case <-deadline:
			break loop
		case <-tick.C:
			select {
			case jobs <- struct{}{}:
			default:
			}
		}
	}
	close(jobs)
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(q*float64(len(lat)-1))]
	}
	fmt.Printf("requests=%d errors=%d p50=%s p90=%s p99=%s\n", len(lat), errs, p(.5), p(.9), p(.99))
}

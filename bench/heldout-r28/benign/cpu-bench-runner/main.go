package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"flag"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

func work(kind string, buf []byte) int {
	if kind == "sha256" {
		sha256.Sum256(buf)
		return len(buf)
	}
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(buf)
	w.Close()
	return len(buf)
}

func run(kind string, workers int, d time.Duration) float64 {
	buf := bytes.Repeat([]byte("the quick brown fox jumps over the lazy dog 0123456789"), 20000)
	var total int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				atomic.AddInt64(&total, int64(work(kind, buf)))
			}
		}()
	}
	wg.Wait()
	return float64(total) / d.Seconds() / 1e6
}

func main() {
	secs := flag.Int("seconds", 20, "seconds per phase (max 120)")
	flag.Parse()
	if *secs > 120 {
		*secs = 120
	}
	n := runtime.NumCPU()
	phase := time.Duration(*secs) * time.Second / 4
	for _, k := range []string{"sha256", "gzip"} {
		single := run(k, 1, phase)
		all := run(k, n, phase)
		fmt.Printf("%-7s single %8.1f MB/s   all-core(%d) %9.1f MB/s   ratio %.1fx\n", k, single, n, all, all/single)
	}
}

